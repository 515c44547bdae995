import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/comments';
import { requireAdmin } from '../../plugins/auth';
import * as admin from './comments-admin.service';
import * as service from './comments.service';

const REFUSALS =
  "Refusals carry the rule's key as error and {key, message, field?} as data (shared/rules/comments): 400 emptyComment / moreWordAlert " +
  '(more than 256 characters, counted as code points after trimming), 401 no login, 403 graCommentTip (course not bought), ' +
  "403 addCommentAlert (the owner or any administrator: 请使用学员账号进行操作！), 403 noAllowComment (the school's switch), 429 at more than 5 a minute.";

/** Course comments (spec 3 'Comment', 5 'Course comment', 7 comment/*, comment/prise) and their back office (permission course). */
export const commentsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['comments'];
  const adminTags = ['comments (back office)'];
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
  const schoolAdmin = (request: FastifyRequest) => requireAdmin(request, 'course');

  app.get(
    '/comment/list',
    {
      schema: {
        tags,
        summary:
          'Get comments by course with page and page size (spec 7): newest first, 10 a page by default, each with its replies; hidden ones never listed. ' +
          'The spec\'s "JSON text list" is a JSON array here. The course opens as for course/info (404 unpublished or deleted, 401 private for a guest). ' +
          'noAllowComment, bought and canComment tell the page whether to show the comment box.',
        querystring: s.zCommentListQuery,
        response: { 200: zOkReply(s.zCommentList) },
      },
    },
    async (request) => ok(service.listComments(ctx, request.auth, request.query.coid, request.query.page, request.query.num)),
  );

  app.get(
    '/comment/reply',
    {
      schema: {
        tags,
        summary: "Get replies {coid} (spec 7, data.reply): every visible reply of the course's visible comments; a reply's cid is its comment's cmid.",
        querystring: s.zCommentRepliesQuery,
        response: { 200: zOkReply(s.zCommentReplies) },
      },
    },
    async (request) => ok(service.courseReplies(ctx, request.auth, request.query.coid)),
  );

  app.post(
    '/comment/add',
    {
      schema: {
        tags,
        summary: `Add ware comment (spec 7) {coid, cid?, text}; pid, title, name, count and time are derived by the server. Text is plain text, stored trimmed without control characters. ${REFUSALS}`,
        body: s.zAddComment,
        response: { 200: zOkReply(s.zComment) },
      },
    },
    async (request) => ok(service.addComment(ctx, request.auth, request.body, localeOf(request))),
  );

  app.post(
    '/comment/prise',
    {
      schema: { tags, summary: "Likes a visible comment or takes the like back (students only: 401 guest, 403 studentOnly); answers {cmid, count, liked}.", body: s.zCommentRef, response: { 200: zOkReply(s.zPriseReply) } },
    },
    async (request) => ok(service.priseComment(ctx, request.auth, request.body.cmid, localeOf(request))),
  );

  app.post(
    '/comment/delete',
    {
      schema: { tags, summary: "A student deletes their own comment; the replies under it go too. 403 'not your comment'; 404 unknown or hidden.", body: s.zCommentRef, response: { 200: zOkReply(s.zDeletedReply) } },
    },
    async (request) => ok(service.deleteOwnComment(ctx, request.auth, request.body.cmid, localeOf(request))),
  );

  app.get(
    '/a/comment/list',
    {
      schema: {
        tags: adminTags,
        summary: "The school's comments on live courses, newest first, with course and chapter titles and every reply (hidden ones too); filter by coid, keyword (text or author) and hidden.",
        querystring: s.zAdminCommentQuery,
        response: { 200: zOkReply(s.zAdminCommentList) },
      },
    },
    async (request) => {
      const auth = schoolAdmin(request);
      return ok(admin.adminComments(ctx, auth.userId, auth.schoolId, request.query));
    },
  );

  app.post(
    '/a/comment/reply',
    {
      schema: { tags: adminTags, summary: "An administrator's reply under a comment, signed with the administrator's name (400 emptyComment / moreWordAlert).", body: s.zAdminReplyInput, response: { 200: zOkReply(s.zAdminComment) } },
    },
    async (request) => {
      const auth = schoolAdmin(request);
      return ok(admin.replyToComment(ctx, auth.userId, auth.schoolId, request.body.cmid, request.body.text, localeOf(request)));
    },
  );

  app.post(
    '/a/comment/hide',
    { schema: { tags: adminTags, summary: 'Hides (1) or shows again (0) comments or replies; all or nothing (404 for an id of another school).', body: s.zHideComments, response: { 200: zOkReply(s.zChangedReply) } } },
    async (request) => {
      const auth = schoolAdmin(request);
      return ok(admin.hideComments(ctx, auth.userId, auth.schoolId, request.body.cmids, request.body.hidden === 1));
    },
  );

  app.post(
    '/a/comment/delete',
    { schema: { tags: adminTags, summary: 'Deletes comments with their replies, or replies; all or nothing (404 for an id of another school).', body: s.zDeleteComments, response: { 200: zOkReply(s.zDeletedReply) } } },
    async (request) => {
      const auth = schoolAdmin(request);
      return ok(admin.deleteComments(ctx, auth.userId, auth.schoolId, request.body.cmids));
    },
  );

  app.get(
    '/a/comment/setting',
    { schema: { tags: adminTags, summary: "The school's noAllowComment switch (spec 3 'Student settings').", response: { 200: zOkReply(s.zCommentSettingOut) } } },
    async (request) => ok(admin.commentSetting(ctx, schoolAdmin(request).schoolId)),
  );

  app.post(
    '/a/comment/setting',
    { schema: { tags: adminTags, summary: "Sets noAllowComment in the school's settings (students then see no comment box and comment/add answers 403).", body: s.zCommentSetting, response: { 200: zOkReply(s.zCommentSettingOut) } } },
    async (request) => ok(admin.saveCommentSetting(ctx, schoolAdmin(request).schoolId, request.body.noAllowComment)),
  );
};
