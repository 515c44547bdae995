import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/records';
import { requireAdmin, requireStudent } from '../../plugins/auth';
import { noLogin } from '../../lib/errors';
import { heartbeat } from './heartbeat.service';
import { recordsEngine } from './heartbeat-engine';
import * as records from './records.service';
import * as admin from './records-admin.service';
import { exportRecords } from './records-export.service';
import { sendAttachment } from '../../lib/send-file';
import { addWatch, listWatch } from './watch.service';

const tags = ['learning records'];
const adminTags = ['learning records (back office)'];

/** The cookie that makes a visitor's watch records one a day (spec 9: watch-record dedupe cookies expire after 1 day). */
const WATCH_COOKIE = 'lx_wv';

/**
 * Learning records (spec 7 Learning, Student-side and the named client operations; issue 5 'Records'). The
 * student calls answer the signed-in student's own records; the back-office calls need permission
 * 'student' (learn/move: 'course') and stay within the administrator's school. Replies are never cached.
 */
export const recordsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const engine = recordsEngine(ctx);
  // The last changes reach the database before it closes.
  app.addHook('onClose', async () => engine.stop());
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const schoolOf = (request: FastifyRequest) => requireAdmin(request, 'student').schoolId;

  app.post(
    '/web/heartbeat',
    {
      // Heartbeats are most of the traffic (one per learner every 10-16 s): their requests are not logged one by one; failures still are.
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          "Heartbeat (spec 3 'Heartbeat record'): every 16 s on study pages, 10 s in the graphic reader, a final pause on leaving. The server decides what counts: time bounded by wall time per student, watched ranges, progress never backwards. 401 'invalid sid' when the session is not a valid student session; refused like learn/ware when the chapter may not be studied.",
        body: s.zHeartbeat,
        response: { 200: zOkReply(s.zHeartbeatReply) },
      },
    },
    async (request) => ok(await heartbeat(ctx, request.auth, request.body)),
  );

  app.post(
    '/learn/start',
    { schema: { tags, summary: "'Do learn {coid} before starting': the student becomes a learner of the course (counted in lcount).", body: s.zStartLearning, response: { 200: zOkReply(s.zStartReply) } } },
    async (request) => ok(await records.startLearning(ctx, requireStudent(request), request.body.coid)),
  );

  app.get(
    '/learn/record',
    { schema: { tags, summary: "'Get learn record by chapter id' (eff, watch_time, progress) and where to resume; zeros before any study.", querystring: s.zRecordQuery, response: { 200: zOkReply(s.zLearnRecord) } } },
    async (request) => ok(records.learnRecord(ctx, requireStudent(request), request.query.cid, request.query.coid)),
  );

  app.get(
    '/learn/lasttimerecord',
    { schema: { tags, summary: 'Where to continue a course: its last chapter and position; null before any study.', querystring: s.zCourseQuery, response: { 200: zOkReply(s.zLastTimeRecord) } } },
    async (request) => ok(records.lastTimeRecord(ctx, requireStudent(request), request.query.coid)),
  );

  app.get(
    '/learn/info',
    { schema: { tags, summary: "The student's study of a course: percent, chapters complete, and each chapter's record.", querystring: s.zCourseQuery, response: { 200: zOkReply(s.zCourseStudy) } } },
    async (request) => ok(records.courseStudy(ctx, requireStudent(request), request.query.coid)),
  );

  app.post(
    '/learn/stucourse',
    { schema: { tags, summary: "'Update student course {uid, mid, coid, cid}': the chapter to continue at (uid and mid, when sent, must be the session's).", body: s.zUpdateStudentCourse, response: { 200: zOkReply(s.zStudentCourseReply) } } },
    async (request) => ok(await records.updateStudentCourse(ctx, requireStudent(request), request.body)),
  );

  app.get('/course/nolearn', { schema: { tags, summary: 'The courses the student has and has not begun.', response: { 200: zOkReply(s.zNoLearnReply) } } }, async (request) =>
    ok(records.noLearn(ctx, requireStudent(request))),
  );

  app.get(
    '/course/exceeding',
    { schema: { tags, summary: "'Get exceeding courses {mid}': the student's courses with 0 to 10 days of validity left (spec 4 'Almost-expiring').", querystring: s.zExceedingQuery, response: { 200: zOkReply(s.zExceedingReply) } } },
    async (request) => ok(records.exceedingCourses(ctx, requireStudent(request), request.query.mid)),
  );

  app.post(
    '/watch/add',
    { schema: { tags, summary: "'Add watch record': one per viewer, course and day; none for administrators (the school owner). Each new one counts toward hot courses.", body: s.zAddWatch, response: { 200: zOkReply(s.zAddWatchReply) } } },
    async (request, reply) => {
      let guestKey = request.cookies[WATCH_COOKIE] ?? '';
      if (request.auth.role === 'guest' && !/^[A-Za-z0-9_-]{16,64}$/.test(guestKey)) {
        guestKey = randomBytes(16).toString('base64url');
        reply.setCookie(WATCH_COOKIE, guestKey, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 24 * 3600 });
      }
      return ok(addWatch(ctx, request.auth, request.body, { userAgent: request.headers['user-agent'] ?? '', guestKey }));
    },
  );

  app.get(
    '/watch/list',
    { schema: { tags, summary: "Watch records: a student's own; an administrator's (permission student) school's, by course (coid) or student (sid).", querystring: s.zWatchListQuery, response: { 200: zOkReply(s.zWatchList) } } },
    async (request) => {
      const auth = request.auth;
      if (auth.role === 'admin') requireAdmin(request, 'student');
      else if (auth.role !== 'student') throw noLogin();
      return ok(listWatch(ctx, auth as Exclude<typeof auth, { role: 'guest' }>, request.query));
    },
  );

  // ---- back office ----

  app.get(
    '/learn/getlist',
    { schema: { tags: adminTags, summary: "A course's learners with progress, time and last visit (key filters by name).", querystring: s.zCourseLearnersQuery, response: { 200: zOkReply(s.zCourseLearners) } } },
    async (request) => ok(admin.courseLearners(ctx, schoolOf(request), request.query)),
  );

  app.get(
    '/learn/getlistbystudent',
    { schema: { tags: adminTags, summary: 'The courses a student studies, latest visit first.', querystring: s.zStudentCoursesQuery, response: { 200: zOkReply(s.zStudentCourses) } } },
    async (request) => ok(admin.studentCourses(ctx, schoolOf(request), request.query)),
  );

  app.get(
    '/learn/detailbystudent',
    { schema: { tags: adminTags, summary: "A student's record of every chapter of a course.", querystring: s.zStudentDetailQuery, response: { 200: zOkReply(s.zStudentDetail) } } },
    async (request) => ok(admin.studentDetail(ctx, schoolOf(request), request.query)),
  );

  app.get(
    '/learn/allrecord',
    { schema: { tags: adminTags, summary: "Every chapter record of the school, newest first (coid, sid, from/to on the last update).", querystring: s.zAllRecordsQuery, response: { 200: zOkReply(s.zAllRecords) } } },
    async (request) => ok(admin.allRecords(ctx, schoolOf(request), request.query)),
  );

  app.get(
    '/learn/studentrecord',
    { schema: { tags: adminTags, summary: "A student's study in sum.", querystring: s.zStudentRecordQuery, response: { 200: zOkReply(s.zStudentRecord) } } },
    async (request) => ok(admin.studentRecord(ctx, schoolOf(request), request.query.sid)),
  );

  app.get(
    '/learn/getchapterstudytime',
    { schema: { tags: adminTags, summary: 'Per chapter of a course: learners, completions, total and average study time.', querystring: s.zCourseQuery, response: { 200: zOkReply(s.zChapterStudyTimes) } } },
    async (request) => ok(admin.chapterStudyTimes(ctx, schoolOf(request), request.query.coid)),
  );

  app.post(
    '/learn/move',
    { schema: { tags: adminTags, summary: "Moves a chapter's records to another chapter of the course, merging where a student has both (permission course).", body: s.zMoveRecords, response: { 200: zOkReply(s.zCountReply) } } },
    async (request) => ok(admin.moveRecords(ctx, requireAdmin(request, 'course').schoolId, request.body)),
  );

  app.post(
    '/learn/process/deleted',
    { schema: { tags: adminTags, summary: "Deletes a student's progress in a course (its course record too) or in one chapter.", body: s.zDeleteProgress, response: { 200: zOkReply(s.zCountReply) } } },
    async (request) => ok(admin.deleteProgress(ctx, schoolOf(request), request.body)),
  );

  app.post(
    '/learn/record/update',
    {
      schema: {
        tags: adminTags,
        summary: 'The staged review (verify_status 1 approve, 2 reject), a stage passed, or progress raised (never lowered).',
        body: s.zUpdateRecord,
        response: { 200: zOkReply(s.zLearnRecord) },
      },
    },
    async (request) => ok(admin.updateRecord(ctx, schoolOf(request), request.body)),
  );

  app.get(
    '/learn/students',
    { schema: { tags: adminTags, summary: "The school's students with their study in sum, latest visit first (key filters by name or login): the 'by student' screen.", querystring: s.zStudentSearchQuery, response: { 200: zOkReply(s.zStudentSearch) } } },
    async (request) => ok(admin.studentSearch(ctx, schoolOf(request), request.query)),
  );

  app.get(
    '/learn/review/list',
    {
      schema: {
        tags: adminTags,
        summary:
          "The staged review queue (spec 4 'Next chapter flow': done but not verified, review in the back office): each learner and stage (top-level chapter) of a course with verify on whose lessons are all at progress 1, by state (pending 0, approved 1, rejected 2; pending by default).",
        querystring: s.zReviewListQuery,
        response: { 200: zOkReply(s.zReviewList) },
      },
    },
    async (request) => ok(admin.reviewList(ctx, schoolOf(request), request.query)),
  );

  app.post(
    '/learn/review',
    {
      schema: {
        tags: adminTags,
        summary: "Approves (verify_status 1) or rejects (2) a stage the student has studied, through learn/record/update's write; 400 'not a stage', 409 'stage not studied'.",
        body: s.zReviewDecision,
        response: { 200: zOkReply(s.zReviewReply) },
      },
    },
    async (request) => ok(admin.reviewStage(ctx, requireAdmin(request, 'student'), request.body)),
  );

  app.get(
    '/learn/export',
    {
      schema: {
        tags: adminTags,
        summary:
          'The rows of a records screen as a CSV (UTF-8 with BOM) or XLSX download: view course (coid, key), student (sid), chapter (coid) or detail (sid, coid). At most max rows (50,000); when capped, the last row and the X-Export-Capped header say so.',
        querystring: s.zExportQuery,
      },
    },
    async (request, reply) => {
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await exportRecords(ctx, schoolOf(request), request.query, locale);
      if (file.capped) reply.header(s.EXPORT_CAPPED_HEADER, String(request.query.max));
      return reply.send(sendAttachment(reply, file));
    },
  );
};
