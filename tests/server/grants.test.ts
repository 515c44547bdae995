/**
 * Administrator grants over HTTP (issue rule 'Ways to obtain a course or column: administrator grants'): grant a
 * course or a column to students, groups and the names of a file, revoke, the holders, a student's holdings and
 * the audit trail, for every role and another school; what a grant gives a student (study, validity, My courses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANT_ERRORS } from '../../shared/schemas/grants';
import { formatDate } from '../../shared/rules/dates';
import { createSchool } from '../../server/modules/schools/schools.service';
import { buildAdmin, buildStudent, enrol, login, makeApp, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { csvFile, xlsxFile } from '../helpers/student-files';
import { multipartBody } from './uploads-helpers';
import { adminCookie, beat, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';
import { sqlGet } from '../helpers/sql';

const DAY = 86_400_000;

type Holders = {
  total: number;
  list: {
    sid: string;
    way: string;
    grant_id: string | null;
    group_name: string | null;
    until: number | null;
    granted_by: string | null;
    column_title: string | null;
  }[];
};
type Result = { granted: number; changed: number; unchanged: number; notFound: string[] };
type Info = { isbuy: boolean; courseStatus: number; limitedDate: number | null; mainButton: { action: string } };
type Audit = {
  total: number;
  list: {
    action: string;
    grant_id: string;
    before: unknown;
    after: unknown;
    actor_name: string | null;
    sid: string | null;
    group_id: string | null;
  }[];
};

describe('administrator grants', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 4, 10, 4, 0, 0);
  let admin: string;
  let course: LearnCourse;
  let groupId: string;
  let member: Awaited<ReturnType<typeof signedInStudent>>;
  let loner: Awaited<ReturnType<typeof signedInStudent>>;
  let other: { admin: string; sid: string; gid: string };

  const as = (who: string | null) => injectAs(app, who);
  const grant = (payload: object, who: string | null = admin) => as(who).post('/grant/add', payload);
  const holders = async (coid: string, query = '') =>
    data<Holders>(await as(admin).get(`/grant/holders?kind=course&id=${coid}${query}`));
  const info = (cookie: string, coid = course.coid) => okCall<Info>(app, 'GET', `/course/info/${coid}`, cookie);
  const day = (ms: number) => formatDate(ms, 'yyyy-MM-dd');
  const upload = (file: Buffer, name: string, fields: Record<string, string>, who: string | null = admin) => {
    const { body, headers } = multipartBody([
      ...Object.entries(fields).map(([key, value]) => ({ name: key, value })),
      { name: 'file', filename: name, data: file },
    ]);
    return as(who).inject({ method: 'POST', url: '/grant/upload', payload: body, headers });
  };

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    course = await learnCourse(app, admin, { title: 'Granted course', actual: 80 });
    member = await signedInStudent(app, { name: '成员', groups: ['Class A'] });
    groupId = member.groupIds[0];
    loner = await signedInStudent(app, { username: 'loner', name: '独行' });
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger', groups: ['Their class'] });
    other = {
      admin: (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie,
      sid: stranger.id,
      gid: stranger.groupIds[0],
    };
  });
  afterAll(() => app.close());

  it('refuses a guest (401), a student and a sub-admin without the course permission (403) on every call', async () => {
    const sub = await buildAdmin(app, { permissions: ['resource'] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    const calls: [string, string, object?][] = [
      ['POST', '/grant/add', { kind: 'course', id: course.coid, sids: [loner.id] }],
      ['POST', '/grant/revoke', { id: '1' }],
      ['GET', `/grant/holders?kind=course&id=${course.coid}`],
      ['GET', `/grant/student?sid=${loner.id}`],
      ['GET', `/grant/audit?coid=${course.coid}`],
    ];
    for (const [method, url, payload] of calls) {
      const send = (who: string | null) => as(who).inject({ method: method as 'GET', url, payload });
      expect((await send(null)).statusCode, url).toBe(401);
      expect((await send(loner.cookie)).statusCode, url).toBe(403);
      expect((await send(subCookie)).statusCode, url).toBe(403);
    }
    const { body, headers } = multipartBody([{ name: 'file', filename: 'a.csv', data: csvFile([['loner']]) }]);
    const sendUpload = (who: string | null) =>
      as(who).inject({ method: 'POST', url: '/grant/upload', payload: body, headers });
    expect((await sendUpload(null)).statusCode).toBe(401);
    expect((await sendUpload(loner.cookie)).statusCode).toBe(403);
    expect((await sendUpload(subCookie)).statusCode).toBe(403);
  });

  it("refuses another school's course, student and group, an unpublished course and a past end date", async () => {
    expect((await grant({ kind: 'course', id: course.coid, sids: [loner.id] }, other.admin)).statusCode).toBe(404);
    expect((await as(other.admin).get(`/grant/holders?kind=course&id=${course.coid}`)).statusCode).toBe(404);
    expect((await as(admin).get(`/grant/student?sid=${other.sid}`)).statusCode).toBe(404);
    const theirStudent = await grant({ kind: 'course', id: course.coid, sids: [other.sid] });
    expect(theirStudent.statusCode).toBe(400);
    expect(envelope(theirStudent).error).toContain('sids');
    const theirGroup = await grant({ kind: 'course', id: course.coid, gids: [other.gid] });
    expect(theirGroup.statusCode).toBe(400);
    expect(envelope(theirGroup).error).toContain('gids');
    const { coid: draft } = await okCall<{ coid: string }>(app, 'POST', '/course/new', admin, {
      title: 'Draft',
      catid: '0',
      type: 0,
      actual: 10,
    });
    const unpublished = await grant({ kind: 'course', id: draft, sids: [loner.id] });
    expect(unpublished.statusCode).toBe(409);
    expect(envelope(unpublished).error).toBe(GRANT_ERRORS.notPublished);
    await okCall(app, 'POST', '/course/delete', admin, { coids: [draft] });
    expect((await grant({ kind: 'course', id: draft, sids: [loner.id] })).statusCode).toBe(404);
    const past = await grant({ kind: 'course', id: course.coid, sids: [loner.id], until: day(clock - DAY) });
    expect(past.statusCode).toBe(400);
    expect(envelope(past).error).toBe(GRANT_ERRORS.pastEnd);
    expect((await grant({ kind: 'course', id: course.coid, sids: [] })).statusCode).toBe(400);
    expect((await holders(course.coid)).total).toBe(0);
    expect(data<Audit>(await as(admin).get(`/grant/audit?coid=${course.coid}`)).total).toBe(0);
  });

  it('a group grant: present and future members hold it, one removed does not, revoking ends it', async () => {
    expect((await info(member.cookie)).mainButton.action).toBe('buy');
    const result = data<Result>(await grant({ kind: 'course', id: course.coid, gids: [groupId] }));
    expect(result).toEqual({ granted: 1, changed: 0, unchanged: 0, notFound: [] });
    const seen = await info(member.cookie);
    expect(seen).toMatchObject({ isbuy: true, courseStatus: 0, mainButton: { action: 'start' } });
    await okCall(app, 'POST', '/learn/start', member.cookie, { coid: course.coid });
    expect(
      (await beat(app, member.cookie, { coid: course.coid, cid: course.video, start_ts: 1, position: 0 })).status,
    ).toBe(200);
    const listed = await holders(course.coid);
    expect(listed.list).toEqual([
      expect.objectContaining({ sid: member.id, way: 'group', group_name: 'Class A', until: null }),
    ]);

    // A student who joins the group later holds the course at once; one who leaves it no longer does.
    const late = await signedInStudent(app, { name: '后来' });
    expect((await info(late.cookie)).isbuy).toBe(false);
    await okCall(app, 'POST', '/student/item', admin, { sid: late.id, gids: [groupId] });
    expect(await info(late.cookie)).toMatchObject({ isbuy: true, mainButton: { action: 'start' } });
    expect((await holders(course.coid)).total).toBe(2);
    await okCall(app, 'POST', '/student/item', admin, { sid: late.id, gids: [] });
    expect(await info(late.cookie)).toMatchObject({ isbuy: false, mainButton: { action: 'buy' } });

    // Granting again changes nothing; revoking ends it and keeps the member's records.
    expect(data<Result>(await grant({ kind: 'course', id: course.coid, gids: [groupId] }))).toMatchObject({
      granted: 0,
      unchanged: 1,
    });
    const grantId = listed.list[0].grant_id!;
    expect(data(await as(admin).post('/grant/revoke', { id: grantId }))).toEqual({ id: grantId, revoked: true });
    expect(await info(member.cookie)).toMatchObject({ isbuy: false, mainButton: { action: 'buy' } });
    expect(
      (await beat(app, member.cookie, { coid: course.coid, cid: course.video, start_ts: 2, position: 0 })).status,
    ).toBe(403);
    const records = (await sqlGet(
      app,
      'select count(*) as n from course_records where student_id = ? and course_id = ?',
      member.id,
      course.coid,
    )) as { n: number };
    expect(records.n).toBe(1);
    expect(data(await as(admin).post('/grant/revoke', { id: grantId }))).toEqual({ id: grantId, revoked: false });
    expect((await holders(course.coid)).total).toBe(0);
    expect((await as(other.admin).post('/grant/revoke', { id: grantId })).statusCode).toBe(404);

    const audit = data<Audit>(await as(admin).get(`/grant/audit?coid=${course.coid}`));
    expect(audit.list.map((row) => row.action)).toEqual(['revoke', 'grant']);
    expect(audit.list[0]).toMatchObject({ grant_id: grantId, group_id: groupId, after: { until: null } });
    expect(audit.list[1]).toMatchObject({ before: null, after: { until: null, revoked_at: null } });
    const byStudent = data<Audit>(await as(admin).get(`/grant/audit?sid=${member.id}`));
    expect(byStudent.total).toBe(2);
    const unnamed = await as(admin).get('/grant/audit');
    expect(unnamed.statusCode).toBe(400);
    expect(envelope(unnamed).error).toBe('bad input: query.coid name a course, column or student');
  });

  it('an end date replaces the course validity, can change, and ends the grant after it', async () => {
    const days = await learnCourse(app, admin, { title: 'Days course', actual: 30, ce_type: 1, ce_time: 5 });
    const s = await signedInStudent(app);
    const end = clock + 20 * DAY;
    expect(data<Result>(await grant({ kind: 'course', id: days.coid, sids: [s.id], until: day(end) })).granted).toBe(1);
    const granted = await info(s.cookie, days.coid);
    expect(granted.courseStatus).toBe(0);
    expect(granted.limitedDate).toBeGreaterThan(clock + 19 * DAY);
    const mine = await okCall<{ courselist: { coid: string; source: string; expiry: number | null }[] }>(
      app,
      'GET',
      '/getstucourse',
      s.cookie,
    );
    expect(mine.courselist.find((row) => row.coid === days.coid)).toMatchObject({
      source: 'admin',
      expiry: granted.limitedDate,
    });
    // Changing to the course's validity (5 days from the grant) is a change, audited with before and after.
    expect(data<Result>(await grant({ kind: 'course', id: days.coid, sids: [s.id], until: null })).changed).toBe(1);
    expect((await info(s.cookie, days.coid)).limitedDate).toBe(clock + 5 * DAY);
    const audit = data<Audit>(await as(admin).get(`/grant/audit?sid=${s.id}`));
    expect(audit.list[0]).toMatchObject({ action: 'change', after: { until: null } });
    expect((audit.list[0].before as { until: number }).until).toBe(granted.limitedDate);
    // Past the course's days the student must buy again.
    clock += 6 * DAY;
    try {
      // Sessions of six days ago have lapsed: both sign in again.
      const fresh = await adminCookie(app);
      const again = await signedInStudent(app);
      const later = data<Result>(
        await grant({ kind: 'course', id: days.coid, sids: [again.id], until: day(clock + DAY) }, fresh),
      );
      expect(later.granted).toBe(1);
      expect((await info(again.cookie, days.coid)).courseStatus).toBe(0);
      const held = data<{ list: { coid: string; way: string; status: number }[] }>(
        await as(fresh).get(`/grant/student?sid=${s.id}`),
      );
      expect(held.list).toEqual([expect.objectContaining({ coid: days.coid, way: 'grant', status: 3 })]);
    } finally {
      clock -= 6 * DAY;
    }
  });

  it('a bought course granted too: the better of the two ways counts', async () => {
    const days = await learnCourse(app, admin, { title: 'Bought course', actual: 30, ce_type: 1, ce_time: 2 });
    const s = await signedInStudent(app);
    await enrol(app, s.id, days.coid, clock - 3 * DAY);
    expect((await info(s.cookie, days.coid)).courseStatus).toBe(3);
    await grant({ kind: 'course', id: days.coid, sids: [s.id], until: day(clock + 3 * DAY) });
    expect((await info(s.cookie, days.coid)).courseStatus).toBe(0);
    const listed = await holders(days.coid, `&keyword=${s.username}`);
    expect(listed.list.map((row) => row.way).sort()).toEqual(['buy', 'grant']);
  });

  it('a column grant gives its courses, those added later too', async () => {
    const second = await learnCourse(app, admin, { title: 'Second course', actual: 20 });
    const column = await okCall<{ coid: string }>(app, 'POST', '/column/new', admin, { title: 'Bundle', actual: 99 });
    await okCall(app, 'POST', '/column/courses', admin, { column_id: column.coid, coids: [course.coid] });
    await okCall(app, 'POST', '/column/pub', admin, { column_id: column.coid, pub: 1 });
    const s = await signedInStudent(app);
    type ColumnInfo = { buy: { isBook: boolean; infinite: boolean }; button: { action: string } };
    const columnInfo = () => okCall<ColumnInfo>(app, 'GET', `/column/info/${column.coid}`, s.cookie);
    expect((await columnInfo()).buy).toEqual({ isBook: false, infinite: false });
    const result = data<Result>(await grant({ kind: 'column', id: column.coid, sids: [s.id] }));
    expect(result.granted).toBe(1);
    // The column page shows the granted column as held: start learning, not subscribe.
    const held = await columnInfo();
    expect(held.buy).toEqual({ isBook: true, infinite: true });
    expect(held.button.action).toBe('start');
    expect((await info(s.cookie)).isbuy).toBe(true);
    expect((await info(s.cookie, second.coid)).isbuy).toBe(false);
    await okCall(app, 'POST', '/column/courses', admin, { column_id: column.coid, coids: [course.coid, second.coid] });
    expect((await info(s.cookie, second.coid)).isbuy).toBe(true);
    const byColumn = data<Holders>(await as(admin).get(`/grant/holders?kind=column&id=${column.coid}`));
    expect(byColumn.list).toEqual([expect.objectContaining({ sid: s.id, way: 'grant', column_title: 'Bundle' })]);
    expect((await holders(second.coid)).list).toEqual([
      expect.objectContaining({ sid: s.id, column_title: 'Bundle', granted_by: expect.any(String) }),
    ]);
    expect((await as(other.admin).get(`/grant/holders?kind=column&id=${column.coid}`)).statusCode).toBe(404);
  });

  it('a column granted to a group is held by its members: the column page, checkbuy, and no second order', async () => {
    const column = await okCall<{ coid: string }>(app, 'POST', '/column/new', admin, {
      title: 'Group bundle',
      actual: 50,
    });
    await okCall(app, 'POST', '/column/courses', admin, { column_id: column.coid, coids: [course.coid] });
    await okCall(app, 'POST', '/column/pub', admin, { column_id: column.coid, pub: 1 });
    await okCall(app, 'POST', '/paysetting/save', admin, {
      enabled: true,
      instructions: '<p>Bank</p>',
      timeout_hours: 24,
    });
    const checkbuy = () =>
      okCall<{ isbuy: boolean }>(app, 'GET', `/checkbuy?kind=column&id=${column.coid}`, member.cookie);
    expect((await checkbuy()).isbuy).toBe(false);
    expect(data<Result>(await grant({ kind: 'column', id: column.coid, gids: [groupId] })).granted).toBe(1);
    expect((await checkbuy()).isbuy).toBe(true);
    const info = await okCall<{ buy: { isBook: boolean } }>(app, 'GET', `/column/info/${column.coid}`, member.cookie);
    expect(info.buy.isBook).toBe(true);
    const order = await injectAs(app, member.cookie).post('/submitorde', { kind: 'column', id: column.coid });
    expect(order.statusCode).toBe(409);
  });

  it('grants to the user names of a CSV or an XLSX and reports the names not found', async () => {
    const a = await buildStudent(app, { username: '00123' });
    const b = await buildStudent(app, { username: 'bob' });
    const target = await learnCourse(app, admin, { title: 'File course', actual: 10 });
    const fields = { kind: 'course', id: target.coid };
    const csv = csvFile([
      ['姓名', '用户名'],
      ['甲', '00123'],
      ['乙', 'nobody'],
      ['', ''],
      ['丙', 'stranger'],
    ]);
    const fromCsv = data<Result>(await upload(csv, 'names.csv', fields));
    expect(fromCsv).toEqual({ granted: 1, changed: 0, unchanged: 0, notFound: ['nobody', 'stranger'] });
    const xlsx = await xlsxFile([['bob'], ['00123'], ['ghost']]);
    const until = day(clock + 10 * DAY);
    const fromXlsx = data<Result>(await upload(xlsx, 'names.xlsx', { ...fields, until }));
    expect(fromXlsx).toEqual({ granted: 1, changed: 1, unchanged: 0, notFound: ['ghost'] });
    const sids = (await holders(target.coid)).list.map((row) => row.sid).sort();
    expect(sids).toEqual([a.id, b.id].sort());
    expect((await upload(csv, 'names.csv', fields, other.admin)).statusCode).toBe(404);
    expect((await upload(csv, 'names.csv', { ...fields, until: day(clock - DAY) })).statusCode).toBe(400);
    expect((await upload(Buffer.from('PK\u0003\u0004garbage'), 'x.xlsx', fields)).statusCode).toBe(400);
    const { body, headers } = multipartBody([
      { name: 'kind', value: 'course' },
      { name: 'id', value: target.coid },
    ]);
    expect((await as(admin).inject({ method: 'POST', url: '/grant/upload', payload: body, headers })).statusCode).toBe(
      400,
    );
  });

  it('lists holders paged and searched, and what a student holds and why', async () => {
    const target = await learnCourse(app, admin, { title: 'Many holders', actual: 10 });
    const many = await Promise.all([1, 2, 3].map((n) => buildStudent(app, { username: `many${n}`, name: `多${n}` })));
    await grant({ kind: 'course', id: target.coid, sids: many.map((s) => s.id) });
    await grant({ kind: 'course', id: target.coid, gids: [groupId] });
    const page = await holders(target.coid, '&num=2&page=2');
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(2);
    expect((await holders(target.coid, `&keyword=${encodeURIComponent('多2')}`)).list.map((r) => r.sid)).toEqual([
      many[1].id,
    ]);
    const held = data<{ list: { coid: string; way: string; group_name: string | null; title: string }[] }>(
      await as(admin).get(`/grant/student?sid=${member.id}`),
    );
    expect(held.list).toContainEqual(
      expect.objectContaining({ coid: target.coid, way: 'group', group_name: 'Class A', title: 'Many holders' }),
    );
    const student = await buildAdmin(app, { permissions: ['student'] });
    const studentAdmin = (await login(app, { ...student, role: 'admin' })).cookie;
    expect((await as(studentAdmin).get(`/grant/student?sid=${member.id}`)).statusCode).toBe(200);
    expect((await as(studentAdmin).get(`/grant/audit?sid=${member.id}`)).statusCode).toBe(200);
    expect((await as(studentAdmin).get(`/grant/holders?kind=course&id=${target.coid}`)).statusCode).toBe(403);
  });

  it('a granted course not yet begun is in course/nolearn (from the grant) until the student starts it', async () => {
    const waiting = await learnCourse(app, admin, { title: 'Granted, not begun', actual: 10 });
    const student = await signedInStudent(app, { name: '未学' });
    const notBegun = async () =>
      (await okCall<{ courselist: { coid: string; addtime: number }[] }>(app, 'GET', '/course/nolearn', student.cookie))
        .courselist;
    expect(await notBegun()).toEqual([]);
    data(await grant({ kind: 'course', id: waiting.coid, sids: [student.id] }));
    expect(await notBegun()).toEqual([expect.objectContaining({ coid: waiting.coid, addtime: clock })]);
    await okCall(app, 'POST', '/learn/start', student.cookie, { coid: waiting.coid });
    expect(await notBegun()).toEqual([]);
  });
});
