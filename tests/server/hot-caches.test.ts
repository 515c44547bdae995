import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { studentCourses } from '../../server/modules/access/holdings';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { enrol } from '../helpers/learning-factory';
import { sqlRun } from '../helpers/sql';

/**
 * Sessions and a student's enrolments, bookmarks and groups are kept in memory for
 * speed. Whatever writes them, the next request must see the change: these tests write through
 * the calls and behind the app's back with raw SQL, the way a later module or an administrator's tool would.
 */
describe('in-memory session and student caches stay exact (server/db/changes)', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  let coid: string;
  let code: string;
  beforeEach(async () => {
    app = await makeApp();
    ({ post, get } = injectAs(app, null));
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const catid = (await post('/course/category', { title: 'Cat' }, admin)).json().data.catid;
    ({ coid, code } = (
      await post('/course/new', { title: 'Paid', catid, type: 0, actual: 10, price: 20 }, admin)
    ).json().data);
    await post('/course/pub', { coid, pub: '1' }, admin);
  });
  afterEach(() => app.close());

  const role = async (cookie: string) => (await get('/checkLogin', cookie)).json().data;
  const info = async (cookie: string) => (await get(`/course/info/${code}`, cookie)).json().data;

  it('a session ended by logout, by a newer login or behind the app is a guest on the very next request', async () => {
    const student = await buildStudent(app);
    const first = (await login(app, { ...student, school: (await school(app)).id })).cookie;
    expect((await role(first)).userData.sid).toBe(student.id);

    // A newer login of the same student kicks the first session.
    const second = (await login(app, { ...student, school: (await school(app)).id })).cookie;
    expect((await role(first)).userData.sid).toBe('0');
    expect((await get('/checkStudent/login', first)).json().data.isKic).toBe(true);
    expect((await role(second)).userData.sid).toBe(student.id);

    // Ended behind the app's back (raw SQL): no stale session survives in memory.
    await sqlRun(app, `update sessions set ended_at = ? where user_id = ?`, Date.now(), student.id);
    expect((await role(second)).userData.sid).toBe('0');

    const third = (await login(app, { ...student, school: (await school(app)).id })).cookie;
    expect((await role(third)).userData.sid).toBe(student.id);
    await get('/do/logout', third);
    expect((await role(third)).userData.sid).toBe('0');
  });

  it('course/info follows enrolments, bookmarks and groups however they are written', async () => {
    const student = await buildStudent(app);
    const cookie = (await login(app, { ...student, school: (await school(app)).id })).cookie;
    expect(await info(cookie)).toMatchObject({ isbuy: false, isCollect: false });

    await enrol(app, student.id, coid, Date.now());
    expect((await info(cookie)).isbuy).toBe(true);

    await post('/collectcourse', { uid: (await school(app)).id, mid: student.id, coid, collect: 1 }, cookie);
    expect((await info(cookie)).isCollect).toBe(true);
    await sqlRun(app, `delete from collects where student_id = ?`, student.id);
    expect((await info(cookie)).isCollect).toBe(false);

    await sqlRun(app, `delete from enrolments where student_id = ?`, student.id);
    expect((await info(cookie)).isbuy).toBe(false);

    // Restricted to a group the student is not in, then the student joins it.
    const groupId = app.ctx.ids.next();
    await sqlRun(
      app,
      `insert into student_groups (id, school_id, name, position, created_at) values (?, ?, 'G', 0, ?)`,
      groupId,
      (await school(app)).id,
      Date.now(),
    );
    await post('/course/save', { coid, values: { authentication_gid: groupId } }, admin);
    expect((await info(cookie)).refusal).toBe('designatedGroup');
    await sqlRun(app, `insert into student_group_members (student_id, group_id) values (?, ?)`, student.id, groupId);
    expect((await info(cookie)).refusal).toBeNull();
    // Deleting the group cascades to the membership, which the cache hears too.
    await sqlRun(app, `delete from student_groups where id = ?`, groupId);
    expect((await info(cookie)).refusal).toBe('designatedGroup');
  });

  it('course/info says hasRecord once the student has a learning record of the course (continue learning)', async () => {
    const student = await buildStudent(app);
    const cookie = (await login(app, { ...student, school: (await school(app)).id })).cookie;
    await enrol(app, student.id, coid, Date.now());
    expect(await info(cookie)).toMatchObject({ isbuy: true, hasRecord: false });
    await sqlRun(
      app,
      `insert into course_records (student_id, course_id, school_id, last_visit_at, started_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
      student.id,
      coid,
      (await school(app)).id,
      Date.now(),
      Date.now(),
      Date.now(),
    );
    const after = await info(cookie);
    expect(after.hasRecord).toBe(true);
    expect(after.mainButton).not.toEqual(
      (await info((await login(app, { ...(await buildStudent(app)), school: (await school(app)).id })).cookie))
        .mainButton,
    );
  });

  it('updating a course record (every heartbeat does) keeps the cached facts; deleting it forgets them', async () => {
    const student = await buildStudent(app);
    const cookie = (await login(app, { ...student, school: (await school(app)).id })).cookie;
    const now = Date.now();
    await sqlRun(
      app,
      `insert into course_records (student_id, course_id, school_id, last_visit_at, started_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
      student.id,
      coid,
      (await school(app)).id,
      now,
      now,
      now,
    );
    expect((await info(cookie)).hasRecord).toBe(true);
    const cached = await studentCourses(app.ctx, student.id);
    // Which records exist is all the caches hold: an update does not reload the student's four queries.
    await sqlRun(app, 'update course_records set eff_ms = eff_ms + 16000 where student_id = ?', student.id);
    expect(await studentCourses(app.ctx, student.id)).toBe(cached);
    await sqlRun(app, 'delete from course_records where student_id = ?', student.id);
    expect(await studentCourses(app.ctx, student.id)).not.toBe(cached);
    expect((await info(cookie)).hasRecord).toBe(false);
  });

  it('what a rolled-back transaction read is not kept', async () => {
    const student = await buildStudent(app);
    const cookie = (await login(app, { ...student, school: (await school(app)).id })).cookie;
    const read = app.ctx.db.transaction(async () => {
      await enrol(app, student.id, coid, Date.now());
      // A read inside the transaction sees the enrolment…
      expect((await studentCourses(app.ctx, student.id)).enrolments.has(coid)).toBe(true);
      throw new Error('roll back');
    });
    await expect(read).rejects.toThrow('roll back');
    // …but after the rollback the student owns nothing.
    expect((await info(cookie)).isbuy).toBe(false);
  });
});
