/**
 * GET getstucourse (spec 7 'Student-side'): the signed-in student's courses with
 * remaining validity, the Expired / Deleted / Required badges, progress from the learning records and where
 * to continue; nothing of another student or another school.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses, studyPlans } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { courseBadge } from '../../shared/rules/expiring';
import { zMyCoursesReply, type MyCourse } from '../../shared/schemas/mycourses';
import { buildStudent, login, makeApp, type TestApp } from '../helpers/app';
import { buildPlanAssignment } from '../helpers/factories';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, call, learnCourse, okBeat, okCall, signedInStudent } from './records-helpers';

const S = 1000;
const DAY = 86_400_000;

describe('getstucourse: my courses', () => {
  let app: TestApp;
  let clock: number;
  let admin: string;
  let s: Awaited<ReturnType<typeof signedInStudent>>;

  beforeEach(async () => {
    clock = Date.now();
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    s = await signedInStudent(app, { name: '张三', groups: ['一班'] });
  });
  afterEach(() => app.close());

  const mine = async (cookie = s.cookie, query = '') =>
    zMyCoursesReply.parse(await okCall(app, 'GET', `/getstucourse${query}`, cookie));
  const byId = (list: MyCourse[], coid: string) => {
    const found = list.find((item) => item.coid === coid);
    if (!found) throw new Error(`course ${coid} not listed`);
    return found;
  };
  const titled = async (title: string, values: Record<string, unknown> = {}) =>
    (await learnCourse(app, admin, { title, ...values })).coid;

  /** A study plan (course type 3) with one chapter, its review in the given state, published unless told otherwise. */
  const plan = async (title: string, status: 'draft' | 'committed' | 'approved' | 'rejected', published = true) => {
    const { coid } = await okCall<{ coid: string }>(app, 'POST', '/course/new', admin, {
      title,
      catid: '0',
      type: 3,
      actual: 0,
    });
    await okCall(app, 'POST', '/chapter/add', admin, { coid, parent_id: '0', title: '第一阶段', type: 4 });
    const now = app.ctx.now();
    // course/new made the plan a draft; set the review state the case needs.
    await app.ctx.db.update(studyPlans).set({ status, updatedAt: now }).where(eq(studyPlans.courseId, coid));
    await app.ctx.db.update(courses).set({ published }).where(eq(courses.id, coid));
    return coid;
  };
  const assign = async (coid: string, targetType: 'student' | 'group', targetId: string, at = app.ctx.now()) =>
    await buildPlanAssignment(app, { courseId: coid, targetType, targetId, createdAt: at });

  it('lists enrolled courses with progress after heartbeats and where to continue, the visited one first', async () => {
    const studied = await learnCourse(app, admin, { title: '已学习的课程' });
    const untouched = await titled('未开始的课程');
    const older = await titled('更早的课程');
    await enrol(app, s.id, studied.coid, clock - 3 * DAY);
    await enrol(app, s.id, untouched, clock - 1 * DAY);
    await enrol(app, s.id, older, clock - 2 * DAY, 'admin');

    const before = await mine();
    expect(before.total).toBe(3);
    // Nobody visited yet: the newest enrolment first.
    expect(before.courselist.map((item) => item.coid_title)).toEqual(['未开始的课程', '更早的课程', '已学习的课程']);
    expect(byId(before.courselist, studied.coid)).toMatchObject({
      process: 0,
      total_chapter: 5,
      complete_chapter: 0,
      continueAt: null,
      last_visit: null,
      source: 'buy',
    });
    expect(byId(before.courselist, older).source).toBe('admin');

    // The student watches the whole 30 s trailer in 16 s heartbeats: one chapter of five is complete.
    await okBeat(app, s.cookie, { coid: studied.coid, cid: studied.free, start_ts: 1, position: 0 });
    for (const position of [16, 30]) {
      clock += 16 * S;
      await okBeat(app, s.cookie, { coid: studied.coid, cid: studied.free, start_ts: 1, position });
    }
    // No wait for the records engine's 200 ms buffer: the call writes it first.
    const after = await mine();
    expect(after.courselist[0]).toMatchObject({
      coid: studied.coid,
      code: app.ctx.courseCodec.encode(studied.coid),
      coid_title: '已学习的课程',
      complete_chapter: 1,
      total_chapter: 5,
      process: 20,
      last_visit: clock,
      continueAt: { cid: studied.free, learnType: 'v', title: 'Trailer' },
      remaining: { kind: 'permanent' },
      timeTips: null,
      expiry: null,
      isExpire: false,
      isDelete: false,
      required_courses: false,
    });
    expect(after.courselist.map((item) => item.coid_title)).toEqual(['已学习的课程', '未开始的课程', '更早的课程']);
    expect(courseBadge(after.courselist[0]!)).toBeNull();

    // Paging: two a page.
    const second = await mine(s.cookie, '?page=2&num=2');
    expect(second).toMatchObject({ total: 3, page: 2, num: 2 });
    expect(second.courselist.map((item) => item.coid_title)).toEqual(['更早的课程']);
  });

  it('remaining validity: days from purchase past and a fixed window ended are expired (red badge); 5 days left is timeTips 5 days', async () => {
    const lapsed = await titled('过期：按天', { ce_type: 1, ce_time: 30 });
    const ended = await titled('过期：固定期限', { ce_type: 2, ce_time: '2020-01-31' });
    const soon = await titled('即将过期', { ce_type: 1, ce_time: 30 });
    const hours = await titled('几小时后过期', { ce_type: 1, ce_time: 1 });
    await enrol(app, s.id, lapsed, clock - 31 * DAY);
    await enrol(app, s.id, ended, clock - 400 * DAY);
    await enrol(app, s.id, soon, clock - 25 * DAY);
    await enrol(app, s.id, hours, clock - DAY + 3 * 3_600_000 + 60_000);

    const { courselist } = await mine();
    for (const coid of [lapsed, ended]) {
      const item = byId(courselist, coid);
      expect(item).toMatchObject({ isExpire: true, remaining: { kind: 'expired' }, timeTips: null });
      expect(courseBadge(item)).toEqual({ kind: 'expired', color: '#d52b2a' });
    }
    expect(byId(courselist, lapsed).expiry).toBe(clock - 31 * DAY + 30 * DAY);
    expect(byId(courselist, soon)).toMatchObject({
      isExpire: false,
      expiry: clock + 5 * DAY,
      timeTips: { unit: 'day', amount: 5 },
      remaining: { kind: 'left', tips: { unit: 'day', amount: 5 } },
    });
    expect(byId(courselist, hours).timeTips).toEqual({ unit: 'hour', amount: 3 });

    // The filters: expired ones, and those still to study.
    expect((await mine(s.cookie, '?type=expired')).courselist.map((item) => item.coid).sort()).toEqual(
      [lapsed, ended].sort(),
    );
    expect((await mine(s.cookie, '?type=learning')).courselist.map((item) => item.coid).sort()).toEqual(
      [soon, hours].sort(),
    );

    // Time passes: the almost-expiring course expires on the server's clock.
    clock += 5 * DAY + 1;
    const again = (await login(app, s)).cookie; // the session lapsed meanwhile
    expect(byId((await mine(again)).courselist, soon).isExpire).toBe(true);
  });

  it('a course deleted or taken down since is listed with the Deleted badge (Expired still wins)', async () => {
    const gone = await titled('已删除的课程');
    const down = await titled('已下架的课程');
    const both = await titled('过期又删除', { ce_type: 1, ce_time: 10 });
    await enrol(app, s.id, gone, clock - DAY);
    await enrol(app, s.id, down, clock - DAY);
    await enrol(app, s.id, both, clock - 20 * DAY);
    await okCall(app, 'POST', '/course/delete', admin, { coids: [gone, both] });
    await okCall(app, 'POST', '/course/pub', admin, { coid: down, pub: '0' });

    const { courselist } = await mine();
    expect(byId(courselist, gone).isDelete).toBe(true);
    expect(courseBadge(byId(courselist, gone))).toEqual({ kind: 'deleted', color: null });
    expect(byId(courselist, down).isDelete).toBe(true);
    expect(courseBadge(byId(courselist, both))?.kind).toBe('expired');
    // Neither is listed among those to study; a deleted course that has not expired is not among the expired.
    expect((await mine(s.cookie, '?type=learning')).total).toBe(0);
    expect((await mine(s.cookie, '?type=expired')).courselist.map((item) => item.coid)).toEqual([both]);
  });

  it('study plans assigned to the student or to the student’s group are Required; unapproved, unpublished or others’ plans are not listed', async () => {
    const direct = await plan('直接分配的计划', 'approved');
    const viaGroup = await plan('分配给班级的计划', 'approved');
    const committed = await plan('待审核的计划', 'committed');
    const rejected = await plan('被驳回的计划', 'rejected');
    const hidden = await plan('未发布的计划', 'approved', false);
    const otherGroup = await plan('其他班级的计划', 'approved');
    const [groupId] = s.groupIds;
    const classmate = await signedInStudent(app, { name: '李四' });
    await assign(direct, 'student', s.id, clock - 2 * DAY);
    await assign(viaGroup, 'group', groupId!, clock - DAY);
    await assign(committed, 'student', s.id);
    await assign(rejected, 'group', groupId!);
    await assign(hidden, 'student', s.id);
    await assign(otherGroup, 'student', classmate.id);

    const { courselist, total } = await mine();
    expect(total).toBe(2);
    expect(courselist.map((item) => item.coid_title)).toEqual(['分配给班级的计划', '直接分配的计划']);
    for (const item of courselist) {
      expect(item).toMatchObject({
        required_courses: true,
        source: 'plan',
        type: 3,
        isExpire: false,
        isDelete: false,
        total_chapter: 1,
      });
      expect(courseBadge(item)).toEqual({ kind: 'required', color: '#387dfe' });
    }
    expect(byId(courselist, direct).addtime).toBe(clock - 2 * DAY);
    // The classmate sees only the plan assigned to them.
    expect((await mine(classmate.cookie)).courselist.map((item) => item.coid)).toEqual([otherGroup]);
    // Approved later: the plan appears.
    await app.ctx.db.update(studyPlans).set({ status: 'approved' }).where(eq(studyPlans.courseId, committed));
    expect((await mine()).total).toBe(3);
  });

  it('a free course studied is listed; a paid course’s free trial is not', async () => {
    const free = await learnCourse(app, admin, { title: '免费课程', actual: 0 });
    const paid = await learnCourse(app, admin, { title: '付费课程' });
    await okBeat(app, s.cookie, { coid: free.coid, cid: free.free, start_ts: 1, position: 0 });
    await okBeat(app, s.cookie, { coid: paid.coid, cid: paid.free, start_ts: 2, position: 0 });
    const { courselist } = await mine();
    expect(courselist.map((item) => item.coid_title)).toEqual(['免费课程']);
    expect(courselist[0]!.continueAt).toMatchObject({ cid: free.free, learnType: 'v' });
  });

  it('401 no login for a guest and an administrator; bad paging is refused', async () => {
    for (const cookie of ['', admin]) {
      const res = await call(app, 'GET', '/getstucourse', cookie);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'error', error: 'no login', data: null });
    }
    for (const query of ['?num=0', '?num=51', '?page=0', '?type=deleted']) {
      const res = await call(app, 'GET', `/getstucourse${query}`, s.cookie);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toMatch(/^bad input: querystring\./);
    }
    expect((await call(app, 'GET', '/getstucourse', s.cookie)).res.headers['cache-control']).toBe('private, no-store');
  });

  it('never lists another student’s or another school’s courses', async () => {
    const ours = await titled('本校课程');
    await enrol(app, s.id, ours, clock - DAY);
    const other = await createSchool(app.ctx, {
      name: 'Other school',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const foreignAdmin = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' }))
      .cookie;
    const theirs = (await learnCourse(app, foreignAdmin, { title: '外校课程' })).coid;
    const stranger = await buildStudent(app, { username: 'stranger', password: 'stranger-pass-1', schoolId: other.id });
    const strangerCookie = (
      await login(app, { username: 'stranger', password: 'stranger-pass-1', school: app.ctx.uidCodec.encode(other.id) })
    ).cookie;
    await enrol(app, stranger.id, theirs, clock - DAY);
    // Rows that should never exist (an enrolment across schools) still show nothing of the other school.
    await enrol(app, stranger.id, ours, clock - DAY);
    await enrol(app, s.id, theirs, clock - DAY);

    expect((await mine()).courselist.map((item) => item.coid_title)).toEqual(['本校课程']);
    expect((await mine(strangerCookie)).courselist.map((item) => item.coid_title)).toEqual(['外校课程']);
    const classmate = await signedInStudent(app);
    expect((await mine(classmate.cookie)).total).toBe(0);
  });

  it('is in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(Object.keys((res.json() as { paths: Record<string, unknown> }).paths)).toContain('/getstucourse');
  });
});
