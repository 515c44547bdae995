import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/students';
import { requireAdmin } from '../../plugins/auth';
import { sendAttachment } from '../../lib/send-file';
import { learnDays, learnMonths } from './learn-stats.service';
import * as students from './students.service';
import { downloadStudents } from './students-download.service';

const tags = ['students (back office)'];
const seatNote = ' 403 with the licence error (data {limit, used, adding}) when seats are full or the licence has expired; nothing is written.';

/**
 * Students of a school (spec 7 Students). Every call needs permission group
 * 'student' and stays within the administrator's school: another school's sid answers 404 (one student) or is
 * ignored (a list of sids). Replies are never cached.
 */
export const studentsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const schoolOf = (request: FastifyRequest) => requireAdmin(request, 'student').schoolId;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.get(
    '/student/list',
    {
      schema: {
        tags,
        summary: 'A page of the school’s students, newest first: keyword (user name, name, e-mail, phone), gid, status all|enabled|disabled, source all|local|ldap; each with groups and custom field values (fields by sfid).',
        querystring: s.zStudentListQuery,
        response: { 200: zOkReply(s.zStudentList) },
      },
    },
    async (request) => ok(students.listStudentsPage(ctx, schoolOf(request), request.query)),
  );

  app.post(
    '/student/add',
    {
      schema: {
        tags,
        summary: `Adds a local student {username, name, password, email?, phone?, gids[], infoStr? (JSON list of {sfid, value})}. 409 when the user name is taken in the school; 400 naming the field for an unknown group or a custom field value that does not fit (required ones included).${seatNote}`,
        body: s.zNewStudent,
        response: { 200: zOkReply(s.zAdminStudent) },
      },
    },
    async (request) => ok(await students.addStudent(ctx, schoolOf(request), request.body)),
  );

  app.get(
    '/student/item',
    { schema: { tags, summary: 'One student {sid} with groups and custom field values; 404 for an unknown or another school’s student.', querystring: s.zSidQuery, response: { 200: zOkReply(s.zAdminStudent) } } },
    async (request) => ok(students.getStudent(ctx, schoolOf(request), request.query.sid)),
  );

  app.post(
    '/student/item',
    {
      schema: {
        tags,
        summary: `Changes a student {sid, name?, email?, phone?, password? (a reset; refused for directory accounts), gids? (all of them), infoStr? (the fields named; '' clears one), disabled?}. The user name cannot change. Enabling counts a seat.${seatNote}`,
        body: s.zUpdateStudent,
        response: { 200: zOkReply(s.zAdminStudent) },
      },
    },
    async (request) => ok(await students.editStudent(ctx, schoolOf(request), request.body)),
  );

  app.post(
    '/student/delete',
    {
      schema: {
        tags,
        summary: "'Delete' students {sids}: DISABLES them (they cannot sign in; their sessions end) and keeps every learning record. count: how many were disabled now. Another school's sids are ignored.",
        body: s.zSidsBody,
        response: { 200: zOkReply(s.zBulkReply) },
      },
    },
    async (request) => ok(students.disableSchoolStudents(ctx, schoolOf(request), request.body.sids)),
  );

  app.post(
    '/student/enable',
    { schema: { tags, summary: `Enables disabled students {sids} again (undoes student/delete); each counts a seat.${seatNote}`, body: s.zSidsBody, response: { 200: zOkReply(s.zBulkReply) } } },
    async (request) => ok(students.enableSchoolStudents(ctx, schoolOf(request), request.body.sids)),
  );

  app.get(
    '/student/search',
    { schema: { tags, summary: 'Up to 20 students {sid, username, name} whose user name or name contains keyword, for pickers.', querystring: s.zStudentSearchQuery, response: { 200: zOkReply(s.zStudentSearchReply) } } },
    async (request) => ok(students.searchSchoolStudents(ctx, schoolOf(request), request.query.keyword)),
  );

  app.post(
    '/student/sids',
    { schema: { tags, summary: 'The sids of the members of groups {gids} (the school’s groups; others add nobody).', body: s.zGidsBody, response: { 200: zOkReply(s.zSidsReply) } } },
    async (request) => ok(students.sidsOfGroups(ctx, schoolOf(request), request.body.gids)),
  );

  app.post(
    '/student/sfids',
    { schema: { tags, summary: 'Custom field values of students {sids}: {[sid]: {[sfid]: value}} (the school’s students only).', body: s.zSidsBody, response: { 200: zOkReply(s.zSfidsReply) } } },
    async (request) => ok(students.fieldValuesOf(ctx, schoolOf(request), request.body.sids)),
  );

  app.get(
    '/learn/moth',
    {
      schema: {
        tags,
        summary: "The school's study by month of a year {year}: 12 rows {month, learners (distinct students who studied), seconds (study time)}. Learners from watch records and learn records; seconds from learn records by the month they were last credited (no per-day history is kept).",
        querystring: s.zLearnMonthQuery,
        response: { 200: zOkReply(s.zLearnMonths) },
      },
    },
    async (request) => ok(learnMonths(ctx, schoolOf(request), request.query.year)),
  );

  app.get(
    '/learn/day',
    { schema: { tags, summary: "The school's study by day of a month {month: 'yyyy-MM'}: one row per day {day, learners, seconds}, as learn/moth.", querystring: s.zLearnDayQuery, response: { 200: zOkReply(s.zLearnDays) } } },
    async (request) => ok(learnDays(ctx, schoolOf(request), request.query.month)),
  );

  app.get(
    '/student/download',
    {
      schema: {
        tags,
        summary: 'The filtered student list (the filters of student/list, every match) as an XLSX or CSV (UTF-8 with BOM) attachment: user name, name, e-mail, phone, groups, source, status, created, each custom field. Formula-like cells get a leading apostrophe.',
        querystring: s.zStudentDownloadQuery,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await downloadStudents(ctx, schoolOf(request), filter, format, locale);
      if (file.capped) reply.header('x-export-capped', '1');
      return reply.send(sendAttachment(reply, file));
    },
  );
};
