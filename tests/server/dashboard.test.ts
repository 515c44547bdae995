/**
 * The student's control centre and rank over HTTP (issue 18 'Student side'; spec 2 'Dashboard (controller)
 * children' controlle and rank): students only, numbers checked against study made through /web/heartbeat,
 * another school's student, the school's ranking switch.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses, studentGroupMembers, studyPlans } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { formatDate } from '../../shared/rules/dates';
import { weekDays } from '../../shared/rules/dashboard';
import type { ControlCentre, RankReply } from '../../shared/schemas/dashboard';
import { buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { buildPlanAssignment } from '../helpers/factories';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, call, learnCourse, okBeat, okCall, signedInStudent, type LearnCourse } from './records-helpers';

const S = 1000;
const DAY = 86_400_000;

describe('dashboard/controller and dashboard/rank', () => {
  let app: TestApp;
  // A Wednesday morning (server time).
  let clock = new Date(2031, 4, 14, 10, 0, 0).getTime();
  let admin: string;
  let c: LearnCourse;

  beforeEach(async () => {
    clock = new Date(2031, 4, 14, 10, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    c = await learnCourse(app, admin, { title: '进行中的课程' });
  });
  afterEach(() => app.close());

  /** Plays a video chapter honestly for `seconds` from position 0, a heartbeat every 16 s of the app's clock. */
  const play = async (cookie: string, cid: string, seconds: number) => {
    const startTs = clock;
    let at = 0;
    await okBeat(app, cookie, { coid: c.coid, cid, start_ts: startTs, position: at, play_type: 'start' });
    for (let left = seconds; left > 0; left -= 16) {
      const step = Math.min(16, left);
      clock += step * S;
      at += step;
      await okBeat(app, cookie, { coid: c.coid, cid, start_ts: startTs, position: at });
    }
  };
  const centre = (cookie: string) => okCall<ControlCentre>(app, 'GET', '/dashboard/controller', cookie);
  const rank = (cookie: string, query = '') => okCall<RankReply>(app, 'GET', `/dashboard/rank${query}`, cookie);

  it('students only: a guest and an administrator are refused (401), bad rank input is 400', async () => {
    for (const url of ['/dashboard/controller', '/dashboard/rank']) {
      expect((await call(app, 'GET', url, '')).status).toBe(401);
      expect((await call(app, 'GET', url, admin)).status).toBe(401);
    }
    const s = await signedInStudent(app);
    for (const query of ['?period=year', '?by=money', '?scope=abc'])
      expect((await call(app, 'GET', `/dashboard/rank${query}`, s.cookie)).status, query).toBe(400);
  });

  it('the control centre: this week per day, in progress with the next chapter, required with deadlines, exams, expiring', async () => {
    const s = await signedInStudent(app, { name: '学员甲' });
    await enrol(app, s.id, c.coid);
    const schoolId = (await school(app)).id;
    // A required study plan valid 5 days from its assignment (so also almost expiring), assigned to the student.
    const { coid: planId } = await okCall<{ coid: string }>(app, 'POST', '/course/new', admin, {
      title: '必修计划',
      catid: '0',
      type: 3,
      actual: 0,
      ce_type: 1,
      ce_time: 5,
    });
    await okCall(app, 'POST', '/chapter/add', admin, { coid: planId, parent_id: '0', title: '第一阶段', type: 4 });
    await app.ctx.db.update(studyPlans).set({ status: 'approved' }).where(eq(studyPlans.courseId, planId));
    await app.ctx.db.update(courses).set({ published: true }).where(eq(courses.id, planId));
    await buildPlanAssignment(app, { courseId: planId, targetType: 'student', targetId: s.id, createdAt: clock });
    // An exam open to everyone that closes in 3 days, and one not open yet.
    const qid = await seedQuestion(app, { schoolId, type: 2, answer: '0', point: 10 });
    const paperId = await seedPaper(app, { schoolId, questionIds: [qid] });
    const examId = await seedExam(app, { schoolId, paperId, title: '安全考试', closesAt: clock + 3 * DAY });
    await seedExam(app, { schoolId, paperId, title: '下周考试', opensAt: clock + 7 * DAY });

    const before = await centre(s.cookie);
    expect(before.week.seconds).toBe(0);
    expect(before.week.days.map((d) => d.day)).toEqual(weekDays(formatDate(clock, 'yyyy-MM-dd')));
    expect(before.inProgress.total).toBe(0);

    // The free trailer to the end (30 s), then 64 s of the lesson video.
    await play(s.cookie, c.free, 30);
    await play(s.cookie, c.video, 64);
    const today = formatDate(clock, 'yyyy-MM-dd');
    const after = await centre(s.cookie);
    expect(after.today).toBe(today);
    expect(after.week.seconds).toBe(94);
    expect(after.week.days.find((d) => d.day === today)?.seconds).toBe(94);
    expect(after.week.days.filter((d) => d.day !== today).every((d) => d.seconds === 0)).toBe(true);
    expect(after.inProgress.total).toBe(1);
    expect(after.inProgress.list[0]).toMatchObject({
      coid: c.coid,
      complete_chapter: 1,
      total_chapter: 5,
      process: 20,
      // The video was left unfinished: it is where to go on.
      next: { cid: c.video, learnType: 'v', title: 'Lesson video' },
    });
    expect(after.required.list).toEqual([
      expect.objectContaining({ coid: planId, type: 3, deadline: expect.any(Number) }),
    ]);
    expect(after.required.list[0].deadline! - clock).toBeGreaterThan(4 * DAY);
    expect(after.expiring.list).toEqual([
      expect.objectContaining({ coid: planId, timeTips: { unit: 'day', amount: expect.any(Number) } }),
    ]);
    expect(after.exams.total).toBe(1);
    expect(after.exams.list[0]).toMatchObject({ id: examId, title: '安全考试', state: 'available' });
    expect(after.unread).toEqual({ notices: expect.any(Number), announcements: 0, messages: 0 });
    expect(after.ranking).toBe(true);

    // The video finished: the next chapter is the one after it (the PDF).
    await play(s.cookie, c.video, 600);
    const done = await centre(s.cookie);
    expect(done.inProgress.list[0].next).toMatchObject({ cid: c.pdf, learnType: 'p' });
    expect(done.week.seconds).toBe(94 + 600);

    // Another day of the week adds its own bar; next week starts again at 0.
    clock += DAY;
    s.cookie = (await login(app, s)).cookie;
    await play(s.cookie, c.free, 16);
    const tomorrow = await centre(s.cookie);
    expect(tomorrow.week.days.find((d) => d.day === formatDate(clock, 'yyyy-MM-dd'))?.seconds).toBe(16);
    expect(tomorrow.week.seconds).toBe(694 + 16);
    clock += 7 * DAY;
    s.cookie = (await login(app, s)).cookie;
    expect((await centre(s.cookie)).week.seconds).toBe(0);
  });

  it('rank by study time and by points, in the school and in each group, week, month and all time', async () => {
    await okCall(app, 'POST', '/point/setrules', admin, {
      list: [
        { rule: 'dailyFirst', points: 5, daily_limit: 0, enabled: true },
        { rule: 'chapterDone', points: 3, daily_limit: 0, enabled: true },
      ],
    });
    const a = await signedInStudent(app, { name: '甲', groups: ['一班'] });
    const b = await signedInStudent(app, { name: '乙' });
    const idle = await signedInStudent(app, { name: '丙' });
    await app.ctx.db.insert(studentGroupMembers).values({ studentId: b.id, groupId: a.groupIds[0] });
    for (const who of [a, b, idle]) await enrol(app, who.id, c.coid);
    // 甲: the trailer to the end (a chapter done) and 64 s of video; 乙: 32 s of video.
    await play(a.cookie, c.free, 30);
    await play(a.cookie, c.video, 64);
    await play(b.cookie, c.video, 32);

    const mine = await rank(a.cookie);
    expect(mine).toMatchObject({ period: 'week', by: 'time', scope: '' });
    const [inSchool, inGroup] = mine.scopes;
    expect(inSchool).toMatchObject({ scope: '', time: { rank: 1, of: 3, value: 94 }, points: { rank: 1, value: 8 } });
    expect(inGroup).toMatchObject({
      scope: a.groupIds[0],
      name: '一班',
      time: { rank: 1, of: 2, value: 94 },
      points: { rank: 1, of: 2, value: 8 },
    });
    expect(mine.top).toEqual([
      { rank: 1, name: '甲', value: 94, me: true },
      { rank: 2, name: '乙', value: 32, me: false },
    ]);
    expect(mine.mine).toEqual({ rank: 1, name: '甲', value: 94, me: true });

    const theirs = await rank(b.cookie, `?by=points&scope=${a.groupIds[0]}`);
    expect(theirs.top.map((row) => [row.rank, row.name, row.value])).toEqual([
      [1, '甲', 8],
      [2, '乙', 5],
    ]);
    expect(theirs.mine).toMatchObject({ rank: 2, value: 5 });
    // Not studied at all: after everyone who did, outside the top list, with their own row.
    const last = await rank(idle.cookie, '?period=month');
    expect(last.mine).toMatchObject({ rank: 3, value: 0, name: '丙' });
    expect(last.scopes).toHaveLength(1);
    expect((await rank(a.cookie, '?period=all')).mine.value).toBe(94);
    // A group that is not theirs: 404.
    expect((await call(app, 'GET', `/dashboard/rank?scope=${a.groupIds[0]}`, idle.cookie)).status).toBe(404);
  });

  it('another school: its students rank among their own, and see none of this school', async () => {
    const s = await signedInStudent(app, { name: '本校' });
    await enrol(app, s.id, c.coid);
    await play(s.cookie, c.video, 32);
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const made = await buildStudent(app, { schoolId: theirs.id, username: 'stranger', groups: ['外校班'] });
    const stranger = (await login(app, { ...made, school: theirs.id })).cookie;
    const view = await centre(stranger);
    expect(view.inProgress.total + view.required.total + view.exams.total + view.expiring.total).toBe(0);
    expect(view.week.seconds).toBe(0);
    const ranked = await rank(stranger);
    expect(ranked.top).toEqual([]);
    expect(ranked.scopes[0]).toMatchObject({ name: 'Other', time: { rank: 1, of: 1, value: 0 } });
    // This school's group is no scope of theirs; theirs is none of this school's student.
    const ours = await rank(s.cookie);
    expect(ours.top.map((row) => row.name)).toEqual(['本校']);
    expect((await call(app, 'GET', `/dashboard/rank?scope=${made.groupIds[0]}`, s.cookie)).status).toBe(404);
  });

  it('a school that turns ranking off: the rank call is 404 and the control centre says so; on again, it is back', async () => {
    const s = await signedInStudent(app);
    const off = await call(app, 'POST', '/student/setting', admin, { ranking: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ ranking: false });
    const refused = await call(app, 'GET', '/dashboard/rank', s.cookie);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ranking is turned off');
    expect((await centre(s.cookie)).ranking).toBe(false);
    expect((await call(app, 'POST', '/student/setting', admin, { ranking: true })).status).toBe(200);
    expect((await rank(s.cookie)).mine.rank).toBe(1);
    expect((await centre(s.cookie)).ranking).toBe(true);
  });
});
