import * as z from 'zod';
import { COMMENT_MAX } from '../constants';
import { zCode, zId } from './common';
import { zBit } from './columns';

/**
 * Course comments and replies (spec 3 'Comment', 7 'Comments', 9 page size 10 and COMMENT_MAX).
 *
 * A Comment is {cmid, cid, pid, coid, title, text, name, count, time, reply}: cid is the chapter commented
 * on ('0' for the course itself), pid the school (the spec's parent id), title the course's title, name
 * the author's name, count the likes (comment/prise), time epoch seconds, reply the administrators'
 * replies. A reply carries cid equal to its comment's cmid (spec 3). Besides the spec's fields every item
 * says whether the viewer liked it, whether it is the viewer's own, and who wrote it (student or admin).
 *
 * The spec's list is "JSON text"; here list and reply are JSON arrays inside the envelope (one parse,
 * typed by these schemas). A client of the old shape would JSON.stringify them.
 */

/** Spec 9: comments page size 10. */
export const COMMENT_PAGE_SIZE = 10;
export const COMMENT_PAGE_MAX = 50;
export const ADMIN_COMMENT_PAGE_MAX = 100;
/**
 * The most UTF-16 units a comment's text may arrive with: the rule counts code points after cleaning
 * (shared/rules/comments), so the schema only bounds the payload and the service answers moreWordAlert.
 */
export const COMMENT_INPUT_MAX = COMMENT_MAX * 4;
/** At most this many comments a minute per student (not in the spec: flood guard) → 429. */
export const COMMENT_RATE = { perMinute: 5, windowMs: 60_000 } as const;

/** Stable error strings of the comment calls: the rule's keys, plus the switch of spec 3 'Student settings'. */
export const COMMENT_ERRORS = {
  notFound: 'comment not found',
  closed: 'noAllowComment',
} as const;

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET comment/list {coid, page, num}: coid is the course id or its encoded code; page is 1-based. */
export const zCommentListQuery = z.object({
  coid: zCode,
  page,
  num: z.coerce.number().int().min(1).max(COMMENT_PAGE_MAX).default(COMMENT_PAGE_SIZE),
});

/** GET comment/reply {coid}. */
export const zCommentRepliesQuery = z.object({ coid: zCode });

const ignored = (what: string) =>
  z.unknown().optional().describe(`${what}: accepted and ignored (the server derives it)`);

/**
 * POST comment/add: 'add ware comment' (spec 7) {coid, cid?, text}; the spec's other fields (pid, title,
 * name, count, time) are accepted and ignored. cid is a chapter of the course, '0' (default) for the course.
 */
export const zAddComment = z.object({
  coid: zCode,
  cid: zId.default('0'),
  text: z.string().max(COMMENT_INPUT_MAX, `must be at most ${COMMENT_MAX} characters`),
  pid: ignored('pid'),
  title: ignored('title'),
  name: ignored('name'),
  count: ignored('count'),
  time: ignored('time'),
});
export type AddComment = z.output<typeof zAddComment>;

/** POST comment/prise and comment/delete {cmid}. */
export const zCommentRef = z.object({ cmid: zId });

/** A reply (cid = its comment's cmid) or, with reply, a comment. */
export const zCommentReply = z.object({
  cmid: z.string(),
  cid: z.string(),
  pid: z.string(),
  coid: z.string(),
  title: z.string(),
  text: z.string(),
  name: z.string(),
  /** Likes. */
  count: z.number().int(),
  /** Epoch seconds. */
  time: z.number().int(),
  role: z.enum(['student', 'admin']),
  liked: z.boolean(),
  mine: z.boolean(),
});
export type CommentReply = z.infer<typeof zCommentReply>;

export const zComment = zCommentReply.extend({ reply: z.array(zCommentReply) });
export type Comment = z.infer<typeof zComment>;

/**
 * comment/list reply: newest first, hidden comments and replies left out. noAllowComment is the school's
 * switch (commenting hidden); bought whether the viewer has the course for commenting
 * (shared/rules/comments commentOwnership); canComment whether a non-empty comment would be taken.
 */
export const zCommentList = z.object({
  list: z.array(zComment),
  total: z.number().int(),
  page: z.number().int(),
  num: z.number().int(),
  noAllowComment: z.boolean(),
  bought: z.boolean(),
  canComment: z.boolean(),
});
export type CommentList = z.infer<typeof zCommentList>;

export const zCommentReplies = z.object({ reply: z.array(zCommentReply) });

export const zPriseReply = z.object({ cmid: z.string(), count: z.number().int(), liked: z.boolean() });
export const zDeletedReply = z.object({ deleted: z.number().int() });

// ---- Back office (permission course) ----

/** GET a/comment/list {page, num, coid?, keyword?, hidden?}: the school's comments, newest first. */
export const zAdminCommentQuery = z.object({
  page,
  num: z.coerce.number().int().min(1).max(ADMIN_COMMENT_PAGE_MAX).default(20),
  coid: zId.optional(),
  keyword: z.string().trim().max(100).optional(),
  hidden: zBit.optional(),
});
export type AdminCommentQuery = z.output<typeof zAdminCommentQuery>;

export const zAdminCommentReply = z.object({
  cmid: z.string(),
  text: z.string(),
  name: z.string(),
  role: z.enum(['student', 'admin']),
  time: z.number().int(),
  count: z.number().int(),
  hidden: z.boolean(),
});

export const zAdminComment = zAdminCommentReply.extend({
  coid: z.string(),
  /** The course's title. */
  title: z.string(),
  /** The chapter commented on, '0' for the course; chapterTitle '' then. */
  cid: z.string(),
  chapterTitle: z.string(),
  reply: z.array(zAdminCommentReply),
});
export type AdminComment = z.infer<typeof zAdminComment>;
export const zAdminCommentList = z.object({ list: z.array(zAdminComment), total: z.number().int() });

/** POST a/comment/reply {cmid, text}: an administrator's reply to a comment. */
export const zAdminReplyInput = z.object({
  cmid: zId,
  text: z.string().max(COMMENT_INPUT_MAX, `must be at most ${COMMENT_MAX} characters`),
});
const cmids = z.array(zId).min(1).max(ADMIN_COMMENT_PAGE_MAX);
/** POST a/comment/hide {cmids, hidden}: comments or replies. */
export const zHideComments = z.object({ cmids, hidden: zBit });
/** POST a/comment/delete {cmids}: comments (with their replies) or replies. */
export const zDeleteComments = z.object({ cmids });
/** GET/POST a/comment/setting {noAllowComment} (spec 3 'Student settings'). */
export const zCommentSetting = z.object({
  noAllowComment: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean),
});
export const zCommentSettingOut = z.object({ noAllowComment: z.boolean() });
export const zChangedReply = z.object({ changed: z.number().int() });
