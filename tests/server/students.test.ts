import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LICENCE_ERRORS } from '../../shared/schemas/licence';
import { STUDENT_ERRORS } from '../../shared/schemas/students';
import { learnRecords, students } from '../../server/db/schema';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import {
  buildCourse,
  buildLearnDay,
  buildLearnRecord,
  buildStudentField,
  buildWatchRecord,
} from '../helpers/factories';
import { injectAs, type Envelope } from '../helpers/kit';
import { first } from '../../server/db/client';

type Student = {
  sid: string;
  username: string;
  name: string;
  email: string;
  phone: string;
  source: string;
  disabled: boolean;
  disabledBy: string | null;
  groups: { gid: string; name: string }[];
  fields: Record<string, string>;
};

/** A call through the test kit; a reply that is not JSON (a download) reads as the envelope's data. */
async function call<T = unknown>(app: TestApp, method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  const res = await injectAs(app, cookie).inject({ method, url, payload });
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: res.statusCode,
    body: (json ? res.json() : { status: 'file', error: null, data: res.body }) as Envelope<T>,
  };
}
async function okCall<T>(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: object,
): Promise<T> {
  const { status, body } = await call<T>(app, method, url, cookie, payload);
  expect(status, `${url} ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

async function addGroup(app: TestApp, name: string, schoolIdGiven?: string): Promise<string> {
  const schoolId = schoolIdGiven ?? (await school(app)).id;
  const id = app.ctx.ids.next();
  await insertGroup(app.ctx.db, { id, schoolId, parentId: null, name, position: 0, createdAt: Date.now() });
  return id;
}
async function addField(
  app: TestApp,
  input: {
    name: string;
    kind: 'text' | 'number' | 'date' | 'choice';
    options?: string[];
    required?: boolean;
    position?: number;
  },
  schoolIdGiven?: string,
): Promise<string> {
  const schoolId = schoolIdGiven ?? (await school(app)).id;
  const { options = [], ...rest } = input;
  return await buildStudentField(app, { ...rest, schoolId, options: JSON.stringify(options), createdAt: Date.now() });
}
const countStudents = async (app: TestApp) => (await app.ctx.db.select().from(students)).length;

describe('student list and records of people (spec 7 Students)', () => {
  let app: TestApp;
  let admin: string;

  beforeEach(async () => {
    app = await makeApp({ LICENCE_TRIAL_SEATS: 50 });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  });
  afterEach(() => app.close());

  it('every call: guest 401, student 403, sub-admin without student 403, with it 200', async () => {
    const s = await buildStudent(app);
    const studentCookie = (await login(app, { username: s.username, password: s.password, role: 'student' })).cookie;
    const noPerm = await buildSubAdmin(app, ['course']);
    const noPermCookie = (await login(app, { ...noPerm, role: 'admin' })).cookie;
    const withPerm = await buildSubAdmin(app, ['student']);
    const subCookie = (await login(app, { ...withPerm, role: 'admin' })).cookie;
    const gid = await addGroup(app, 'G');
    const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', '/student/list'],
      ['GET', `/student/item?sid=${s.id}`],
      ['POST', '/student/item', { sid: s.id, name: 'Renamed' }],
      ['GET', '/student/search?keyword=stu'],
      ['POST', '/student/sids', { gids: [gid] }],
      ['POST', '/student/sfids', { sids: [s.id] }],
      ['GET', '/learn/moth?year=2025'],
      ['GET', '/learn/day?month=2025-03'],
      ['GET', '/student/download?format=csv'],
      ['POST', '/student/delete', { sids: [s.id] }],
      ['POST', '/student/enable', { sids: [s.id] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(app, method, url, '', body)).status, `guest ${url}`).toBe(401);
      expect((await call(app, method, url, studentCookie, body)).status, `student ${url}`).toBe(403);
      expect((await call(app, method, url, noPermCookie, body)).status, `no permission ${url}`).toBe(403);
    }
    // The add call too (a new name each time so refusals are not a conflict).
    const add = (cookie: string, username: string) =>
      call(app, 'POST', '/student/add', cookie, { username, name: 'N', password: 'secret-1', gids: [] });
    expect((await add('', 'g1')).status).toBe(401);
    expect((await add(studentCookie, 'g2')).status).toBe(403);
    expect((await add(noPermCookie, 'g3')).status).toBe(403);
    expect(await countStudents(app)).toBe(1);
    // The sub-admin holding 'student' may make every call.
    for (const [method, url, body] of calls)
      expect((await call(app, method, url, subCookie, body)).status, `sub-admin ${url}`).toBe(200);
    expect((await add(subCookie, 'by-sub')).status).toBe(200);
  });

  it('replies are never cached; a guest or a student learns nothing of the input (access before validation)', async () => {
    const s = await buildStudent(app);
    const studentCookie = (await login(app, { username: s.username, password: s.password, role: 'student' })).cookie;
    for (const url of ['/student/list', `/student/item?sid=${s.id}`, '/learn/moth?year=2025', '/student/download']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toContain('no-store');
    }
    const bad: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', '/student/list?status=nonsense'],
      ['GET', '/student/download?format=nonsense'],
      ['POST', '/student/add', { username: 1 }],
    ];
    for (const [method, url, body] of bad) {
      expect((await call(app, method, url, '', body)).status, `guest ${url}`).toBe(401);
      expect((await call(app, method, url, studentCookie, body)).status, `student ${url}`).toBe(403);
      expect((await call(app, method, url, admin, body)).status, `admin ${url}`).toBe(400);
    }
  });

  it('every call is in the OpenAPI document with a summary', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
    const expected: [string, string][] = [
      ['/student/list', 'get'],
      ['/student/add', 'post'],
      ['/student/item', 'get'],
      ['/student/item', 'post'],
      ['/student/delete', 'post'],
      ['/student/enable', 'post'],
      ['/student/search', 'get'],
      ['/student/sids', 'post'],
      ['/student/sfids', 'post'],
      ['/student/download', 'get'],
      ['/learn/moth', 'get'],
      ['/learn/day', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
  });

  it('add, list with groups and fields, item, edit; the filters keyword, group, status and source', async () => {
    const gA = await addGroup(app, 'Class A');
    const gB = await addGroup(app, 'Class B');
    const dept = await addField(app, {
      name: '部门',
      kind: 'choice',
      options: ['销售', '研发'],
      required: true,
      position: 1,
    });
    const badge = await addField(app, { name: 'Badge', kind: 'number', position: 2 });
    const added = await okCall<Student>(app, 'POST', '/student/add', admin, {
      username: 'zhang.san',
      name: '张三',
      password: 'secret-123',
      email: 'zs@example.com',
      phone: '13800000000',
      gids: [gA],
      infoStr: JSON.stringify([
        { sfid: dept, value: '研发' },
        { sfid: badge, value: '0042' },
      ]),
    });
    expect(added).toMatchObject({
      username: 'zhang.san',
      name: '张三',
      email: 'zs@example.com',
      source: 'local',
      disabled: false,
      groups: [{ gid: gA, name: 'Class A' }],
      fields: { [dept]: '研发', [badge]: '0042' },
    });
    expect(added).not.toHaveProperty('passwordHash');
    // The new student signs in with the password given.
    await login(app, { username: 'zhang.san', password: 'secret-123', role: 'student' });

    await buildStudent(app, { username: 'li.si', name: '李四' });
    const list = await okCall<{ total: number; list: Student[] }>(app, 'GET', '/student/list', admin);
    expect(list.total).toBe(2);
    expect(list.list.map((s) => s.username)).toEqual(['li.si', 'zhang.san']);
    const byKeyword = (keyword: string) =>
      okCall<{ total: number; list: Student[] }>(
        app,
        'GET',
        `/student/list?keyword=${encodeURIComponent(keyword)}`,
        admin,
      );
    expect((await byKeyword('张')).list.map((s) => s.username)).toEqual(['zhang.san']);
    expect((await byKeyword('zs@example')).total).toBe(1);
    expect((await byKeyword('13800')).total).toBe(1);
    expect((await byKeyword('%')).total).toBe(0);
    expect((await okCall<{ total: number }>(app, 'GET', `/student/list?gid=${gA}`, admin)).total).toBe(1);
    expect((await okCall<{ total: number }>(app, 'GET', `/student/list?gid=${gB}`, admin)).total).toBe(0);
    expect((await okCall<{ total: number }>(app, 'GET', '/student/list?page=2&num=1', admin)).total).toBe(2);
    expect((await call(app, 'GET', '/student/list?num=101', admin)).status).toBe(400);

    const item = await okCall<Student>(app, 'GET', `/student/item?sid=${added.sid}`, admin);
    expect(item.fields[dept]).toBe('研发');
    const edited = await okCall<Student>(app, 'POST', '/student/item', admin, {
      sid: added.sid,
      name: '张三丰',
      gids: [gB],
      infoStr: JSON.stringify([{ sfid: badge, value: '' }]),
      password: 'another-9',
    });
    expect(edited).toMatchObject({
      username: 'zhang.san',
      name: '张三丰',
      groups: [{ gid: gB, name: 'Class B' }],
      fields: { [dept]: '研发' },
    });
    await login(app, { username: 'zhang.san', password: 'another-9', role: 'student' });
    // The user name is not editable (an unknown key is stripped, the name stays).
    await okCall(app, 'POST', '/student/item', admin, { sid: added.sid, username: 'changed' });
    expect((await okCall<Student>(app, 'GET', `/student/item?sid=${added.sid}`, admin)).username).toBe('zhang.san');

    await okCall(app, 'POST', '/student/delete', admin, { sids: [added.sid] });
    expect(
      (await okCall<{ list: Student[] }>(app, 'GET', '/student/list?status=disabled', admin)).list.map(
        (s) => s.username,
      ),
    ).toEqual(['zhang.san']);
    expect(
      (await okCall<{ list: Student[] }>(app, 'GET', '/student/list?status=enabled', admin)).list.map(
        (s) => s.username,
      ),
    ).toEqual(['li.si']);
    await app.ctx.db.update(students).set({ source: 'ldap' }).where(eq(students.username, 'li.si'));
    expect(
      (await okCall<{ list: Student[] }>(app, 'GET', '/student/list?source=ldap', admin)).list.map((s) => s.username),
    ).toEqual(['li.si']);
    expect(
      (await okCall<{ total: number }>(app, 'GET', '/student/list?source=local&status=enabled', admin)).total,
    ).toBe(0);
  });

  it('refuses bad input and writes nothing: a taken user name, a bad or missing field value, an unknown group, a directory password', async () => {
    const field = await addField(app, { name: 'Employee no.', kind: 'number', required: true });
    const date = await addField(app, { name: 'Joined', kind: 'date' });
    const gid = await addGroup(app, 'Mine');
    const other = await createSchool(app.ctx, {
      name: 'Other school',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const theirGroup = await addGroup(app, 'Theirs', other.id);
    const base = {
      username: 'wang',
      name: 'Wang',
      password: 'secret-123',
      gids: [gid],
      infoStr: JSON.stringify([{ sfid: field, value: '7' }]),
    };
    await okCall(app, 'POST', '/student/add', admin, base);
    const before = await countStudents(app);

    const taken = await call(app, 'POST', '/student/add', admin, { ...base, name: 'Other Wang' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(STUDENT_ERRORS.usernameTaken);
    const notNumber = await call<{ field: string; problem: string }>(app, 'POST', '/student/add', admin, {
      ...base,
      username: 'w2',
      infoStr: JSON.stringify([{ sfid: field, value: 'seven' }]),
    });
    expect(notNumber.status).toBe(400);
    // One stable error string for every path that checks field values (stu/info, do/register); data names the field.
    expect(notNumber.body.data).toMatchObject({ field: `info.${field}`, name: 'Employee no.', problem: 'notNumber' });
    expect(notNumber.body.error).toBe(STUDENT_ERRORS.fieldProblem);
    const missing = await call<{ problem: string }>(app, 'POST', '/student/add', admin, {
      ...base,
      username: 'w3',
      infoStr: undefined,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.problem).toBe('required');
    const badDate = await call<{ problem: string }>(app, 'POST', '/student/add', admin, {
      ...base,
      username: 'w4',
      infoStr: JSON.stringify([
        { sfid: field, value: '1' },
        { sfid: date, value: '2024-02-30' },
      ]),
    });
    expect(badDate.body.data.problem).toBe('notDate');
    expect(
      (await call(app, 'POST', '/student/add', admin, { ...base, username: 'w5', infoStr: 'not json' })).status,
    ).toBe(400);
    expect((await call(app, 'POST', '/student/add', admin, { ...base, username: 'w6', password: '123' })).status).toBe(
      400,
    );
    expect((await call(app, 'POST', '/student/add', admin, { ...base, username: 'has space' })).status).toBe(400);
    const unknownGroup = await call<{ gids: string[] }>(app, 'POST', '/student/add', admin, {
      ...base,
      username: 'w7',
      gids: [theirGroup],
    });
    expect(unknownGroup.status).toBe(400);
    expect(unknownGroup.body.data.gids).toEqual([theirGroup]);
    expect(await countStudents(app)).toBe(before);

    // Edits refused the same way leave the student as it was.
    const sid = first(await app.ctx.db.select().from(students).where(eq(students.username, 'wang')))!.id;
    expect((await call(app, 'POST', '/student/item', admin, { sid, name: 'Changed', gids: [theirGroup] })).status).toBe(
      400,
    );
    expect(
      (
        await call(app, 'POST', '/student/item', admin, {
          sid,
          name: 'Changed',
          infoStr: JSON.stringify([{ sfid: field, value: '' }]),
        })
      ).status,
    ).toBe(400);
    const still = await okCall<Student>(app, 'GET', `/student/item?sid=${sid}`, admin);
    expect(still).toMatchObject({ name: 'Wang', groups: [{ gid }], fields: { [field]: '7' } });

    await app.ctx.db.update(students).set({ source: 'ldap' }).where(eq(students.id, sid));
    const ldap = await call(app, 'POST', '/student/item', admin, { sid, password: 'new-secret-1' });
    expect(ldap.status).toBe(400);
    expect(ldap.body.error).toBe(STUDENT_ERRORS.ldapAccount);
    expect((await okCall<Student>(app, 'POST', '/student/item', admin, { sid, phone: '+86 1' })).phone).toBe('+86 1');
  });

  it("a password reset by the administrator: the new password signs in, the student's open sessions end", async () => {
    const s = await buildStudent(app, { username: 'forgetful' });
    const { cookie } = await login(app, { username: s.username, password: s.password, role: 'student' });
    expect((await call(app, 'GET', '/course/nolearn', cookie)).status).toBe(200);
    await okCall(app, 'POST', '/student/item', admin, { sid: s.id, password: 'reset-pass-1' });
    expect((await call(app, 'GET', '/course/nolearn', cookie)).status).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/do/login',
          payload: { username: s.username, password: 'reset-pass-1', role: 'student' },
        })
      ).statusCode,
    ).toBe(200);
    // Other changes leave the sessions alone.
    const again = await login(app, { username: s.username, password: 'reset-pass-1', role: 'student' });
    await okCall(app, 'POST', '/student/item', admin, { sid: s.id, name: 'Renamed' });
    expect((await call(app, 'GET', '/course/nolearn', again.cookie)).status).toBe(200);
  });

  it('delete disables (the student can no longer sign in; records kept) and enable undoes it', async () => {
    const s = await buildStudent(app, { username: 'leaver' });
    const { cookie } = await login(app, { username: s.username, password: s.password, role: 'student' });
    expect((await call(app, 'GET', '/course/nolearn', cookie)).status).toBe(200);
    const at = Date.now();
    await buildCourse(app, { id: '9001', title: 'C', createdAt: at });
    await buildLearnRecord(app, {
      studentId: s.id,
      courseId: '9001',
      chapterId: '0',
      effMs: 60_000,
      startedAt: at,
      updatedAt: at,
    });

    expect(await okCall(app, 'POST', '/student/delete', admin, { sids: [s.id] })).toEqual({ count: 1 });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/do/login',
          payload: { username: s.username, password: s.password, role: 'student' },
        })
      ).statusCode,
    ).not.toBe(200);
    // The open session ended with it.
    expect((await call(app, 'GET', '/course/nolearn', cookie)).status).toBe(401);
    expect(await okCall<Student>(app, 'GET', `/student/item?sid=${s.id}`, admin)).toMatchObject({
      disabled: true,
      disabledBy: 'admin',
    });
    expect(await app.ctx.db.select().from(learnRecords).where(eq(learnRecords.studentId, s.id))).toHaveLength(1);
    expect(await okCall(app, 'POST', '/student/delete', admin, { sids: [s.id] })).toEqual({ count: 0 });

    expect(await okCall(app, 'POST', '/student/enable', admin, { sids: [s.id] })).toEqual({ count: 1 });
    await login(app, { username: s.username, password: s.password, role: 'student' });
    // Disable and enable through the edit call too.
    expect((await okCall<Student>(app, 'POST', '/student/item', admin, { sid: s.id, disabled: true })).disabled).toBe(
      true,
    );
    expect((await okCall<Student>(app, 'POST', '/student/item', admin, { sid: s.id, disabled: false })).disabled).toBe(
      false,
    );
  });

  it('search, sids of groups, field values of students', async () => {
    const g = await addGroup(app, 'G');
    const f = await addField(app, { name: 'City', kind: 'text' });
    const a = await okCall<Student>(app, 'POST', '/student/add', admin, {
      username: 'alice',
      name: 'Alice',
      password: 'secret-1',
      gids: [g],
      infoStr: JSON.stringify([{ sfid: f, value: 'Paris' }]),
    });
    const b = await buildStudent(app, { username: 'malice', name: 'Bob' });
    const found = await okCall<{ list: { sid: string; username: string; name: string }[] }>(
      app,
      'GET',
      '/student/search?keyword=alice',
      admin,
    );
    expect(found.list).toEqual([
      { sid: a.sid, username: 'alice', name: 'Alice' },
      { sid: b.id, username: 'malice', name: 'Bob' },
    ]);
    expect(await okCall(app, 'POST', '/student/sids', admin, { gids: [g] })).toEqual({ sids: [a.sid] });
    expect(await okCall(app, 'POST', '/student/sfids', admin, { sids: [a.sid, b.id] })).toEqual({
      [a.sid]: { [f]: 'Paris' },
      [b.id]: {},
    });
  });

  it("another school's administrator sees none of school A's students", async () => {
    const g = await addGroup(app, 'A group');
    const s = await buildStudent(app, { username: 'mine', groups: ['x'] });
    await createSchool(app.ctx, { name: 'Other school', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const foreign = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect(await okCall(app, 'GET', '/student/list', foreign)).toEqual({ total: 0, list: [] });
    expect((await call(app, 'GET', `/student/item?sid=${s.id}`, foreign)).status).toBe(404);
    expect((await call(app, 'POST', '/student/item', foreign, { sid: s.id, name: 'Hijacked' })).status).toBe(404);
    expect(await okCall(app, 'POST', '/student/delete', foreign, { sids: [s.id] })).toEqual({ count: 0 });
    expect((await okCall<{ list: unknown[] }>(app, 'GET', '/student/search?keyword=mine', foreign)).list).toEqual([]);
    expect(await okCall(app, 'POST', '/student/sids', foreign, { gids: [g, ...s.groupIds] })).toEqual({ sids: [] });
    expect(await okCall(app, 'POST', '/student/sfids', foreign, { sids: [s.id] })).toEqual({});
    const file = await app.inject({ method: 'GET', url: '/student/download?format=csv', headers: { cookie: foreign } });
    expect(file.body).not.toContain('mine');
    // Their own student of the same user name is fine (unique per school).
    await okCall(app, 'POST', '/student/add', foreign, {
      username: 'mine',
      name: 'Theirs',
      password: 'secret-1',
      gids: [],
    });
    const mine = await okCall<Student>(app, 'GET', `/student/item?sid=${s.id}`, admin);
    expect(mine).toMatchObject({ name: 'mine', disabled: false });
  });

  it('learn/moth and learn/day: distinct learners and study time by month and day', async () => {
    const sid = (await school(app)).id;
    const a = await buildStudent(app);
    const b = await buildStudent(app);
    await buildCourse(app, { id: '9002', schoolId: sid, title: 'C' });
    // What the heartbeat engine credits per day (tests/server/records-heartbeat.test.ts writes it through heartbeats).
    const record = async (studentId: string, day: string, effMs: number) =>
      await buildLearnDay(app, { studentId, schoolId: sid, day, effMs });
    await record(a.id, '2025-03-05', 600_000);
    await record(a.id, '2025-03-06', 300_000);
    await record(b.id, '2025-03-06', 120_000);
    await record(b.id, '2025-07-01', 60_000);
    // A watch record on a day without credited time still counts the learner.
    await buildWatchRecord(app, {
      schoolId: sid,
      courseId: '9002',
      studentId: a.id,
      viewer: a.id,
      name: 'x',
      watchTime: 1,
      day: '2025-07-02',
    });
    const months = await okCall<{ year: number; list: { month: number; learners: number; seconds: number }[] }>(
      app,
      'GET',
      '/learn/moth?year=2025',
      admin,
    );
    expect(months.list).toHaveLength(12);
    expect(months.list[2]).toEqual({ month: 3, learners: 2, seconds: 1020 });
    expect(months.list[6]).toEqual({ month: 7, learners: 2, seconds: 60 });
    expect(months.list[0]).toEqual({ month: 1, learners: 0, seconds: 0 });
    const days = await okCall<{ list: { day: string; learners: number; seconds: number }[] }>(
      app,
      'GET',
      '/learn/day?month=2025-03',
      admin,
    );
    expect(days.list).toHaveLength(31);
    expect(days.list[4]).toEqual({ day: '2025-03-05', learners: 1, seconds: 600 });
    expect(days.list[5]).toEqual({ day: '2025-03-06', learners: 2, seconds: 420 });
    expect((await call(app, 'GET', '/learn/day?month=2025-13', admin)).status).toBe(400);
    await createSchool(app.ctx, { name: 'Other school', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const foreign = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect(
      (await okCall<{ list: { learners: number }[] }>(app, 'GET', '/learn/moth?year=2025', foreign)).list.every(
        (m) => m.learners === 0,
      ),
    ).toBe(true);
  });
});

describe('seats (the trial allows 2): add and enable refused with nothing written', () => {
  let app: TestApp;
  afterEach(() => app.close());

  it('403 with the licence error when the seats are full; disabling frees one', async () => {
    app = await makeApp({ LICENCE_TRIAL_SEATS: 2 });
    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const add = (username: string) =>
      call<{ limit: number; used: number; adding: number }>(app, 'POST', '/student/add', admin, {
        username,
        name: username,
        password: 'secret-1',
        gids: [],
      });
    const first = await okCall<Student>(app, 'POST', '/student/add', admin, {
      username: 's1',
      name: 's1',
      password: 'secret-1',
      gids: [],
    });
    expect((await add('s2')).status).toBe(200);
    const full = await add('s3');
    expect(full.status).toBe(403);
    expect(full.body.error).toBe(LICENCE_ERRORS.seatsFull);
    expect(full.body.data).toEqual({ limit: 2, used: 2, adding: 1 });
    expect(await countStudents(app)).toBe(2);
    // A disabled student frees the seat; enabling them again while full is refused.
    await okCall(app, 'POST', '/student/delete', admin, { sids: [first.sid] });
    expect((await add('s3')).status).toBe(200);
    const enable = await call(app, 'POST', '/student/enable', admin, { sids: [first.sid] });
    expect(enable.status).toBe(403);
    expect(
      (await call(app, 'POST', '/student/item', admin, { sid: first.sid, disabled: false, name: 'changed' })).status,
    ).toBe(403);
    const still = await okCall<Student>(app, 'GET', `/student/item?sid=${first.sid}`, admin);
    expect(still).toMatchObject({ disabled: true, name: 's1' });
  });
});
