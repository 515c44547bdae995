import type { z } from 'zod';
import type { AdminComment, zAdminCommentList, zCommentSettingOut } from '../../../shared/schemas/comments';
import { call } from '../../api/client';

export type { AdminComment };
export type AdminCommentList = z.infer<typeof zAdminCommentList>;
/** The query of a/comment/list (shared/schemas/comments zAdminCommentQuery). */
export interface AdminCommentQuery {
  page: number;
  num: number;
  coid?: string;
  keyword?: string;
  hidden?: 0 | 1;
}
export type CommentSetting = z.infer<typeof zCommentSettingOut>;

/** SWR key heads of the comments screen. */
export const COMMENTS_KEY = 'a/comment/list';
export const COMMENT_SETTING_KEY = 'a/comment/setting';

/** GET a/comment/list {page, num, coid?, keyword?, hidden?}: the school's comments, newest first. */
export const listAdminComments = (query: AdminCommentQuery) =>
  call<AdminCommentList>('a/comment/list', { query: { ...query, keyword: query.keyword || undefined } });
/** POST a/comment/reply {cmid, text}: answers under the comment with the administrator's name. */
export const replyToComment = (cmid: string, text: string) => call<AdminComment>('a/comment/reply', { method: 'POST', body: { cmid, text } });
/** POST a/comment/hide {cmids, hidden}. */
export const hideComments = (cmids: string[], hidden: boolean) => call<{ changed: number }>('a/comment/hide', { method: 'POST', body: { cmids, hidden: hidden ? 1 : 0 } });
/** POST a/comment/delete {cmids}: comments with their replies. */
export const deleteComments = (cmids: string[]) => call<{ deleted: number }>('a/comment/delete', { method: 'POST', body: { cmids } });
export const getCommentSetting = () => call<CommentSetting>('a/comment/setting');
export const saveCommentSetting = (noAllowComment: boolean) => call<CommentSetting>('a/comment/setting', { method: 'POST', body: { noAllowComment } });
