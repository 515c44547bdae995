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
async function schoolArticle(ctx: AppContext, schoolId: string, aid: string): Promise<repo.ArticleRow> {
  const row = await repo.findSchoolArticle(ctx.db, schoolId, aid);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Applies a change to one of the school's articles, drops the school's cached replies and answers the article. */
async function change(
  ctx: AppContext,
  schoolId: string,
  aid: string,
  set: Parameters<typeof repo.updateArticle>[2],
): Promise<Article> {
  await schoolArticle(ctx, schoolId, aid);
  await repo.updateArticle(ctx.db, aid, { ...set, updatedAt: ctx.now() });
  ctx.catalogueCache.bump(schoolId);
  return toArticle(await schoolArticle(ctx, schoolId, aid));
}

/** POST article/new: a draft, first in the school's order; content sanitised. */
export async function createArticle(
  ctx: AppContext,
  schoolId: string,
  input: { title: string; content: string; img: string },
): Promise<Article> {
  const id = ctx.ids.next();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.insertArticleFirst(tx, {
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
  return toArticle(await schoolArticle(ctx, schoolId, id));
}

/** POST article/save: replaces the fields given; content sanitised. */
export async function saveArticle(ctx: AppContext, schoolId: string, input: UpdateArticle): Promise<Article> {
  return await change(ctx, schoolId, input.aid, {
    title: input.title,
    img: input.img,
    content: input.content === undefined ? undefined : sanitizeRichText(input.content),
  });
}

/** POST article/publish: status 1 published, 0 back to draft. */
export async function publishArticle(ctx: AppContext, schoolId: string, aid: string, status: number): Promise<Article> {
  return await change(ctx, schoolId, aid, { status });
}

/** POST article/pin: pinned articles come first. */
export async function pinArticle(ctx: AppContext, schoolId: string, aid: string, pinned: number): Promise<Article> {
  return await change(ctx, schoolId, aid, { pinned: pinned === 1 });
}

/** POST article/move: to a 0-based position in the school's order (clamped to the end); positions stay dense. */
export async function moveArticle(ctx: AppContext, schoolId: string, aid: string, position: number): Promise<Article> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findSchoolArticle(tx, schoolId, aid))) throw notFound(NOT_FOUND);
    const ids = (await repo.orderedArticleIds(tx, schoolId)).filter((id) => id !== aid);
    ids.splice(Math.min(position, ids.length), 0, aid);
    await repo.renumberArticles(tx, ids);
  });
  ctx.catalogueCache.bump(schoolId);
  return toArticle(await schoolArticle(ctx, schoolId, aid));
}

/** POST article/delete: deletes every one of them, or none when any is not the school's (404); positions stay dense. */
export async function deleteArticles(ctx: AppContext, schoolId: string, aids: string[]): Promise<{ deleted: number }> {
  const unique = [...new Set(aids)];
  await ctx.db.transaction(async (tx) => {
    if ((await repo.countSchoolArticles(tx, schoolId, unique)) !== unique.length) throw notFound(NOT_FOUND);
    await repo.deleteArticles(tx, schoolId, unique);
    await repo.renumberArticles(tx, await repo.orderedArticleIds(tx, schoolId));
  });
  ctx.catalogueCache.bump(schoolId);
  return { deleted: unique.length };
}

/** GET article/admin/list: the school's articles of a status (or all), in the students' order. */
export async function adminArticles(ctx: AppContext, schoolId: string, query: z.output<typeof zArticleAdminListQuery>) {
  const { rows, total } = await repo.listArticles(ctx.db, {
    schoolId,
    status: query.status,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { list: rows.map(toAdminArticleItem), total };
}

/** The status a viewer may list: any for an administrator of the school with the userpage permission, else published only. */
export async function listableStatus(ctx: AppContext, auth: Auth, schoolId: string, asked: number): Promise<number> {
  return (await isSchoolAdmin(ctx, auth, schoolId, 'userpage')) ? asked : ARTICLE_STATUS.published;
}

/** GET article/list: a page of the school's articles of the status, pinned first, then position, then newest. */
export async function publicArticles(
  ctx: AppContext,
  schoolId: string,
  status: number,
  page: number,
  num: number,
): Promise<{ list: ArticleItem[]; total: number }> {
  const { rows, total } = await repo.listArticles(ctx.db, { schoolId, status, limit: num, offset: (page - 1) * num });
  return { list: rows.map(toArticleItem), total };
}

/** GET article/info/{aid}: a published article, or any of its school's for an administrator with the userpage permission; else 404. */
export async function articleInfo(ctx: AppContext, auth: Auth, aid: string): Promise<Article> {
  const row = await repo.findArticle(ctx.db, aid);
  if (!row) throw notFound(NOT_FOUND);
  if (row.status !== ARTICLE_STATUS.published && !(await isSchoolAdmin(ctx, auth, row.schoolId, 'userpage')))
    throw notFound(NOT_FOUND);
  return toArticle(row);
}
