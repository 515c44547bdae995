/**
 * Study credits over HTTP (issue 18 'my credits … points and study credits'; shared/rules/study-credits): an
 * administrator sets a course's credit, a student completes the course through real heartbeats and earns it
 * once, at the value of that moment; a course without credit gives nothing; another school's ids are 404; a
 * sub-admin limited to categories sees only theirs; a student cannot set a credit; bad values are 400.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSchool } from '../../server/modules/schools/schools.service';
import { buildStudent, buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { adminCookie, beat, call, graphicCourse, okBeat, okCall, signedInStudent } from './records-helpers';
import { refuseWrites } from '../helpers/refuse';
import { sqlGet } from '../helpers/sql';

const S = 1000;
type Credits = { total: number; list: { coid: string; code: string; title: string; credit: number; at: number }[] };

describe('study credits', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 8, 1, 2, 0, 0);
  let admin: string;
  let s: Awaited<ReturnType<typeof signedInStudent>>;

  const mine = (cookie = s.cookie) => okCall<Credits>(app, 'GET', '/student/credits', cookie);
  const setCredit = (coid: string, credit: unknown, who = admin) =>
    call(app, 'POST', '/course/save', who, { coid, values: { credit } });
  /** Reads a free graphic course to its end with heartbeats (it completes the course); answers when it completed. */
  const readThrough = async (coid: string, startTs: number, cookie = s.cookie) => {
    const read = (played: number) =>
      okBeat(app, cookie, { coid, cid: '0', start_ts: startTs, played_time: played, play_type: 'read' });
    let completedAt = (await read(0.2)).completed ? clock : null;
    for (let i = 0; i < 3; i++) {
      clock += 10 * S;
      if ((await read(1)).completed) completedAt ??= clock;
    }
    expect(completedAt).not.toBeNull();
    return completedAt;
  };

  beforeEach(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    s = await signedInStudent(app, { username: 'credit-earner', name: '学员乙' });
  });
  afterEach(() => app.close());

  it('a course of 2.5 credits completed earns 2.5 once, at the value of that moment', async () => {
    const coid = await graphicCourse(app, admin, { title: 'Safety basics' });
    expect((await setCredit(coid, 2.5)).status).toBe(200);
    const info = await okCall<{ credit: number }>(app, 'GET', `/course/info/${coid}`, admin);
    expect(info.credit).toBe(2.5);
    expect(await mine()).toEqual({ total: 0, list: [] });

    const completedAt = await readThrough(coid, 1);
    const earned = await mine();
    expect(earned.total).toBe(2.5);
    expect(earned.list).toEqual([
      { coid, code: expect.any(String), title: 'Safety basics', credit: 2.5, at: completedAt },
    ]);

    // Reading on, or the progress deleted and the course completed again, never awards twice; a later change of
    // the course's value does not rewrite what was earned.
    clock += 60 * S;
    await readThrough(coid, 2);
    const wiped = await okCall<{ count: number }>(app, 'POST', '/learn/process/deleted', admin, { sid: s.id, coid });
    expect(wiped.count).toBeGreaterThan(0);
    expect((await setCredit(coid, 4)).status).toBe(200);
    clock += 60 * S;
    await readThrough(coid, 3);
    expect(await mine()).toEqual(earned);

    // The back office reads the same for the student.
    const detail = await okCall<Credits & { sid: string; name: string }>(
      app,
      'GET',
      `/student/creditdetail?sid=${s.id}`,
      admin,
    );
    expect(detail).toMatchObject({ sid: s.id, name: '学员乙', total: 2.5, list: earned.list });

    // Another student completing now earns the new value; sums stay exact in tenths (2.5 + 0.1 + 0.2).
    const other = await signedInStudent(app, { username: 'second' });
    await readThrough(coid, 1, other.cookie);
    expect((await mine(other.cookie)).total).toBe(4);
    const more = [0.1, 0.2];
    for (const [i, credit] of more.entries()) {
      const extra = await graphicCourse(app, admin, { title: `Extra ${i}`, credit });
      clock += 60 * S;
      await readThrough(extra, 10 + i);
    }
    const summed = await mine();
    expect(summed.total).toBe(2.8);
    expect(summed.list.map((row) => [row.title, row.credit])).toEqual([
      ['Extra 1', 0.2],
      ['Extra 0', 0.1],
      ['Safety basics', 2.5],
    ]);
  });

  it("the award is in the completion's transaction: refused together, taken together when sent again", async () => {
    const coid = await graphicCourse(app, admin, { title: 'All or nothing', credit: 2 });
    // Make the award's insert fail: the heartbeat that completes the course is not taken (503, sent again).
    const allow = await refuseWrites(app, 'test_refuse', 'study_credits', 'refused');
    const read = (played: number) =>
      beat(app, s.cookie, { coid, cid: '0', start_ts: 1, played_time: played, play_type: 'read' });
    expect((await read(0.2)).status).toBe(200);
    let refused = 0;
    for (let i = 0; i < 3; i++) {
      clock += 10 * S;
      if ((await read(1)).status === 503) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    const record = () =>
      sqlGet<{ completed_at: number | null }>(
        app,
        'select completed_at from course_records where student_id = ? and course_id = ?',
        s.id,
        coid,
      );
    // Nothing half-written: no completion without its award.
    expect((await record())?.completed_at ?? null).toBeNull();
    expect(await mine()).toEqual({ total: 0, list: [] });
    await allow();
    clock += 10 * S;
    const again = await okBeat(app, s.cookie, { coid, cid: '0', start_ts: 1, played_time: 1, play_type: 'read' });
    expect(again.completed).toBe(true);
    expect((await record())?.completed_at).toBe(clock);
    expect(await mine()).toMatchObject({ total: 2, list: [{ coid, credit: 2, at: clock }] });
  });

  it('a course without credit gives nothing', async () => {
    const coid = await graphicCourse(app, admin, { title: 'No credit' });
    expect((await okCall<{ credit: number }>(app, 'GET', `/course/info/${coid}`, admin)).credit).toBe(0);
    await readThrough(coid, 1);
    expect(await mine()).toEqual({ total: 0, list: [] });
    // Set back to 0 (cleared) after being set: still nothing for later completions.
    const zeroed = await graphicCourse(app, admin, { title: 'Zeroed', credit: 3 });
    expect((await setCredit(zeroed, 0)).status).toBe(200);
    await readThrough(zeroed, 2);
    expect((await mine()).total).toBe(0);
  });

  it('bad values are 400 and change nothing; a student cannot set a credit', async () => {
    const coid = await graphicCourse(app, admin, { credit: 1.5 });
    for (const bad of [-0.1, 100, 99.95, 2.55, '2.5', null, Number.NaN, true]) {
      const res = await setCredit(coid, bad);
      expect(res.status, String(bad)).toBe(400);
    }
    expect(
      (await call(app, 'POST', '/course/new', admin, { title: 'X', catid: '0', type: 0, credit: -1 })).status,
    ).toBe(400);
    for (const edge of [0.1, 99.9, 0, 12]) expect((await setCredit(coid, edge)).status, String(edge)).toBe(200);
    expect((await okCall<{ credit: number }>(app, 'GET', `/course/info/${coid}`, admin)).credit).toBe(12);
    const asStudent = await setCredit(coid, 5, s.cookie);
    expect([401, 403]).toContain(asStudent.status);
    expect((await okCall<{ credit: number }>(app, 'GET', `/course/info/${coid}`, admin)).credit).toBe(12);
    // The back-office read is not a student's, nor a guest's; the student's own call is not an administrator's.
    expect([401, 403]).toContain((await call(app, 'GET', `/student/creditdetail?sid=${s.id}`, s.cookie)).status);
    expect((await call(app, 'GET', '/student/credits', '')).status).toBe(401);
    expect([401, 403]).toContain((await call(app, 'GET', '/student/credits', admin)).status);
    expect((await call(app, 'GET', '/student/creditdetail?sid=abc', admin)).status).toBe(400);
  });

  it("another school's course and student are 404; a sub-admin sees only their categories' courses", async () => {
    const coid = await graphicCourse(app, admin, { title: 'Ours', credit: 2 });
    await readThrough(coid, 1);
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger' });
    const other = (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie;
    expect((await setCredit(coid, 9, other)).status).toBe(404);
    expect((await call(app, 'GET', `/student/creditdetail?sid=${s.id}`, other)).status).toBe(404);
    expect((await call(app, 'GET', `/student/creditdetail?sid=${stranger.id}`, admin)).status).toBe(404);
    expect((await okCall<{ credit: number }>(app, 'GET', `/course/info/${coid}`, admin)).credit).toBe(2);

    // A sub-admin without the 'student' permission may not read; one limited to category A sees A's course only.
    const { catid: a } = await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, {
      title: 'A',
      parent_id: '0',
    });
    const inA = await graphicCourse(app, admin, { title: 'In A', catid: a, credit: 1.5 });
    await readThrough(inA, 2);
    const courseOnly = await buildSubAdmin(app, ['course']);
    const courseCookie = (await login(app, { ...courseOnly, role: 'admin' })).cookie;
    expect((await call(app, 'GET', `/student/creditdetail?sid=${s.id}`, courseCookie)).status).toBe(403);
    const scoped = await buildSubAdmin(app, ['student']);
    await okCall(app, 'POST', '/admins/setpermission', admin, {
      id: scoped.id,
      permissions: ['student'],
      categories: [a],
    });
    const scopedCookie = (await login(app, { ...scoped, role: 'admin' })).cookie;
    const seen = await okCall<Credits>(app, 'GET', `/student/creditdetail?sid=${s.id}`, scopedCookie);
    expect(seen.total).toBe(1.5);
    expect(seen.list.map((row) => row.title)).toEqual(['In A']);
    expect((await okCall<Credits>(app, 'GET', `/student/creditdetail?sid=${s.id}`, admin)).total).toBe(3.5);
  });

  it('the demo school: the demo student finished 职场礼仪 (1.5 credits) and sees them', async () => {
    const demo = await makeApp({ DEMO_DATA: true });
    try {
      const cookie = (await login(demo, { username: 'student', password: 'student123' })).cookie;
      const res = await call<Credits>(demo, 'GET', '/student/credits', cookie);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(1.5);
      expect(res.body.data.list.map((row) => [row.title, row.credit])).toEqual([['职场礼仪', 1.5]]);
    } finally {
      await demo.close();
    }
  });
});
