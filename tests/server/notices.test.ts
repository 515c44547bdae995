/**
 * System notices over HTTP (issue 16 'System notices'): notice/list, notice/read, notice/readall and the badges'
 * notice/unread for every role and another school; notices written by the events that exist, inside their
 * transactions (an administrator's grant to a student and to a group, an enrolment key, an exam published to a
 * group, a reply to a comment, the daily expiry sweep once per grant and threshold).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateMessages } from '../../server/db/schema';
import { runExpiryNotices } from '../../server/modules/notices/expiry-sweep';
import { createSchool } from '../../server/modules/schools/schools.service';
import { formatDate } from '../../shared/rules/dates';
import {
  buildAdmin,
  buildComment,
  buildStudent,
  login,
  makeApp,
  school,
  seedExam,
  seedPaper,
  seedQuestion,
  seedSitting,
  type TestApp,
} from '../helpers/factories';
import { data, injectAs } from '../helpers/kit';
import { adminCookie, learnCourse, signedInStudent, type LearnCourse } from './records-helpers';

type Notice = { id: string; kind: string; params: Record<string, string | number>; link: string; read: boolean };
type List = { list: Notice[]; total: number; unread: number };
type Unread = { notices: number; announcements: number; messages: number };

const DAY = 86_400_000;

describe('system notices', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 5, 1, 4, 0, 0);
  let admin: string;
  let course: LearnCourse;
  let member: Awaited<ReturnType<typeof signedInStudent>>;
  let loner: Awaited<ReturnType<typeof signedInStudent>>;
  let other: { admin: string; student: string };

  const as = (who: string | null) => injectAs(app, who);
  const list = async (cookie: string, query = '') => data<List>(await as(cookie).get(`/notice/list${query}`));
  const unread = async (cookie: string) => data<Unread>(await as(cookie).get('/notice/unread'));

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    course = await learnCourse(app, admin, { title: 'Granted course', actual: 80 });
    member = await signedInStudent(app, { name: 'Member', groups: ['Class A'] });
    loner = await signedInStudent(app, { username: 'loner', name: 'Loner' });
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger' });
    other = {
      admin: (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie,
      student: (await login(app, { username: 'stranger', password: stranger.password, school: theirs.id })).cookie,
    };
  });
  afterAll(() => app.close());

  it('refuses a guest and an administrator (401: no student login) on every call', async () => {
    const calls: [string, string, object?][] = [
      ['GET', '/notice/list'],
      ['POST', '/notice/read', { id: '1' }],
      ['POST', '/notice/readall', {}],
      ['GET', '/notice/unread'],
    ];
    const sub = await buildAdmin(app, { permissions: ['student'] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    for (const [method, url, payload] of calls) {
      for (const who of [null, admin, subCookie]) {
        const res = await as(who).inject({ method: method as 'GET', url, payload });
        expect(res.statusCode, `${url} ${res.body}`).toBe(401);
      }
    }
  });

  it('an administrator grant to a student and to a group tells each student once, with a link to the course', async () => {
    const before = await unread(loner.cookie);
    expect(before).toEqual({ notices: 0, announcements: 0, messages: 0 });
    data(await as(admin).post('/grant/add', { kind: 'course', id: course.coid, sids: [loner.id], gids: [] }));
    data(await as(admin).post('/grant/add', { kind: 'course', id: course.coid, sids: [], gids: member.groupIds }));
    for (const who of [loner, member]) {
      const mine = await list(who.cookie);
      expect(mine.list).toHaveLength(1);
      expect(mine.list[0]).toMatchObject({
        kind: 'course.granted',
        params: { title: 'Granted course', item: 'course' },
        link: `/course/${app.ctx.courseCodec.encode(course.coid)}`,
        read: false,
      });
      expect(mine.unread).toBe(1);
      expect((await unread(who.cookie)).notices).toBe(1);
    }
    // Granting what is held already (the same end) tells nobody again.
    data(await as(admin).post('/grant/add', { kind: 'course', id: course.coid, sids: [loner.id], gids: [] }));
    expect((await list(loner.cookie)).total).toBe(1);
  });

  it('marks one read, only the owner’s, and all read; the unread counts drop', async () => {
    const [notice] = (await list(loner.cookie)).list;
    // Another student (of this school or another) cannot mark it.
    expect(data(await as(member.cookie).post('/notice/read', { id: notice.id }))).toEqual({ read: 0 });
    expect(data(await as(other.student).post('/notice/read', { id: notice.id }))).toEqual({ read: 0 });
    expect((await list(other.student)).list).toEqual([]);
    expect((await unread(loner.cookie)).notices).toBe(1);
    expect(data(await as(loner.cookie).post('/notice/read', { id: notice.id }))).toEqual({ read: 1 });
    expect(data(await as(loner.cookie).post('/notice/read', { id: notice.id }))).toEqual({ read: 0 });
    expect((await unread(loner.cookie)).notices).toBe(0);
    expect((await list(loner.cookie)).list[0].read).toBe(true);
    expect((await as(loner.cookie).post('/notice/read', { id: 'garbage' })).statusCode).toBe(400);

    expect(data(await as(member.cookie).post('/notice/readall', {}))).toEqual({ read: 1 });
    expect((await unread(member.cookie)).notices).toBe(0);
  });

  it('counts unread private messages sent to the student only', async () => {
    const at = clock;
    const row = async (recipientId: string, readAt: number | null) => ({
      id: app.ctx.ids.next(),
      schoolId: (await school(app)).id,
      senderKind: 'admin' as const,
      senderId: '1',
      recipientKind: 'student' as const,
      recipientId,
      body: 'Hello',
      createdAt: at,
      readAt,
    });
    await app.ctx.db
      .insert(privateMessages)
      .values([
        await row(loner.id, null),
        await row(loner.id, null),
        await row(loner.id, at),
        await row(member.id, null),
      ]);
    expect((await unread(loner.cookie)).messages).toBe(2);
    expect((await unread(member.cookie)).messages).toBe(1);
  });

  it('an enrolment key tells the student who used it', async () => {
    const keyed = await learnCourse(app, admin, { title: 'Keyed course', actual: 0 });
    data(await as(admin).post('/key/set', { coid: keyed.coid, secret: 'open-sesame' }));
    const student = await signedInStudent(app, { name: 'Keyholder' });
    data(await as(student.cookie).post('/enrol/key', { coid: keyed.coid, key: 'open-sesame' }));
    const [notice] = (await list(student.cookie)).list;
    expect(notice).toMatchObject({ kind: 'course.granted', params: { title: 'Keyed course' } });
  });

  it('publishing an exam to a group tells its members once; a reply to a comment tells its author', async () => {
    const schoolId = (await school(app)).id;
    const qid = await seedQuestion(app, { schoolId, type: 2, answer: '0' });
    const paperId = await seedPaper(app, { schoolId, questionIds: [qid] });
    const examId = await seedExam(app, {
      schoolId,
      paperId,
      title: 'Midterm',
      status: 'draft',
      audience: [{ targetType: 'group', targetId: member.groupIds[0] }],
    });
    data(await as(admin).post('/examadmin/exam/publish', { id: examId, publish: true }));
    data(await as(admin).post('/examadmin/exam/publish', { id: examId, publish: false }));
    data(await as(admin).post('/examadmin/exam/publish', { id: examId, publish: true }));
    const exams = (await list(member.cookie)).list.filter((n) => n.kind === 'exam.published');
    expect(exams).toHaveLength(1);
    expect(exams[0]).toMatchObject({ params: { title: 'Midterm' }, link: '/dashboard#/controller/myexam' });
    expect((await list(loner.cookie)).list.some((n) => n.kind === 'exam.published')).toBe(false);

    const cmid = await buildComment(app, { courseId: course.coid, authorId: loner.id });
    data(await as(admin).post('/a/comment/reply', { cmid, text: 'Thanks for asking' }));
    const [reply] = (await list(loner.cookie)).list;
    expect(reply).toMatchObject({ kind: 'comment.replied', params: { title: 'Granted course' } });
    expect(reply.link).toContain('#/introduce/comment');
  });

  it('a redeem code, a marked exam and an assigned study plan each tell the student', async () => {
    const student = await signedInStudent(app, { name: 'Busy', groups: ['Class P'] });
    const kinds = async () => (await list(student.cookie)).list.map((n) => n.kind);

    const coded = await learnCourse(app, admin, { title: 'Coded course', actual: 30 });
    const batch = data<{ id: string }>(
      await as(admin).post('/code/batch/add', { kind: 'course', id: coded.coid, count: 1 }),
    );
    const [code] = data<{ list: { code: string }[] }>(await as(admin).get(`/code/list?batch=${batch.id}`)).list;
    data(await as(student.cookie).post('/redeem', { code: code.code }));
    expect((await list(student.cookie)).list[0]).toMatchObject({
      kind: 'course.granted',
      params: { title: 'Coded course' },
    });

    const schoolId = (await school(app)).id;
    const qid = await seedQuestion(app, { schoolId, type: 3, answer: 'Because', point: 10 });
    const paperId = await seedPaper(app, { schoolId, questionIds: [qid] });
    const examId = await seedExam(app, { schoolId, paperId, title: 'Essay exam' });
    const sittingId = await seedSitting(app, { examId, studentId: student.id, answers: { [qid]: 'Light scatters' } });
    data(await as(admin).post('/examadmin/marking/mark', { source: 'exam', sittingId, qid, point: 7 }));
    expect((await list(student.cookie)).list[0]).toMatchObject({
      kind: 'exam.marked',
      params: { title: 'Essay exam', score: 7 },
      link: '/dashboard#/controller/exams',
    });

    const plan = data<{ coid: string }>(
      await as(admin).post('/studyplan/create', { title: 'Safety plan', kind: 'growth', courses: [course.coid] }),
    );
    data(await as(admin).post('/studyplan/assign', { coid: plan.coid, sids: [], gids: student.groupIds }));
    data(await as(admin).post('/studyplan/assign', { coid: plan.coid, sids: [student.id], gids: [] }));
    // Told once the student has the plan: approved and published (tests/server/notices-timing.test.ts).
    expect(await kinds()).toEqual(['exam.marked', 'course.granted']);
    data(await as(admin).post('/studyplan/commit', { coid: plan.coid }));
    data(await as(admin).post('/studyplan/verify', { coid: plan.coid, approve: true }));
    data(await as(admin).post('/course/pub', { coid: plan.coid, pub: '1' }));
    const planNotices = (await list(student.cookie)).list.filter((n) => n.kind === 'plan.assigned');
    expect(planNotices).toHaveLength(1);
    expect(planNotices[0]).toMatchObject({ params: { title: 'Safety plan' } });
    expect(planNotices[0].link).toContain(`studyplandetailstu?coid=${plan.coid}`);
    expect(await kinds()).toEqual(['plan.assigned', 'exam.marked', 'course.granted']);
  });

  it('pages newest first, 15 to a page', async () => {
    const all = await list(loner.cookie);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.list[0].kind).toBe('comment.replied');
    const page = await list(loner.cookie, '?page=2&num=1');
    expect(page.list.map((n) => n.id)).toEqual([all.list[1].id]);
    expect((await as(loner.cookie).get('/notice/list?num=51')).statusCode).toBe(400);
  });
  it('the daily sweep tells of a course about to expire once per grant and threshold', async () => {
    const expiring = await learnCourse(app, admin, { title: 'Expiring course', actual: 50 });
    const holder = await signedInStudent(app, { name: 'Holder' });
    const until = formatDate(clock + 5 * DAY, 'yyyy-MM-dd');
    data(await as(admin).post('/grant/add', { kind: 'course', id: expiring.coid, sids: [holder.id], gids: [], until }));
    // Sessions last a day: the holder signs in again after the clock moves on.
    const kinds = async () => {
      const cookie = (await login(app, holder)).cookie;
      return (await list(cookie)).list.map((n) => `${n.kind}:${n.params.days ?? ''}`);
    };
    await runExpiryNotices(app.ctx);
    await runExpiryNotices(app.ctx);
    expect((await kinds()).filter((k) => k.startsWith('course.expiring'))).toEqual(['course.expiring:7']);
    // The end is the last instant of its day (about 5.8 days away): 0.6 days before it, the day threshold.
    clock += 5.2 * DAY;
    await runExpiryNotices(app.ctx);
    await runExpiryNotices(app.ctx);
    expect((await kinds()).filter((k) => k.startsWith('course.expiring'))).toEqual([
      'course.expiring:1',
      'course.expiring:7',
    ]);
    clock += 2 * DAY;
    await runExpiryNotices(app.ctx);
    expect((await kinds()).filter((k) => k.startsWith('course.expiring'))).toHaveLength(2);
  });

  it("the sweep tells a group grant's members, and not a student who still holds the course another way", async () => {
    // The clock moved days on: the administrator signs in again.
    admin = await adminCookie(app);
    const course = await learnCourse(app, admin, { title: 'Group course', actual: 50 });
    const member = await signedInStudent(app, { name: 'Group member', groups: ['Sweep class'] });
    const covered = await signedInStudent(app, { name: 'Covered', groups: ['Sweep class'] });
    const soon = formatDate(clock + 3 * DAY, 'yyyy-MM-dd');
    const later = formatDate(clock + 60 * DAY, 'yyyy-MM-dd');
    const grant = (payload: object) =>
      as(admin).post('/grant/add', { kind: 'course', id: course.coid, sids: [], gids: [], ...payload });
    data(await grant({ gids: member.groupIds, until: soon }));
    // 'Covered' also holds it on its own until much later: the group's end is not theirs.
    data(await grant({ sids: [covered.id], until: later }));
    await runExpiryNotices(app.ctx);
    const expiring = async (who: typeof member) =>
      (await list((await login(app, who)).cookie)).list.filter(
        (n) => n.kind === 'course.expiring' && n.params.title === 'Group course',
      );
    expect((await expiring(member)).map((n) => n.params.days)).toEqual([7]);
    expect(await expiring(covered)).toEqual([]);
  });

  it('the sweep tells of a membership about to end by its latest end, once per threshold', async () => {
    admin = await adminCookie(app);
    const post = async <T>(url: string, payload: object) => data<T>(await as(admin).post(url, payload));
    const { catid } = await post<{ catid: string }>('/course/category', { title: 'Members only', parent_id: '0' });
    const base = { price: '9.90', catids: [catid], published: true };
    const short = await post<{ id: string }>('/member/edit', { ...base, title: 'Short plan', days: 5 });
    const long = await post<{ id: string }>('/member/edit', { ...base, title: 'Long plan', days: 5 });
    const student = await signedInStudent(app, { name: 'Member of two' });
    await post('/member/grant', { plan_id: short.id, sids: [student.id] });
    await post('/member/grant', { plan_id: long.id, sids: [student.id] });
    // The long plan is renewed: a second row from the current end, so it runs 10 days.
    await post('/member/grant', { plan_id: long.id, sids: [student.id] });
    await runExpiryNotices(app.ctx);
    await runExpiryNotices(app.ctx);
    const ending = async () =>
      (await list((await login(app, student)).cookie)).list
        .filter((n) => n.kind === 'member.expiring')
        .map((n) => `${n.params.title}:${n.params.days}`);
    expect(await ending()).toEqual(['Short plan:7']);
    // 4.5 days on: the short plan within its last day, the renewed one within a week (5.5 days left).
    clock += 4.5 * DAY;
    await runExpiryNotices(app.ctx);
    expect(await ending()).toEqual(['Long plan:7', 'Short plan:1', 'Short plan:7']);
  });
});
