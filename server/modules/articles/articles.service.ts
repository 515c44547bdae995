import type { z } from 'zod';
import {
  ARTICLE_STATUS,
  type Article,
  type ArticleItem,
  type UpdateArticle,
  type zArticleAdminListQuery,
} from '../../../shared/schemas/articles';
import type { AppContext, Auth } from '../../context';
import { notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { isSchoolAdmin } from '../schools/viewer';
import * as repo from './articles.repository';
import { toAdminArticleItem, toArticle, toArticleItem } from './articles.presenter';

const NOT_FOUND = 'article not found';

/** The school's article (any status) for the back office, or 404. */
function schoolArticle(ctx: AppContext, schoolId: string, aid: string): repo.ArticleRow {
  const row = repo.findSchoolArticle(ctx.db, schoolId, aid);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Applies a change to one of the school's articles, drops the school's cached replies and answers the article. */
function change(
  ctx: AppContext,
  schoolId: string,
  aid: string,
  set: Parameters<typeof repo.updateArticle>[2],
): Article {
  schoolArticle(ctx, schoolId, aid);
  repo.updateArticle(ctx.db, aid, { ...set, updatedAt: ctx.now() });
  ctx.catalogueCache.bump(schoolId);
  return toArticle(schoolArticle(ctx, schoolId, aid));
}

/** POST article/new: a draft, first in the school's order; content sanitised. */
export function createArticle(
  ctx: AppContext,
  schoolId: string,
  input: { title: string; content: string; img: string },
): Article {
  const id = ctx.ids.next();
  const now = ctx.now();
  ctx.db.transaction((tx) => {
    repo.insertArticleFirst(tx, {
      id,
      schoolId,
      title: input.title,
      content: sanitizeRichText(input.content),
      img: input.img,
      status: ARTICLE_STATUS.draft,
      pinned: false,
      createdAt: now,
      updatedAt: now,
    });
  });
  ctx.catalogueCache.bump(schoolId);
  return toArticle(schoolArticle(ctx, schoolId, id));
}

/** POST article/save: replaces the fields given; content sanitised. */
export function saveArticle(ctx: AppContext, schoolId: string, input: UpdateArticle): Article {
  return change(ctx, schoolId, input.aid, {
    title: input.title,
    img: input.img,
    content: input.content === undefined ? undefined : sanitizeRichText(input.content),
  });
}

/** POST article/publish: status 1 published, 0 back to draft. */
export function publishArticle(ctx: AppContext, schoolId: string, aid: string, status: number): Article {
  return change(ctx, schoolId, aid, { status });
}

/** POST article/pin: pinned articles come first. */
export function pinArticle(ctx: AppContext, schoolId: string, aid: string, pinned: number): Article {
  return change(ctx, schoolId, aid, { pinned: pinned === 1 });
}

/** POST article/move: to a 0-based position in the school's order (clamped to the end); positions stay dense. */
export function moveArticle(ctx: AppContext, schoolId: string, aid: string, position: number): Article {
  ctx.db.transaction((tx) => {
    if (!repo.findSchoolArticle(tx, schoolId, aid)) throw notFound(NOT_FOUND);
    const ids = repo.orderedArticleIds(tx, schoolId).filter((id) => id !== aid);
    ids.splice(Math.min(position, ids.length), 0, aid);
    repo.renumberArticles(tx, ids);
  });
  ctx.catalogueCache.bump(schoolId);
  return toArticle(schoolArticle(ctx, schoolId, aid));
}

/** POST article/delete: deletes every one of them, or none when any is not the school's (404); positions stay dense. */
export function deleteArticles(ctx: AppContext, schoolId: string, aids: string[]): { deleted: number } {
  const unique = [...new Set(aids)];
  ctx.db.transaction((tx) => {
    if (repo.countSchoolArticles(tx, schoolId, unique) !== unique.length) throw notFound(NOT_FOUND);
    repo.deleteArticles(tx, schoolId, unique);
    repo.renumberArticles(tx, repo.orderedArticleIds(tx, schoolId));
  });
  ctx.catalogueCache.bump(schoolId);
  return { deleted: unique.length };
}

/** GET article/admin/list: the school's articles of a status (or all), in the students' order. */
export function adminArticles(ctx: AppContext, schoolId: string, query: z.output<typeof zArticleAdminListQuery>) {
  const { rows, total } = repo.listArticles(ctx.db, {
    schoolId,
    status: query.status,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { list: rows.map(toAdminArticleItem), total };
}

/** The status a viewer may list: any for an administrator of the school with the userpage permission, else published only. */
export function listableStatus(ctx: AppContext, auth: Auth, schoolId: string, asked: number): number {
  return isSchoolAdmin(ctx, auth, schoolId, 'userpage') ? asked : ARTICLE_STATUS.published;
}

/** GET article/list: a page of the school's articles of the status, pinned first, then position, then newest. */
export function publicArticles(
  ctx: AppContext,
  schoolId: string,
  status: number,
  page: number,
  num: number,
): { list: ArticleItem[]; total: number } {
  const { rows, total } = repo.listArticles(ctx.db, { schoolId, status, limit: num, offset: (page - 1) * num });
  return { list: rows.map(toArticleItem), total };
}

/** GET article/info/{aid}: a published article, or any of its school's for an administrator with the userpage permission; else 404. */
export function articleInfo(ctx: AppContext, auth: Auth, aid: string): Article {
  const row = repo.findArticle(ctx.db, aid);
  if (!row) throw notFound(NOT_FOUND);
  if (row.status !== ARTICLE_STATUS.published && !isSchoolAdmin(ctx, auth, row.schoolId, 'userpage'))
    throw notFound(NOT_FOUND);
  return toArticle(row);
}
