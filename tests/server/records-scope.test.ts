import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, call, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';
import { sqlGet } from '../helpers/sql';

/**
 * The records views for a sub-admin limited to categories (spec 6: sub-admins may manage a set of categories;
 * courses/course-access.ts is the one gate): every records call and export answers only for the courses in
 * their categories. A course outside them is 404 like another school's, lists and sums leave it out, and the
 * writes (move, delete progress, record update) refuse it without touching a row.
 */
describe('records seen by a sub-admin limited to categories', () => {
  let app: TestApp;
  let admin: string;
  let limited: string;
  let inside: LearnCourse;
  let outside: LearnCourse;
  let sid = '';

  const rows = async () => ((await sqlGet(app, 'SELECT count(*) AS n FROM learn_records')) as { n: number }).n;

  beforeAll(async () => {
    app = await makeApp();
    admin = await adminCookie(app);
    const { catid } = await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, {
      title: 'Theirs',
      parent_id: '0',
    });
    inside = await learnCourse(app, admin, { title: 'Inside', catid });
    outside = await learnCourse(app, admin, { title: 'Outside' });
    const student = await signedInStudent(app, { name: '李雷' });
    sid = student.id;
    // The student begins both courses; the school's administrator records a chapter of each for them.
    for (const c of [inside, outside]) {
      await enrol(app, sid, c.coid);
      await okCall(app, 'POST', '/learn/start', student.cookie, { coid: c.coid });
      await okCall(app, 'POST', '/learn/record/update', admin, { sid, coid: c.coid, cid: c.video, progress: 1 });
    }
    const sub = await buildSubAdmin(app, ['student', 'course']);
    await okCall(app, 'POST', '/admins/setpermission', admin, {
      id: sub.id,
      permissions: ['student', 'course'],
      categories: [catid],
    });
    limited = (await login(app, { ...sub, role: 'admin' })).cookie;
  });
  afterAll(() => app.close());

  it('course views: their course answers, the other is 404, in the export too', async () => {
    for (const path of [
      `/learn/getlist?coid=${'{coid}'}`,
      `/learn/detailbystudent?sid=${sid}&coid=${'{coid}'}`,
      `/learn/getchapterstudytime?coid=${'{coid}'}`,
      `/learn/allrecord?coid=${'{coid}'}`,
      `/learn/export?view=course&coid=${'{coid}'}`,
      `/learn/export?view=chapter&coid=${'{coid}'}`,
      `/learn/export?view=detail&sid=${sid}&coid=${'{coid}'}`,
    ]) {
      const status = async (coid: string, cookie: string) =>
        (await app.inject({ method: 'GET', url: path.replace('{coid}', coid), headers: { cookie } })).statusCode;
      expect(await status(inside.coid, limited), path).toBe(200);
      expect(await status(outside.coid, limited), path).toBe(404);
      expect(await status(outside.coid, admin), path).toBe(200);
    }
  });

  it("a student's lists and sums hold only their courses; the school's administrator sees both", async () => {
    const mine = await okCall<{ total: number; list: { coid: string }[] }>(
      app,
      'GET',
      `/learn/getlistbystudent?sid=${sid}`,
      limited,
    );
    expect(mine.list.map((c) => c.coid)).toEqual([inside.coid]);
    expect(mine.total).toBe(1);
    const all = await okCall<{ total: number }>(app, 'GET', `/learn/getlistbystudent?sid=${sid}`, admin);
    expect(all.total).toBe(2);

    const records = await okCall<{ total: number; list: { coid: string }[] }>(app, 'GET', '/learn/allrecord', limited);
    expect(new Set(records.list.map((r) => r.coid))).toEqual(new Set([inside.coid]));
    expect(records.total).toBe(records.list.length);
    const everyRecord = await okCall<{ total: number }>(app, 'GET', '/learn/allrecord', admin);
    expect(everyRecord.total).toBeGreaterThan(records.total);

    const sum = await okCall<{ courses: number }>(app, 'GET', `/learn/studentrecord?sid=${sid}`, limited);
    expect(sum.courses).toBe(1);
    expect((await okCall<{ courses: number }>(app, 'GET', `/learn/studentrecord?sid=${sid}`, admin)).courses).toBe(2);

    const found = await okCall<{ list: { sid: string; courses: number }[] }>(app, 'GET', '/learn/students', limited);
    expect(found.list.find((s) => s.sid === sid)?.courses).toBe(1);

    const exported = await app.inject({
      method: 'GET',
      url: `/learn/export?view=student&sid=${sid}`,
      headers: { cookie: limited },
    });
    expect(exported.statusCode).toBe(200);
    const text = exported.body;
    expect(text).toContain('Inside');
    expect(text).not.toContain('Outside');
  });

  it('writes refuse the course outside their categories and change nothing', async () => {
    const before = await rows();
    for (const [path, payload] of [
      ['/learn/move', { coid: outside.coid, from: outside.video, to: outside.pdf }],
      ['/learn/process/deleted', { sid, coid: outside.coid }],
      ['/learn/record/update', { sid, coid: outside.coid, cid: outside.pdf, progress: 1 }],
    ] as const) {
      expect((await call(app, 'POST', path, limited, payload)).status, path).toBe(404);
    }
    expect(await rows()).toBe(before);
    // Their own course: the same write works.
    await okCall(app, 'POST', '/learn/record/update', limited, {
      sid,
      coid: inside.coid,
      cid: inside.pdf,
      progress: 1,
    });
    expect(await rows()).toBe(before + 1);
  });
});
