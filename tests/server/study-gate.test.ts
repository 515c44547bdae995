import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { studyPlans } from '../../server/db/schema';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { zWare } from '../../shared/schemas/learning';
import { login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { buildPlanAssignment } from '../helpers/factories';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';
import { adminCookie, beat, learnCourse, okBeat, okCall, signedInStudent } from './records-helpers';
import { first } from '../../server/db/client';

const S = 1000;

/**
 * The order rules are decided on the server (a heartbeat for a chapter not yet unlocked must not
 * count; spec 4 'Ordered study', 'Growth plan order', 'Staged plan'): the ware call and every heartbeat of
 * a locked chapter are refused with the rule's message key and what blocks it, and the ware reply carries
 * every chapter's lock for the study page.
 */
describe('study gate: locked chapters are refused by the server', () => {
  let app: TestApp;
  let clock: number;
  let admin: string;

  beforeEach(async () => {
    clock = new Date(2026, 10, 22, 9, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
  });
  afterEach(() => app.close());

  const ware = async (cookie: string, coid: string, cid: string) => {
    const res = await injectAs(app, cookie).get(`/learn/ware/${coid}/${cid}`);
    return {
      status: res.statusCode,
      body: res.json() as { status: string; error: string | null; data: Record<string, unknown> },
    };
  };
  const okWare = async (cookie: string, coid: string, cid: string) => {
    const { status, body } = await ware(cookie, coid, cid);
    expect(status, JSON.stringify(body)).toBe(200);
    return zWare.parse(body.data);
  };
  /** Plays a video chapter honestly for `seconds`, a heartbeat every 16 s of the app's clock. */
  const play = async (cookie: string, coid: string, cid: string, seconds: number) => {
    const startTs = clock;
    let last = await okBeat(app, cookie, { coid, cid, start_ts: startTs, position: 0, play_type: 'start' });
    for (let at = 0; at < seconds; ) {
      const step = Math.min(16, seconds - at);
      clock += step * S;
      at += step;
      last = await okBeat(app, cookie, { coid, cid, start_ts: startTs, position: at });
    }
    return last;
  };

  it('order_rest: the next chapter is refused (ware and heartbeat) until the previous one is complete, then opens', async () => {
    const c = await learnCourse(app, admin, { order_rest: 1 }, {}, 60);
    const s = await signedInStudent(app);
    await enrol(app, s.id, c.coid);

    const lockedWare = await ware(s.cookie, c.coid, c.video);
    expect(lockedWare.status).toBe(403);
    expect(lockedWare.body.error).toBe('couseOrderTip');
    expect(lockedWare.body.data).toMatchObject({ refusal: 'couseOrderTip', blockedBy: c.free });
    const lockedBeat = await beat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: clock, position: 0 });
    expect(lockedBeat.status).toBe(403);
    expect(lockedBeat.body.error).toBe('couseOrderTip');
    expect(
      (await okCall<{ chapters: unknown[] }>(app, 'GET', `/learn/info?coid=${c.coid}`, s.cookie)).chapters,
    ).toEqual([]);

    // The first chapter (a free trailer of 30 s) tells the page what is locked and by what.
    const first = await okWare(s.cookie, c.coid, c.free);
    expect(first.study).toMatchObject({
      recorded: true,
      owned: true,
      settings: { order_rest: true, plan: null, staged: false },
    });
    expect(first.study.chapters.map((ch) => [ch.cid, ch.lock?.message ?? null, ch.lock?.blockedBy ?? null])).toEqual([
      [c.free, null, null],
      [c.video, 'couseOrderTip', c.free],
      [c.pdf, 'couseOrderTip', c.video],
      [c.graphic, 'couseOrderTip', c.pdf],
      [c.exercise, 'couseOrderTip', c.graphic],
    ]);

    // Half the trailer is not enough; all of it is. No flush in between: the gate reads what the engine holds.
    expect((await play(s.cookie, c.coid, c.free, 16)).completed).toBe(false);
    expect((await ware(s.cookie, c.coid, c.video)).status).toBe(403);
    const done = await play(s.cookie, c.coid, c.free, 30);
    expect(done.completed).toBe(true);
    const opened = await okWare(s.cookie, c.coid, c.video);
    expect(opened.study.chapters.find((ch) => ch.cid === c.free)).toMatchObject({ progress: 1, lock: null });
    expect(opened.study.chapters.find((ch) => ch.cid === c.video)?.lock).toBeNull();
    expect(opened.study.chapters.find((ch) => ch.cid === c.pdf)?.lock).toMatchObject({
      message: 'couseOrderTip',
      blockedBy: c.video,
    });
    expect((await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: clock, position: 0 })).status).toBe(
      'recorded',
    );

    // The administrator previews every chapter; a course without order_rest locks nothing.
    expect((await ware(admin, c.coid, c.exercise)).status).toBe(200);
    const plain = await learnCourse(app, admin, {}, {}, 60);
    await enrol(app, s.id, plain.coid);
    const open = await okWare(s.cookie, plain.coid, plain.exercise);
    expect(open.study.chapters.every((ch) => ch.lock === null)).toBe(true);
  });

  /** A growth plan (type 3, level 0): two stages of one video lesson each, approved, with verify on. */
  async function growthPlan() {
    const schoolId = (await school(app)).id;
    const post = <T>(url: string, payload: object) => okCall<T>(app, 'POST', url, admin, payload);
    const { coid } = await post<{ coid: string }>('/course/new', {
      title: 'Growth plan',
      catid: '0',
      type: 3,
      level: 0,
      actual: 0,
      settings: { verify: 1 },
    });
    const stage = (title: string) =>
      post<{ cid: string }>('/chapter/add', { coid, parent_id: '0', title, type: CHAPTER_TYPE.heading }).then(
        (r) => r.cid,
      );
    const lesson = (parent: string, title: string) =>
      post<{ cid: string }>('/chapter/add', { coid, parent_id: parent, title, type: CHAPTER_TYPE.video }).then(
        (r) => r.cid,
      );
    const stageA = await stage('Stage A');
    const a1 = await lesson(stageA, 'A1');
    const stageB = await stage('Stage B');
    const b1 = await lesson(stageB, 'B1');
    for (const cid of [a1, b1]) {
      await attachResource(
        app,
        cid,
        await seedResource(app, {
          schoolId,
          kind: 'video',
          fileName: `${cid}.mp4`,
          mime: 'video/mp4',
          source: Buffer.from('video'),
          duration: 20,
          outputs: { mp4: 'video.mp4' },
        }),
      );
    }
    const now = app.ctx.now();
    // course/new of a type-3 course made its plan, a draft; the review approves it before it can be published.
    expect(first(await app.ctx.db.select().from(studyPlans).where(eq(studyPlans.courseId, coid)))?.status).toBe(
      'draft',
    );
    await app.ctx.db
      .update(studyPlans)
      .set({ status: 'approved', updatedAt: now })
      .where(eq(studyPlans.courseId, coid));
    await app.inject({ method: 'POST', url: '/course/pub', payload: { coid, pub: '1' }, headers: { cookie: admin } });
    return { coid, stageA, a1, stageB, b1, schoolId };
  }

  it('growth plan: only assigned students of an approved plan study it; a later stage waits for the earlier one to be studied and approved', async () => {
    const plan = await growthPlan();
    const s = await signedInStudent(app, { groups: ['Class 1'] });
    const outsider = await signedInStudent(app);
    const now = app.ctx.now();
    // Assigned through the student's group.
    await buildPlanAssignment(app, {
      courseId: plan.coid,
      schoolId: plan.schoolId,
      targetType: 'group',
      targetId: s.groupIds[0]!,
      createdAt: now,
    });

    expect((await ware(outsider.cookie, plan.coid, plan.a1)).body.error).toBe('designatedGroup');
    expect(
      (await beat(app, outsider.cookie, { coid: plan.coid, cid: plan.a1, start_ts: clock, position: 0 })).status,
    ).toBe(403);

    const first = await okWare(s.cookie, plan.coid, plan.a1);
    expect(first.study).toMatchObject({ owned: true, settings: { plan: 'growth', verify: true } });
    expect(first.study.chapters.find((ch) => ch.cid === plan.b1)?.lock).toEqual({
      message: 'orderTip',
      blockedBy: plan.stageA,
    });
    const refused = await ware(s.cookie, plan.coid, plan.b1);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toMatchObject({ refusal: 'orderTip', blockedBy: plan.stageA });
    expect(
      (await beat(app, s.cookie, { coid: plan.coid, cid: plan.b1, start_ts: clock, position: 0 })).body.error,
    ).toBe('orderTip');

    // Studied but not reviewed: still locked (verify is on). Approved in the back office: open.
    expect((await play(s.cookie, plan.coid, plan.a1, 20)).completed).toBe(true);
    expect((await ware(s.cookie, plan.coid, plan.b1)).body.error).toBe('orderTip');
    // Rejected with a reason: still locked, and the student's plan detail says why.
    await okCall(app, 'POST', '/learn/review', admin, {
      sid: s.id,
      coid: plan.coid,
      cid: plan.stageA,
      action: 'reject',
      reason: '请补看第一阶段',
    });
    expect((await ware(s.cookie, plan.coid, plan.b1)).body.error).toBe('orderTip');
    const detail = await okCall<{ stageList: { cid: string; verify_status: number; review_reason: string }[] }>(
      app,
      'GET',
      `/studyplan/stu/detail?coid=${plan.coid}`,
      s.cookie,
    );
    expect(detail.stageList[0]).toMatchObject({ cid: plan.stageA, verify_status: 2, review_reason: '请补看第一阶段' });
    await okCall(app, 'POST', '/learn/review', admin, {
      sid: s.id,
      coid: plan.coid,
      cid: plan.stageA,
      action: 'approve',
    });
    const opened = await okWare(s.cookie, plan.coid, plan.b1);
    expect(opened.study.chapters.find((ch) => ch.cid === plan.b1)?.lock).toBeNull();
  });

  it('a course cannot turn into a plan or a plan into a course (course/save); a copy of a plan is a new draft plan', async () => {
    const plan = await growthPlan();
    const res = await app.inject({
      method: 'POST',
      url: '/course/save',
      headers: { cookie: admin },
      payload: { coid: plan.coid, values: { type: 0 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('values.type');
    const course = await learnCourse(app, admin, {}, {}, 60);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/course/save',
          headers: { cookie: admin },
          payload: { coid: course.coid, values: { type: 3 } },
        })
      ).statusCode,
    ).toBe(400);
    const copy = await okCall<{ coid: string }>(app, 'POST', '/course/copy', admin, { coid: plan.coid });
    expect(first(await app.ctx.db.select().from(studyPlans).where(eq(studyPlans.courseId, copy.coid)))?.status).toBe(
      'draft',
    );
  });

  it('a plan whose approval is gone is studied by nobody, assigned or not', async () => {
    const plan = await growthPlan();
    const s = await signedInStudent(app);
    await buildPlanAssignment(app, {
      courseId: plan.coid,
      schoolId: plan.schoolId,
      targetType: 'student',
      targetId: s.id,
      createdAt: app.ctx.now(),
    });
    expect((await ware(s.cookie, plan.coid, plan.a1)).status).toBe(200);
    await app.ctx.db.update(studyPlans).set({ status: 'rejected' });
    expect((await ware(s.cookie, plan.coid, plan.a1)).body.error).toBe('designatedGroup');
  });

  it('staged plan: a subsection opens on its start date and, with expire_limit, closes after the end date in its description', async () => {
    const year = new Date(clock).getFullYear() + 1;
    // label 0: the single month stage_date (March); each subsection opens on day position + 1.
    const c = await learnCourse(app, admin, { label: 0 }, { stage_year: year, stage_date: 3, expire_limit: 1 }, 60);
    await okCall(app, 'POST', '/chapter/update', admin, { cid: c.video, description: `<p>截止 ${year}-03-20</p>` });
    const s = await signedInStudent(app);
    await enrol(app, s.id, c.coid);

    const early = await ware(s.cookie, c.coid, c.video);
    expect(early.status).toBe(403);
    expect(early.body.error).toBe('stageNotOpen');
    const window = (early.body.data as { window: { state: string; start: number; end: number } }).window;
    expect(window.state).toBe('notYetOpen');
    expect(new Date(window.start).getFullYear()).toBe(year);
    expect(new Date(window.start).getMonth()).toBe(2);
    expect(new Date(window.end).getDate()).toBe(20);
    expect((await beat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: clock, position: 0 })).body.error).toBe(
      'stageNotOpen',
    );

    // Months later: the session has ended meanwhile; the student signs in again.
    clock = new Date(year, 2, 15, 10).getTime();
    const cookie = (await login(app, s)).cookie;
    const open = await okWare(cookie, c.coid, c.video);
    expect(open.study.settings.staged).toBe(true);
    expect(open.study.chapters.find((ch) => ch.cid === c.video)?.window?.state).toBe('open');

    clock = new Date(year, 2, 21, 10).getTime();
    const later = (await login(app, s)).cookie;
    expect((await ware(later, c.coid, c.video)).body.error).toBe('stageClosed');
    expect((await beat(app, later, { coid: c.coid, cid: c.video, start_ts: clock, position: 0 })).body.error).toBe(
      'stageClosed',
    );
  });
});
