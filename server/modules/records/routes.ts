import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordsCalls as calls } from '../../../shared/calls/records';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import * as s from '../../../shared/schemas/records';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import { provideChapterProgress } from '../access/progress';
import { heartbeat } from './heartbeat.service';
import { recordsEngine } from './heartbeat-engine';
import * as records from './records.service';
import * as admin from './records-admin.service';
import { exportRecords } from './records-export.service';
import { addWatch, listWatch } from './watch.service';
import { exerciseRecords } from '../exercises/exercise-records.service';
import { examRecords } from '../exam-admin/exam-records.service';

/** The cookie that makes a visitor's watch records one a day (spec 9: watch-record dedupe cookies expire after 1 day). */
const WATCH_COOKIE = 'lx_wv';

/**
 * Learning records (shared/calls/records.ts) and the records download. The heartbeat, learn/start and
 * learn/stucourse answer only after the commit that holds their change (the services await engine.commit).
 */
export const recordsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const engine = recordsEngine(ctx);
  // The access policy's order rules read chapter progress with the heartbeats' unwritten changes laid over it.
  provideChapterProgress(ctx, async (studentId, courseId) => await engine.courseProgress(studentId, courseId));
  // The last changes reach the database before it closes.
  app.addHook('onClose', async () => engine.stop());

  // Heartbeats are most of the traffic (one per learner every 10-16 s): their requests are not logged one by one;
  // failures still are.
  await app.register(
    async (quiet) => {
      route(quiet, calls.heartbeat, async (request) => ok(await heartbeat(ctx, request.auth, request.body)));
    },
    { logLevel: 'warn' },
  );

  route(app, calls.start, async (request, _reply, student) =>
    ok(await records.startLearning(ctx, student, request.body.coid)),
  );
  route(app, calls.record, async (request, _reply, student) =>
    ok(await records.learnRecord(ctx, student, request.query.cid, request.query.coid)),
  );
  route(app, calls.lastTime, async (request, _reply, student) =>
    ok(await records.lastTimeRecord(ctx, student, request.query.coid)),
  );
  route(app, calls.info, async (request, _reply, student) =>
    ok(await records.courseStudy(ctx, student, request.query.coid)),
  );
  route(app, calls.studentCourse, async (request, _reply, student) =>
    ok(await records.updateStudentCourse(ctx, student, request.body)),
  );
  route(app, calls.noLearn, async (_request, _reply, student) => ok(await records.noLearn(ctx, student)));
  route(app, calls.exceeding, async (request, _reply, student) =>
    ok(await records.exceedingCourses(ctx, student, request.query.mid)),
  );

  route(app, calls.addWatch, async (request, reply) => {
    let guestKey = request.cookies[WATCH_COOKIE] ?? '';
    if (request.auth.role === 'guest' && !/^[A-Za-z0-9_-]{16,64}$/.test(guestKey)) {
      guestKey = randomBytes(16).toString('base64url');
      reply.setCookie(WATCH_COOKIE, guestKey, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 24 * 3600 });
    }
    return ok(
      await addWatch(ctx, request.auth, request.body, { userAgent: request.headers['user-agent'] ?? '', guestKey }),
    );
  });
  route(app, calls.watchList, async (request, _reply, caller) => {
    // An administrator reads the school's watch records with permission 'student'; a student reads their own.
    if (caller.role === 'admin') await requireAdmin(request, 'student');
    return ok(await listWatch(ctx, caller, request.query));
  });

  // ---- back office (permission 'student', learn/move 'course'; the administrator's school) ----
  route(app, calls.courseLearners, async (request, _reply, a) => ok(await admin.courseLearners(ctx, a, request.query)));
  route(app, calls.studentCourses, async (request, _reply, a) => ok(await admin.studentCourses(ctx, a, request.query)));
  route(app, calls.studentDetail, async (request, _reply, a) => ok(await admin.studentDetail(ctx, a, request.query)));
  route(app, calls.allRecords, async (request, _reply, a) => ok(await admin.allRecords(ctx, a, request.query)));
  route(app, calls.studentRecord, async (request, _reply, a) =>
    ok(await admin.studentRecord(ctx, a, request.query.sid)),
  );
  route(app, calls.chapterStudyTimes, async (request, _reply, a) =>
    ok(await admin.chapterStudyTimes(ctx, a, request.query.coid)),
  );
  route(app, calls.move, async (request, _reply, a) => ok(await admin.moveRecords(ctx, a, request.body)));
  route(app, calls.deleteProgress, async (request, _reply, a) => ok(await admin.deleteProgress(ctx, a, request.body)));
  route(app, calls.updateRecord, async (request, _reply, a) => ok(await admin.updateRecord(ctx, a, request.body)));
  route(app, calls.students, async (request, _reply, a) => ok(await admin.studentSearch(ctx, a, request.query)));
  route(app, calls.exercises, async (request, _reply, a) => ok(await exerciseRecords(ctx, a, request.query)));
  route(app, calls.exams, async (request, _reply, a) => ok(await examRecords(ctx, a, request.query)));
  route(app, calls.reviewList, async (request, _reply, a) => ok(await admin.reviewList(ctx, a, request.query)));
  route(app, calls.review, async (request, _reply, a) => ok(await admin.reviewStage(ctx, a, request.body)));

  // A file, not the JSON envelope: a plain route that still checks permission before the query is validated.
  app.get(
    '/learn/export',
    {
      schema: {
        tags: ['learning records (back office)'],
        summary:
          'The rows of a records screen as a CSV (UTF-8 with BOM) or XLSX download: view course (coid, key), student ' +
          '(sid), chapter (coid), detail (sid, coid), exercises or questions (coid, sid), exams or examtotals ' +
          '(coid, sid). At most max rows (50,000); when capped, the last row and the X-Export-Capped header say so.',
        querystring: s.zExportQuery,
      },
      preValidation: async (request) => {
        await requireAdmin(request, 'student');
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, 'student');
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await exportRecords(ctx, admin, request.query, locale);
      // Personal data: never kept by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      if (file.capped) reply.header(s.EXPORT_CAPPED_HEADER, String(request.query.max));
      return reply.send(sendAttachment(reply, file));
    },
  );
};
