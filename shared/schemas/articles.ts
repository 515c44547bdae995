import * as z from 'zod';
import { zId } from './common';
import { zBit } from './columns';
import { zSafeUrl, zSchoolRef } from './home-setting';

/**
 * Articles (spec 3 'Article', 4 'Article: drafted, published, moved, pinned to top'): status 0 draft,
 * 1 published. Students see published ones only: pinned first, then position, then newest.
 */

export const ARTICLE_TITLE_MAX = 100;
export const ARTICLE_CONTENT_MAX = 500_000;
/** Characters of text in a list item's summary. */
export const ARTICLE_SUMMARY_CHARS = 120;
export const ARTICLE_PAGE_MAX = 50;
export const ARTICLE_STATUS = { draft: 0, published: 1 } as const;

const title = z.string().trim().min(1, 'is required').max(ARTICLE_TITLE_MAX);

/** POST article/new: a draft. */
export const zNewArticle = z.object({
  title,
  content: z.string().max(ARTICLE_CONTENT_MAX).default(''),
  img: zSafeUrl.default(''),
});
/** POST article/save: the fields given replace the article's. */
export const zUpdateArticle = z.object({
  aid: zId,
  title: title.optional(),
  content: z.string().max(ARTICLE_CONTENT_MAX).optional(),
  img: zSafeUrl.optional(),
});
export type UpdateArticle = z.output<typeof zUpdateArticle>;
export const zPublishArticle = z.object({ aid: zId, status: zBit });
export const zPinArticle = z.object({ aid: zId, pinned: zBit });
/** POST article/move: to a 0-based position in the school's order (clamped to the end). */
export const zMoveArticle = z.object({ aid: zId, position: z.coerce.number().int().min(0).max(1_000_000) });
export const zDeleteArticles = z.object({ aids: z.array(zId).min(1).max(500) });
/** POST article/delete answers how many went. */
export const zArticlesDeleted = z.object({ deleted: z.number().int() });

/** GET article/admin/list {page, num, status?}. */
export const zArticleAdminListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  num: z.coerce.number().int().min(1).max(100).default(20),
  status: zBit.optional(),
});

/** GET article/list {uid, status, page, num}: 'Get article list' (spec 7; home page: page 1, num 5, status 1). */
export const zArticleListQuery = z.object({
  uid: zSchoolRef.optional(),
  status: zBit.default(1),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  num: z.coerce.number().int().min(1).max(ARTICLE_PAGE_MAX).default(5),
});

export const zArticleParams = z.object({ aid: zId });

/** An article in a list; created is 'yyyy-MM-dd HH:mm:ss', summary the first characters of its text. */
export const zArticleItem = z.object({
  aid: z.string(),
  title: z.string(),
  img: z.string(),
  created: z.string(),
  pinned: z.boolean(),
  summary: z.string(),
});
export type ArticleItem = z.infer<typeof zArticleItem>;
export const zArticleList = z.object({ list: z.array(zArticleItem), total: z.number().int() });

export const zAdminArticleItem = zArticleItem.extend({
  status: z.number().int(),
  position: z.number().int(),
  updated: z.string(),
});
export const zAdminArticleList = z.object({ list: z.array(zAdminArticleItem), total: z.number().int() });

/** GET article/info/{aid}: the article with its (sanitised) content. */
export const zArticle = zAdminArticleItem.extend({ content: z.string() });
export type Article = z.infer<typeof zArticle>;
