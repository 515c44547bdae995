/**
 * Study plans over HTTP (a plan made from courses (growth, phase, staged), published, assigned to students
 * or groups, and its verify and commit flow; spec 7 studyplan/stu/*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { PLAN_ERRORS } from '../../shared/schemas/plans';
import { students } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { seedResource } from '../helpers/learning-factory';
import { call, okCall, signedInStudent } from './records-helpers';
import { sqlGet } from '../helpers/sql';

const START = new Date(2026, 5, 15, 12, 0, 0).getTime();

describe('study plans', () => {
  let app: TestApp;
  let clock = START;
  let admin: string;
  let schoolId: string;
  /** Course A: a heading 'Part 1' with a video and a PDF under it, then a top-level video; course B: an empty heading and a video. */
  let courseA: { coid: string; lessons: { cid: string; rid: string; title: string }[] };
  let courseB: { coid: string; lessons: { cid: string; rid: string; title: string }[] };

  const get = <T = Record<string, unknown>>(url: string, cookie = admin) => okCall<T>(app, 'GET', url, cookie);
  const post = <T = Record<string, unknown>>(url: string, payload: object, cookie = admin) =>
    okCall<T>(app, 'POST', url, cookie, payload);

  async function sourceCourse(
    title: string,
    layout: ('heading' | 'video' | 'pdf' | ['heading', ...('video' | 'pdf')[]])[],
  ) {
    const { coid } = await post<{ coid: string }>('/course/new', { title, catid: '0', type: 0 });
    const lessons: { cid: string; rid: string; title: string }[] = [];
    const add = (parent: string, kind: 'heading' | 'video' | 'pdf', name: string) =>
      post<{ cid: string }>('/chapter/add', {
        coid,
        parent_id: parent,
        title: name,
        type: kind === 'heading' ? CHAPTER_TYPE.heading : kind === 'video' ? CHAPTER_TYPE.video : CHAPTER_TYPE.document,
      }).then((c) => c.cid);
    const attach = async (cid: string, kind: 'video' | 'pdf', name: string) => {
      const rid =
        kind === 'video'
          ? await seedResource(app, {
              schoolId,
              kind: 'video',
              fileName: `${name}.mp4`,
              mime: 'video/mp4',
              source: Buffer.from('video'),
              duration: 60,
              outputs: { mp4: 'video.mp4' },
            })
          : await seedResource(app, {
              schoolId,
              kind: 'pdf',
              fileName: `${name}.pdf`,
              mime: 'application/pdf',
              source: Buffer.from('%PDF-1.4'),
              outputs: { pages: 2 },
            });
      await post('/chapter/ware', { cid, rid });
      lessons.push({ cid, rid, title: name });
    };
    let n = 0;
    for (const item of layout) {
      if (Array.isArray(item)) {
        const head = await add('0', 'heading', `${title} part ${++n}`);
        for (const kind of item.slice(1) as ('video' | 'pdf')[]) {
          const name = `${title} ${kind} ${++n}`;
          await attach(await add(head, kind, name), kind, name);
        }
      } else if (item === 'heading') {
        await add('0', 'heading', `${title} heading ${++n}`);
      } else {
        const name = `${title} ${item} ${++n}`;
        await attach(await add('0', item, name), item, name);
      }
    }
    return { coid, lessons };
  }

  const createPlan = (body: Record<string, unknown>, cookie = admin) =>
    call<{ coid: string }>(app, 'POST', '/studyplan/create', cookie, body);
  const publish = (coid: string, cookie = admin) => call(app, 'POST', '/course/pub', cookie, { coid, pub: '1' });

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    schoolId = (await school(app)).id;
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    courseA = await sourceCourse('Algebra', [['heading', 'video', 'pdf'], 'video']);
    courseB = await sourceCourse('Geometry', ['heading', 'video']);
  });
  afterAll(async () => app.close());

  it('creates a plan from two courses: a stage per course, its lessons copies pointing at the same resources', async () => {
    const { status, body } = await createPlan({
      title: 'Maths plan',
      kind: 'growth',
      courses: [courseA.coid, courseB.coid],
      verify: false,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const coid = body.data.coid;
    const info = await get<{
      kind: string;
      status: string;
      published: boolean;
      stages: number;
      lessons: number;
      stageList: { cid: string; title: string; lessons: { cid: string; title: string; rid: string; type: number }[] }[];
    }>(`/studyplan/info?coid=${coid}`);
    expect(info).toMatchObject({ kind: 'growth', status: 'draft', published: false, stages: 2, lessons: 4 });
    expect(info.stageList.map((stage) => stage.title)).toEqual(['Algebra', 'Geometry']);
    const [first, second] = info.stageList;
    expect(first.lessons.map((l) => [l.title, l.rid])).toEqual(courseA.lessons.map((l) => [l.title, l.rid]));
    expect(second.lessons.map((l) => [l.title, l.rid])).toEqual(courseB.lessons.map((l) => [l.title, l.rid]));
    // Copies, not the source chapters; no file copied: the resources table holds the same rows.
    expect(first.lessons.map((l) => l.cid)).not.toEqual(courseA.lessons.map((l) => l.cid));
    expect(await sqlGet(app, 'select count(*) as n from resources')).toEqual({ n: 4 });
    const row = await sqlGet(app, 'select type, level, private, published, actual_fen from courses where id = ?', coid);
    expect(row).toEqual({ type: 3, level: 0, private: 1, published: 0, actual_fen: 0 });
    // The school's list shows it by state.
    const drafts = await get<{ list: { coid: string }[]; total: number }>('/studyplan/list?status=draft');
    expect(drafts.list.map((p) => p.coid)).toContain(coid);
    expect((await get<{ total: number }>('/studyplan/list?status=approved')).total).toBe(0);
  });

  it('refuses a course of another school, an unknown course, a repeated course, a course with nothing to study, and a staged plan without stage settings, writing nothing', async () => {
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const other = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    const { coid: theirs } = await post<{ coid: string }>(
      '/course/new',
      { title: 'Theirs', catid: '0', type: 0 },
      other,
    );
    await post('/chapter/add', { coid: theirs, parent_id: '0', title: 'Their video', type: CHAPTER_TYPE.video }, other);
    const before = await sqlGet(app, 'select count(*) as n from courses');

    const foreign = await createPlan({ title: 'Mixed', kind: 'growth', courses: [courseA.coid, theirs] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('bad input: body.courses.1 is not a course of this school');
    expect((await createPlan({ title: 'Unknown', kind: 'growth', courses: ['123456789012345'] })).status).toBe(400);
    const repeated = await createPlan({ title: 'Twice', kind: 'phase', courses: [courseA.coid, courseA.coid] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toContain('courses');
    const { coid: empty } = await post<{ coid: string }>('/course/new', { title: 'Empty', catid: '0', type: 0 });
    const nothing = await createPlan({ title: 'Nothing', kind: 'growth', courses: [empty] });
    expect(nothing.body.error).toBe(`bad input: body.courses.0 ${PLAN_ERRORS.noStudyChapters}`);
    expect((await createPlan({ title: 'Staged', kind: 'staged', courses: [courseA.coid] })).status).toBe(400);
    // Another school's admin cannot use our course either.
    expect((await createPlan({ title: 'Steal', kind: 'growth', courses: [courseA.coid] }, other)).status).toBe(400);
    expect(await sqlGet(app, 'select count(*) as n from courses')).toEqual({
      n: (before as { n: number }).n + 1,
    });
    expect(await sqlGet(app, 'select count(*) as n from study_plans where school_id != ?', schoolId)).toEqual({
      n: 0,
    });
  });

  it('goes through commit and verify: only the main admin reviews, a reason is needed to reject, and only an approved plan is published', async () => {
    const sub = await buildSubAdmin(app, ['course']);
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    const noCourse = await buildSubAdmin(app, ['resource']);
    const noCourseCookie = (await login(app, { ...noCourse, role: 'admin' })).cookie;

    // A sub-admin with 'course' builds and commits; one without it sees nothing.
    const created = await createPlan({ title: 'Reviewed plan', kind: 'phase', courses: [courseB.coid] }, subCookie);
    expect(created.status).toBe(200);
    const coid = created.body.data.coid;
    expect((await call(app, 'GET', `/studyplan/info?coid=${coid}`, noCourseCookie)).status).toBe(403);
    expect((await call(app, 'GET', `/studyplan/info?coid=${coid}`, '')).status).toBe(401);

    const early = await publish(coid);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(PLAN_ERRORS.notApproved);
    // Not committed yet: nothing to verify.
    expect((await call(app, 'POST', '/studyplan/verify', admin, { coid, approve: true })).status).toBe(409);

    expect((await post<{ review: { status: string } }>('/studyplan/commit', { coid }, subCookie)).review.status).toBe(
      'committed',
    );
    expect((await call(app, 'POST', '/studyplan/commit', subCookie, { coid })).status).toBe(409);
    const bySub = await call(app, 'POST', '/studyplan/verify', subCookie, { coid, approve: true });
    expect(bySub.status).toBe(403);
    expect(bySub.body.error).toBe(PLAN_ERRORS.mainAdminOnly);
    expect((await get<{ canVerify: boolean }>(`/studyplan/info?coid=${coid}`, subCookie)).canVerify).toBe(false);
    expect((await get<{ canVerify: boolean }>(`/studyplan/info?coid=${coid}`)).canVerify).toBe(true);

    const noReason = await call(app, 'POST', '/studyplan/verify', admin, { coid, approve: false, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toContain('reason');
    const rejected = await post<{ review: { status: string; reason: string; verified_by: string } }>(
      '/studyplan/verify',
      { coid, approve: false, reason: 'Add the algebra course first' },
    );
    expect(rejected.review).toMatchObject({
      status: 'rejected',
      reason: 'Add the algebra course first',
      verified_by: (await school(app)).id,
    });
    expect((await publish(coid)).status).toBe(409);

    await post('/studyplan/commit', { coid }, subCookie);
    const approved = await post<{ review: { status: string; reason: string } }>('/studyplan/verify', {
      coid,
      approve: true,
    });
    expect(approved.review).toEqual(expect.objectContaining({ status: 'approved', reason: '' }));
    expect((await call(app, 'POST', '/studyplan/commit', admin, { coid })).status).toBe(409);
    const pub = await publish(coid, subCookie);
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect((await get<{ published: boolean }>(`/studyplan/info?coid=${coid}`)).published).toBe(true);
    // Unpublishing always passes; editing a published plan's lessons stays allowed.
    expect((await call(app, 'POST', '/course/pub', admin, { coid, pub: '0' })).status).toBe(200);
    const info = await get<{ stageList: { lessons: { cid: string }[] }[] }>(`/studyplan/info?coid=${coid}`);
    expect(
      (
        await call(app, 'POST', '/chapter/rename', admin, {
          cid: info.stageList[0].lessons[0].cid,
          title: 'Renamed lesson',
        })
      ).status,
    ).toBe(200);
  });

  it('assigns to a group: a member sees the approved, published plan and its locks; a non-member gets 404; unassigning takes it away', async () => {
    const { body } = await createPlan({
      title: 'Growth plan',
      kind: 'growth',
      courses: [courseA.coid, courseB.coid],
      verify: true,
    });
    const coid = body.data.coid;
    await post('/studyplan/commit', { coid });
    await post('/studyplan/verify', { coid, approve: true });
    expect((await publish(coid)).status).toBe(200);

    const member = await signedInStudent(app, { groups: ['Class 1'] });
    const gid = member.groupIds[0];
    const outsider = await signedInStudent(app);
    const direct = await signedInStudent(app);

    // Targets must be of the school.
    const otherSchool = (
      await createSchool(app.ctx, { name: 'Third', adminUsername: 'third-admin', adminPassword: 'third-pass-1' })
    ).id;
    const stranger = await buildStudent(app, { schoolId: otherSchool });
    const bad = await call(app, 'POST', '/studyplan/assign', admin, { coid, sids: [stranger.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('bad input: body.sids must name students of this school');

    expect((await get<{ list: unknown[] }>('/studyplan/stu/list', member.cookie)).list).toEqual([]);
    const assigned = await post<{ changed: number; groups: number; students: number }>('/studyplan/assign', {
      coid,
      gids: [gid],
    });
    expect(assigned).toMatchObject({ changed: 1, groups: 1, students: 0 });
    expect(
      (await post<{ changed: number }>('/studyplan/assign', { coid, gids: [gid], sids: [direct.id] })).changed,
    ).toBe(1);
    const who = await get<{ students: { sid: string }[]; groups: { gid: string; name: string; members: number }[] }>(
      `/studyplan/assignees?coid=${coid}`,
    );
    expect(who.groups).toEqual([{ gid, name: 'Class 1', members: 1 }]);
    expect(who.students.map((s) => s.sid)).toEqual([direct.id]);

    const mine = await get<{ list: { coid: string; kind: string; stages: number; progress: { total: number } }[] }>(
      '/studyplan/stu/list',
      member.cookie,
    );
    expect(mine.list).toEqual([
      expect.objectContaining({ coid, kind: 'growth', stages: 2, progress: { process: 0, complete: 0, total: 4 } }),
    ]);
    expect(
      (await get<{ list: { coid: string }[] }>('/studyplan/stu/list', direct.cookie)).list.map((p) => p.coid),
    ).toEqual([coid]);
    expect((await get<{ list: unknown[] }>('/studyplan/stu/list', outsider.cookie)).list).toEqual([]);
    expect((await call(app, 'GET', `/studyplan/stu/detail?coid=${coid}`, outsider.cookie)).status).toBe(404);
    const guest = await call(app, 'GET', '/studyplan/stu/list', '');
    expect(guest.status).toBe(401);
    expect(guest.body.error).toBe('no login');

    type Detail = {
      stageList: {
        cid: string;
        finished: boolean;
        lock: { message: string; blockedBy: string } | null;
        lessons: { cid: string; lock: { message: string } | null; complete: boolean }[];
      }[];
    };
    const detail = () => get<Detail>(`/studyplan/stu/detail?coid=${coid}`, member.cookie);
    let plan = await detail();
    const [one, two] = plan.stageList;
    expect(one.lock).toBeNull();
    expect(one.lessons.every((lesson) => lesson.lock === null)).toBe(true);
    expect(two.lock).toEqual({ message: 'orderTip', blockedBy: one.cid });
    expect(two.lessons.map((lesson) => lesson.lock?.message)).toEqual(['orderTip']);

    await post('/learn/start', { coid }, member.cookie);
    // Studying every lesson of stage 1 is not enough with verify on: the stage's review must approve it.
    for (const lesson of one.lessons)
      await post('/learn/record/update', { sid: member.id, coid, cid: lesson.cid, progress: 1 });
    plan = await detail();
    expect(plan.stageList[0].lessons.every((lesson) => lesson.complete)).toBe(true);
    expect(plan.stageList[1].lock?.message).toBe('orderTip');
    await post('/learn/record/update', { sid: member.id, coid, cid: one.cid, verify_status: 1 });
    plan = await detail();
    expect(plan.stageList[0].finished).toBe(true);
    expect(plan.stageList[1].lock).toBeNull();
    expect(plan.stageList[1].lessons[0].lock).toBeNull();
    expect(
      (await get<{ list: { progress: { complete: number } }[] }>('/studyplan/stu/list', member.cookie)).list[0].progress
        .complete,
    ).toBe(3);

    // Unpublished or unassigned: gone from the list, 404 on the detail.
    expect((await call(app, 'POST', '/course/pub', admin, { coid, pub: '0' })).status).toBe(200);
    expect((await call(app, 'GET', `/studyplan/stu/detail?coid=${coid}`, member.cookie)).status).toBe(404);
    await publish(coid);
    const removed = await post<{ changed: number; groups: number }>('/studyplan/unassign', { coid, gids: [gid] });
    expect(removed).toMatchObject({ changed: 1, groups: 0 });
    expect((await get<{ list: unknown[] }>('/studyplan/stu/list', member.cookie)).list).toEqual([]);
    expect((await call(app, 'GET', `/studyplan/stu/detail?coid=${coid}`, member.cookie)).status).toBe(404);
    expect((await get<{ list: unknown[] }>('/studyplan/stu/list', direct.cookie)).list).toHaveLength(1);
  });

  it('a staged plan: each lesson opens on its date (stage_year, quarter, position + 1) and closes after the end date in its description', async () => {
    // Quarter 3 of 2026: stage 1 in July, stage 2 in August; the clock says 15 June.
    const { body } = await createPlan({
      title: 'Staged plan',
      kind: 'staged',
      courses: [courseA.coid, courseB.coid],
      stage: { stage_year: 2026, label: 1, stage_date: 3, expire_limit: true },
    });
    const coid = body.data.coid;
    const info = await get<{ kind: string; stage: unknown; stageList: { lessons: { cid: string }[] }[] }>(
      `/studyplan/info?coid=${coid}`,
    );
    expect(info.kind).toBe('staged');
    expect(info.stage).toEqual({ stage_year: 2026, label: 1, stage_date: 3, expire_limit: true });
    await post('/chapter/update', { cid: info.stageList[0].lessons[0].cid, description: '<p>Ends 2026-07-10</p>' });
    await post('/studyplan/commit', { coid });
    await post('/studyplan/verify', { coid, approve: true });
    await publish(coid);
    const student = await signedInStudent(app);
    await post('/studyplan/assign', { coid, sids: [student.id] });

    type Detail = {
      kind: string;
      stageList: {
        lock: unknown;
        lessons: { lock: { message: string } | null; window: { state: string; start: number; end: number | null } }[];
      }[];
    };
    // Sessions last a day: sign in again after moving the clock.
    const detail = async () => get<Detail>(`/studyplan/stu/detail?coid=${coid}`, (await login(app, student)).cookie);
    let plan = await detail();
    expect(plan.kind).toBe('staged');
    const first = plan.stageList[0].lessons[0];
    expect(first.lock).toEqual({ message: 'stageNotOpen', blockedBy: '' });
    expect(first.window).toEqual({
      state: 'notYetOpen',
      start: new Date(2026, 6, 1).getTime(),
      end: new Date(2026, 6, 10, 23, 59, 59, 999).getTime(),
    });
    expect(plan.stageList[0].lessons[1].window.start).toBe(new Date(2026, 6, 2).getTime());
    expect(plan.stageList[1].lessons[0].window.start).toBe(new Date(2026, 7, 1).getTime());
    // Phase-like: no growth order between stages.
    expect(plan.stageList.every((stage) => stage.lock === null)).toBe(true);

    try {
      clock = new Date(2026, 6, 2, 9, 0).getTime();
      plan = await detail();
      expect(plan.stageList[0].lessons.map((lesson) => lesson.window.state)).toEqual(['open', 'open', 'notYetOpen']);
      expect(plan.stageList[0].lessons[2].lock?.message).toBe('stageNotOpen');
      clock = new Date(2026, 6, 11, 9, 0).getTime();
      plan = await detail();
      expect(plan.stageList[0].lessons[0].lock).toEqual({ message: 'stageClosed', blockedBy: '' });
      expect(plan.stageList[0].lessons[1].lock).toBeNull();
    } finally {
      clock = START;
    }
  });

  it('finds students to assign by user name or name: of the school, not disabled, for the course permission only', async () => {
    const zhao = await buildStudent(app, { username: 'zhaoyun-1', name: 'Zhao Yun' });
    const byName = await buildStudent(app, { username: 'pupil-zy', name: 'zhaoyun the second' });
    const disabled = await buildStudent(app, { username: 'zhaoyun-2' });
    await app.ctx.db.update(students).set({ disabled: true }).where(eq(students.id, disabled.id));
    const elsewhere = (
      await createSchool(app.ctx, { name: 'Fourth', adminUsername: 'fourth-admin', adminPassword: 'fourth-pass-1' })
    ).id;
    await buildStudent(app, { username: 'zhaoyun-3', schoolId: elsewhere });

    const found = await get<{ students: { sid: string; username: string; name: string }[] }>(
      '/studyplan/students?keyword=zhaoyun',
    );
    expect(found.students).toEqual([
      { sid: byName.id, username: 'pupil-zy', name: 'zhaoyun the second' },
      { sid: zhao.id, username: 'zhaoyun-1', name: 'Zhao Yun' },
    ]);
    // Wildcards are taken literally.
    expect((await get<{ students: unknown[] }>('/studyplan/students?keyword=zhao%25')).students).toEqual([]);
    // No keyword: the school's students, at most 50.
    const all = await get<{ students: { sid: string }[] }>('/studyplan/students');
    expect(all.students.map((row) => row.sid)).toEqual(expect.arrayContaining([zhao.id, byName.id]));
    expect(all.students.map((row) => row.sid)).not.toContain(disabled.id);
    expect(all.students.length).toBeLessThanOrEqual(50);

    const guest = await call(app, 'GET', '/studyplan/students?keyword=zhaoyun', '');
    expect(guest.status).toBe(401);
    const noCourse = await buildSubAdmin(app, ['resource']);
    expect(
      (
        await call(
          app,
          'GET',
          '/studyplan/students?keyword=zhaoyun',
          (
            await login(app, { ...noCourse, role: 'admin' })
          ).cookie,
        )
      ).status,
    ).toBe(403);
    const pupil = await signedInStudent(app);
    expect((await call(app, 'GET', '/studyplan/students?keyword=zhaoyun', pupil.cookie)).status).toBe(403);
  });

  it('validates input with clear errors', async () => {
    const missing = await call(app, 'POST', '/studyplan/create', admin, { kind: 'growth', courses: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^bad input/);
    expect(
      (await call(app, 'POST', '/studyplan/create', admin, { title: 'x', kind: 'weekly', courses: [courseA.coid] }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(app, 'POST', '/studyplan/create', admin, {
          title: 'x',
          kind: 'staged',
          courses: [courseA.coid],
          stage: { stage_year: 2026, label: 0, stage_date: 13 },
        })
      ).status,
    ).toBe(400);
    expect((await call(app, 'POST', '/studyplan/assign', admin, { coid: courseA.coid, sids: [] })).status).toBe(400);
    // A course that is not a plan is no plan.
    expect((await call(app, 'GET', `/studyplan/info?coid=${courseA.coid}`, admin)).status).toBe(404);
    expect((await call(app, 'POST', '/studyplan/assign', admin, { coid: courseA.coid, gids: ['1'] })).status).toBe(404);
  });
});
