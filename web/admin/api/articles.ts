import type { z } from 'zod';
import type { Article, zAdminArticleList, zUpdateArticle } from '../../../shared/schemas/articles';
import { call } from '../../api/client';

export type AdminArticleList = z.infer<typeof zAdminArticleList>;
export type ArticleUpdate = z.input<typeof zUpdateArticle>;

/** GET article/admin/list: status 0 drafts, 1 published, undefined all. */
export const listArticles = (page: number, num: number, status?: 0 | 1) => call<AdminArticleList>('article/admin/list', { query: { page, num, status } });
export const articleInfo = (aid: string) => call<Article>(`article/info/${aid}`);
/** POST article/new: a draft. */
export const newArticle = (title: string) => call<Article>('article/new', { method: 'POST', body: { title } });
export const saveArticle = (input: ArticleUpdate) => call<Article>('article/save', { method: 'POST', body: input });
export const publishArticle = (aid: string, published: boolean) => call<Article>('article/publish', { method: 'POST', body: { aid, status: published ? 1 : 0 } });
export const pinArticle = (aid: string, pinned: boolean) => call<Article>('article/pin', { method: 'POST', body: { aid, pinned: pinned ? 1 : 0 } });
/** POST article/move: to a 0-based position in the school's order. */
export const moveArticle = (aid: string, position: number) => call<Article>('article/move', { method: 'POST', body: { aid, position } });
export const deleteArticles = (aids: string[]) => call<{ deleted: number }>('article/delete', { method: 'POST', body: { aids } });
