/**
 * The comment calls of the course page (spec 7 'Comments': get by course with page and page size, get
 * replies, add ware comment; comment/prise). Shapes come from shared/schemas/comments.
 */
import type { z } from 'zod';
import type { Comment, CommentList, zPriseReply } from '../../../../shared/schemas/comments';
import { call } from '../../../api/client';

export type { Comment, CommentList };
export type PriseReply = z.infer<typeof zPriseReply>;

/** GET comment/list {coid, page, num}: newest first, with the viewer's noAllowComment, bought and canComment. */
export const getComments = (coid: string, page: number, num: number) => call<CommentList>('comment/list', { query: { coid, page, num } });

/** POST comment/add {coid, text} (the server derives the spec's other fields). */
export const addComment = (coid: string, text: string) => call<Comment>('comment/add', { method: 'POST', body: { coid, text } });

/** POST comment/prise {cmid}: like, or take the like back. */
export const priseComment = (cmid: string) => call<PriseReply>('comment/prise', { method: 'POST', body: { cmid } });

/** POST comment/delete {cmid}: the student's own comment. */
export const deleteComment = (cmid: string) => call<{ deleted: number }>('comment/delete', { method: 'POST', body: { cmid } });
