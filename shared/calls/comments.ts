/**
 * Course comments (spec 3 'Comment', 5 'Course comment', 7 comment/*, comment/prise) and their back office
 * (permission course).
 */
import * as s from '../schemas/comments';
import { defineCall } from '../contract';

const tags = ['comments'];
const adminTags = ['comments (back office)'];
const access = { admin: 'course' } as const;

const REFUSALS =
  "Refusals carry the rule's key as error and {key, message, field?} as data (shared/rules/comments): " +
  '400 emptyComment / moreWordAlert (more than 256 characters, counted as code points after trimming), ' +
  '401 no login, 403 graCommentTip (course not bought), 403 addCommentAlert (the owner or any administrator: ' +
  "请使用学员账号进行操作！), 403 noAllowComment (the school's switch), 429 at more than 5 a minute.";

export const commentCalls = {
  // The reads are public: the course opens as for course/info, which the service decides from the viewer.
  list: defineCall({
    method: 'GET',
    path: 'comment/list',
    access: 'public',
    tags,
    summary:
      'Get comments by course with page and page size (spec 7): newest first, 10 a page by default, each with ' +
      'its replies; hidden ones never listed. The spec\'s "JSON text list" is a JSON array here. The course ' +
      'opens as for course/info (404 unpublished or deleted, 401 private for a guest). noAllowComment, bought ' +
      'and canComment tell the page whether to show the comment box.',
    query: s.zCommentListQuery,
    reply: s.zCommentList,
  }),
  replies: defineCall({
    method: 'GET',
    path: 'comment/reply',
    access: 'public',
    tags,
    summary:
      "Get replies {coid} (spec 7, data.reply): every visible reply of the course's visible comments; a reply's " +
      "cid is its comment's cmid.",
    query: s.zCommentRepliesQuery,
    reply: s.zCommentReplies,
  }),
  // Signed in: an administrator is refused by the comment rules (addCommentAlert / studentOnly, with the rule's
  // message) rather than by the access, so the service keeps that check.
  add: defineCall({
    method: 'POST',
    path: 'comment/add',
    access: 'signedIn',
    tags,
    summary:
      'Add ware comment (spec 7) {coid, cid?, text}; pid, title, name, count and time are derived by the server. ' +
      `Text is plain text, stored trimmed without control characters. ${REFUSALS}`,
    body: s.zAddComment,
    reply: s.zComment,
  }),
  prise: defineCall({
    method: 'POST',
    path: 'comment/prise',
    access: 'signedIn',
    tags,
    summary:
      'Likes a visible comment or takes the like back (students only: 401 guest, 403 studentOnly); answers ' +
      '{cmid, count, liked}.',
    body: s.zCommentRef,
    reply: s.zPriseReply,
  }),
  remove: defineCall({
    method: 'POST',
    path: 'comment/delete',
    access: 'signedIn',
    tags,
    summary:
      "A student deletes their own comment; the replies under it go too. 403 'not your comment'; 404 unknown or " +
      'hidden.',
    body: s.zCommentRef,
    reply: s.zDeletedReply,
  }),
  adminList: defineCall({
    method: 'GET',
    path: 'a/comment/list',
    access,
    tags: adminTags,
    summary:
      "The school's comments on live courses, newest first, with course and chapter titles and every reply " +
      '(hidden ones too); filter by coid, keyword (text or author) and hidden.',
    query: s.zAdminCommentQuery,
    reply: s.zAdminCommentList,
  }),
  adminReply: defineCall({
    method: 'POST',
    path: 'a/comment/reply',
    access,
    tags: adminTags,
    summary:
      "An administrator's reply under a comment, signed with the administrator's name (400 emptyComment / " +
      'moreWordAlert).',
    body: s.zAdminReplyInput,
    reply: s.zAdminComment,
  }),
  hide: defineCall({
    method: 'POST',
    path: 'a/comment/hide',
    access,
    tags: adminTags,
    summary: 'Hides (1) or shows again (0) comments or replies; all or nothing (404 for an id of another school).',
    body: s.zHideComments,
    reply: s.zChangedReply,
  }),
  adminRemove: defineCall({
    method: 'POST',
    path: 'a/comment/delete',
    access,
    tags: adminTags,
    summary: 'Deletes comments with their replies, or replies; all or nothing (404 for an id of another school).',
    body: s.zDeleteComments,
    reply: s.zDeletedReply,
  }),
  setting: defineCall({
    method: 'GET',
    path: 'a/comment/setting',
    access,
    tags: adminTags,
    summary: "The school's noAllowComment switch (spec 3 'Student settings').",
    reply: s.zCommentSettingOut,
  }),
  saveSetting: defineCall({
    method: 'POST',
    path: 'a/comment/setting',
    access,
    tags: adminTags,
    summary:
      "Sets noAllowComment in the school's settings (students then see no comment box and comment/add " +
      'answers 403).',
    body: s.zCommentSetting,
    reply: s.zCommentSettingOut,
  }),
};
