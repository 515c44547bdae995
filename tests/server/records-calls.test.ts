import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { hasCourseRecord } from '../../server/modules/records/records.service';
import { buildSubAdmin, login, school, type TestApp } from '../helpers/app';
import { enrol } from '../helpers/learning-factory';
import {
  call,
  enrolledLearner,
  learnCourse,
  okBeat,
  okCall,
  signedInStudent,
  type LearnCourse,
} from './records-helpers';
import { first } from '../../server/db/client';

const S = 1000;
const DAY = 86_400_000;

describe('learning records calls: watch records, do learn, the student’s records and the back office (spec 3, 5, 7)', () => {
  let app: TestApp;
  let clock: number;
  let admin: string;
  let c: LearnCourse;
  let s: Awaited<ReturnType<typeof enrolledLearner>>['s'];

  beforeEach(async () => {
    clock = Date.now();
    ({ app, admin, c, s } = await enrolledLearner(() => clock, { name: '张三' }));
  });
  afterEach(() => app.close());

  const counters = async (coid: string) =>
    first(
      await app.ctx.db
        .select({ count: courses.count, lcount: courses.lcount })
        .from(courses)
        .where(eq(courses.id, coid)),
    )!;
  /** Watches the video for `seconds` in 16-second heartbeats. */
  const watch = async (cookie: string, cid: string, seconds: number, startTs = 1) => {
    await okBeat(app, cookie, { coid: c.coid, cid, start_ts: startTs, position: 0 });
    for (let at = 16; at <= seconds; at += 16) {
      clock += 16 * S;
      await okBeat(app, cookie, { coid: c.coid, cid, start_ts: startTs, position: at });
    }
  };

  it('watch/add: one a day per student and course, none for the school owner, a visitor known by a day-long cookie; count feeds hot courses', async () => {
    const add = (cookie: string) =>
      call<{ added: boolean; skipped: string }>(app, 'POST', '/watch/add', cookie, {
        coid: c.coid,
        cid: c.video,
        title: 'Lesson video',
      });
    expect((await add(s.cookie)).body.data).toEqual({ added: true, skipped: '' });
    expect((await add(s.cookie)).body.data).toEqual({ added: false, skipped: 'duplicate' });
    expect((await add(admin)).body.data).toEqual({ added: false, skipped: 'owner' });
    expect((await counters(c.coid)).count).toBe(1);
    // A visitor gets a cookie; with it, the second visit the same day is the same viewer.
    const first = await add('');
    expect(first.body.data.added).toBe(true);
    const cookie = first.res.cookies.find((item) => item.name === 'lx_wv');
    expect(cookie?.maxAge).toBe(86_400);
    expect((await add(`lx_wv=${cookie!.value}`)).body.data.skipped).toBe('duplicate');
    // The next day (just after midnight, the sessions still valid) counts again.
    const quiet = await learnCourse(app, admin);
    const midnight = new Date(clock);
    midnight.setHours(24, 1, 0, 0);
    clock = midnight.getTime();
    expect((await add(s.cookie)).body.data.added).toBe(true);
    expect((await counters(c.coid)).count).toBe(3);
    // Hot courses follow the count.
    const hot = await okCall<{ course: { coid: string }[] }>(app, 'GET', `/watch/hot/${(await school(app)).id}`, '');
    expect(hot.course.map((item) => item.coid).indexOf(c.coid)).toBeLessThan(
      hot.course.map((item) => item.coid).indexOf(quiet.coid),
    );

    const mine = await okCall<{
      list: { uid: string; name: string; type: string; coid: string; parent_id: string }[];
      total: number;
    }>(app, 'GET', '/watch/list', s.cookie);
    expect(mine.total).toBe(2);
    expect(mine.list[0]).toMatchObject({ uid: s.id, name: '张三', coid: c.coid, parent_id: (await school(app)).id });
    const all = await okCall<{ total: number; list: { name: string }[] }>(
      app,
      'GET',
      `/watch/list?coid=${c.coid}`,
      admin,
    );
    expect(all.total).toBe(3);
    expect(all.list.map((row) => row.name)).toContain('游客');
    expect((await call(app, 'GET', '/watch/list', '')).status).toBe(401);
  });

  it('do learn (learn/start) makes a learner once (lcount); course/nolearn lists what is not begun; lasttimerecord and stucourse say where to continue', async () => {
    const second = await learnCourse(app, admin);
    await enrol(app, s.id, second.coid, clock - 1000);
    const before = await okCall<{ courselist: { coid: string }[] }>(app, 'GET', '/course/nolearn', s.cookie);
    expect(before.courselist.map((row) => row.coid).sort()).toEqual([c.coid, second.coid].sort());
    expect(await hasCourseRecord(app.ctx, s.id, c.coid)).toBe(false);
    expect(await okCall(app, 'POST', '/learn/start', s.cookie, { coid: c.coid })).toEqual({
      coid: c.coid,
      started: true,
      last_chapter: '',
    });
    expect(await hasCourseRecord(app.ctx, s.id, c.coid)).toBe(true);
    expect((await okCall<{ started: boolean }>(app, 'POST', '/learn/start', s.cookie, { coid: c.coid })).started).toBe(
      false,
    );
    expect((await counters(c.coid)).lcount).toBe(1);
    const after = await okCall<{ courselist: { coid: string }[] }>(app, 'GET', '/course/nolearn', s.cookie);
    expect(after.courselist.map((row) => row.coid)).toEqual([second.coid]);
    // A student who has not bought a paid course without a free chapter cannot begin it.
    const locked = await learnCourse(app, admin);
    await okCall(app, 'POST', '/chapter/free', admin, { cid: locked.free, free: 0 });
    const refused = await call(app, 'POST', '/learn/start', s.cookie, { coid: locked.coid });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('endOfTrial');

    expect(await okCall(app, 'GET', `/learn/lasttimerecord?coid=${c.coid}`, s.cookie)).toBeNull();
    await okCall(app, 'POST', '/learn/stucourse', s.cookie, {
      uid: (await school(app)).hashUID,
      mid: s.id,
      coid: c.coid,
      cid: c.pdf,
    });
    expect(await okCall(app, 'GET', `/learn/lasttimerecord?coid=${c.coid}`, s.cookie)).toMatchObject({
      cid: c.pdf,
      learnType: 'p',
      position: 0,
    });
    // Someone else's mid is refused.
    expect(
      (await call(app, 'POST', '/learn/stucourse', s.cookie, { mid: '12345', coid: c.coid, cid: c.pdf })).status,
    ).toBe(403);
    // The first heartbeat of another student also makes a learner.
    const other = await signedInStudent(app);
    await enrol(app, other.id, c.coid);
    await okBeat(app, other.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 0 });
    await okCall(app, 'GET', `/learn/info?coid=${c.coid}`, other.cookie);
    expect((await counters(c.coid)).lcount).toBe(2);
  });

  it('course/exceeding: bought courses with 0 to 10 days of validity left, with their progress', async () => {
    const soon = await learnCourse(app, admin, { ce_type: 1, ce_time: 30 });
    const later = await learnCourse(app, admin, { ce_type: 1, ce_time: 30 });
    await enrol(app, s.id, soon.coid, clock - 25 * DAY);
    await enrol(app, s.id, later.coid, clock - 5 * DAY);
    const reply = await okCall<{
      courselist: { coid: string; remaining: number; total_chapter: number; process: number }[];
    }>(app, 'GET', `/course/exceeding?mid=${s.id}`, s.cookie);
    expect(reply.courselist.map((row) => row.coid)).toEqual([soon.coid]);
    expect(reply.courselist[0]!.remaining).toBe(5 * DAY);
    expect(reply.courselist[0]).toMatchObject({ total_chapter: 5, process: 0 });
    expect((await call(app, 'GET', '/course/exceeding?mid=999', s.cookie)).status).toBe(403);
  });

  it('the back office reads records by course, by student and by chapter, within its school and with the student permission', async () => {
    await watch(s.cookie, c.video, 96);
    const other = await signedInStudent(app, { name: '李四' });
    await enrol(app, other.id, c.coid);
    await watch(other.cookie, c.video, 32, 2);

    const learners = await okCall<{
      total: number;
      list: { sid: string; name: string; eff: number; last_chapter_title: string; total_chapter: number }[];
    }>(app, 'GET', `/learn/getlist?coid=${c.coid}`, admin);
    expect(learners.total).toBe(2);
    expect(learners.list.find((row) => row.sid === s.id)).toMatchObject({
      name: '张三',
      eff: 96,
      last_chapter_title: 'Lesson video',
      total_chapter: 5,
    });
    expect((await okCall<{ total: number }>(app, 'GET', `/learn/getlist?coid=${c.coid}&key=李`, admin)).total).toBe(1);

    const byStudent = await okCall<{ list: { coid: string; eff: number }[] }>(
      app,
      'GET',
      `/learn/getlistbystudent?sid=${s.id}`,
      admin,
    );
    expect(byStudent.list).toEqual([expect.objectContaining({ coid: c.coid, eff: 96 })]);
    const detail = await okCall<{ chapters: { cid: string; watch_time: number; progress: number }[] }>(
      app,
      'GET',
      `/learn/detailbystudent?sid=${s.id}&coid=${c.coid}`,
      admin,
    );
    expect(detail.chapters.map((row) => row.cid)).toEqual([c.free, c.video, c.pdf, c.graphic, c.exercise]);
    expect(detail.chapters[1]).toMatchObject({ watch_time: 96, progress: 0.16 });
    const all = await okCall<{ total: number; list: { sid: string; chapter_title: string }[] }>(
      app,
      'GET',
      `/learn/allrecord?coid=${c.coid}`,
      admin,
    );
    expect(all.total).toBe(2);
    expect(all.list[0]!.chapter_title).toBe('Lesson video');
    const sum = await okCall<{ courses: number; eff: number }>(app, 'GET', `/learn/studentrecord?sid=${s.id}`, admin);
    expect(sum).toMatchObject({ courses: 1, eff: 96 });
    const times = await okCall<{ chapters: { cid: string; learners: number; eff: number; avg_eff: number }[] }>(
      app,
      'GET',
      `/learn/getchapterstudytime?coid=${c.coid}`,
      admin,
    );
    expect(times.chapters.find((row) => row.cid === c.video)).toMatchObject({ learners: 2, eff: 128, avg_eff: 64 });

    // A sub-admin without the student permission is refused; a student too.
    const courseOnly = await buildSubAdmin(app, ['course']);
    const sub = (await login(app, { ...courseOnly, role: 'admin' })).cookie;
    expect((await call(app, 'GET', `/learn/getlist?coid=${c.coid}`, sub)).status).toBe(403);
    expect((await call(app, 'GET', `/learn/getlist?coid=${c.coid}`, s.cookie)).status).toBe(403);
    // Another school's administrator sees none of it: 404 for the course and the student.
    await createSchool(app.ctx, { name: 'Other school', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const foreign = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect((await call(app, 'GET', `/learn/getlist?coid=${c.coid}`, foreign)).status).toBe(404);
    expect((await call(app, 'GET', `/learn/studentrecord?sid=${s.id}`, foreign)).status).toBe(404);
    expect((await call(app, 'GET', `/learn/detailbystudent?sid=${s.id}&coid=${c.coid}`, foreign)).status).toBe(404);
    expect((await call(app, 'POST', '/learn/process/deleted', foreign, { sid: s.id, coid: c.coid })).status).toBe(404);
    expect((await call(app, 'GET', `/watch/list?sid=${s.id}`, foreign)).status).toBe(404);
  });

  it('record/update approves a staged chapter and raises progress (never lowers it); process/deleted and move change the records and what the engine holds', async () => {
    await watch(s.cookie, c.video, 32);
    const approved = await okCall<{ verify_status: number; progress: number; passed: boolean }>(
      app,
      'POST',
      '/learn/record/update',
      admin,
      { sid: s.id, coid: c.coid, cid: c.pdf, verify_status: 1, passed: 1, progress: 1 },
    );
    expect(approved).toMatchObject({ verify_status: 1, progress: 1, passed: true });
    const lowered = await okCall<{ progress: number }>(app, 'POST', '/learn/record/update', admin, {
      sid: s.id,
      coid: c.coid,
      cid: c.pdf,
      progress: 0.2,
    });
    expect(lowered.progress).toBe(1);
    expect(
      (await call(app, 'POST', '/learn/record/update', admin, { sid: s.id, coid: c.coid, cid: c.pdf })).status,
    ).toBe(400);
    const info = await okCall<{ complete_chapter: number; process: number }>(
      app,
      'GET',
      `/learn/info?coid=${c.coid}`,
      s.cookie,
    );
    expect(info).toMatchObject({ complete_chapter: 1, process: 20 });

    // Moving the video's records to the trailer: the student's time goes with them, and heartbeats continue from there.
    const moved = await okCall<{ count: number }>(app, 'POST', '/learn/move', admin, {
      coid: c.coid,
      from: c.video,
      to: c.free,
    });
    expect(moved.count).toBe(1);
    expect((await okCall<{ eff: number }>(app, 'GET', `/learn/record?cid=${c.free}`, s.cookie)).eff).toBe(32);
    expect((await okCall<{ eff: number }>(app, 'GET', `/learn/record?cid=${c.video}`, s.cookie)).eff).toBe(0);

    // Deleting the course's progress leaves nothing, also not in memory: the next heartbeat starts afresh.
    const deleted = await okCall<{ count: number }>(app, 'POST', '/learn/process/deleted', admin, {
      sid: s.id,
      coid: c.coid,
    });
    expect(deleted.count).toBe(3);
    const fresh = await okBeat(app, s.cookie, { coid: c.coid, cid: c.free, start_ts: 1, position: 0 });
    expect(fresh).toMatchObject({ eff: 0, watch_time: 0 });
    expect(await okCall(app, 'GET', `/learn/info?coid=${c.coid}`, s.cookie)).toMatchObject({
      complete_chapter: 0,
      process: 0,
    });
  });

  it('learn/move merges into a chapter the student has studied too: times add up, watched ranges join within its length', async () => {
    await watch(s.cookie, c.free, 16, 1);
    await watch(s.cookie, c.video, 32, 2);
    const moved = await okCall<{ count: number }>(app, 'POST', '/learn/move', admin, {
      coid: c.coid,
      from: c.video,
      to: c.free,
    });
    expect(moved.count).toBe(1);
    // The trailer is 30 s long: [0, 16) and [0, 32) make [0, 32), of which 30 s are the trailer's.
    expect(await okCall(app, 'GET', `/learn/record?cid=${c.free}`, s.cookie)).toMatchObject({
      eff: 48,
      watch_time: 30,
    });
    expect((await okCall<{ eff: number }>(app, 'GET', `/learn/record?cid=${c.video}`, s.cookie)).eff).toBe(0);
    const detail = await okCall<{ chapters: { cid: string; eff: number }[] }>(
      app,
      'GET',
      `/learn/detailbystudent?sid=${s.id}&coid=${c.coid}`,
      admin,
    );
    expect(detail.chapters.filter((row) => row.eff > 0)).toEqual([expect.objectContaining({ cid: c.free, eff: 48 })]);
    // Both chapters must be of the course, and differ.
    expect((await call(app, 'POST', '/learn/move', admin, { coid: c.coid, from: c.free, to: c.free })).status).toBe(
      400,
    );
    const other = await learnCourse(app, admin);
    expect(
      (await call(app, 'POST', '/learn/move', admin, { coid: c.coid, from: c.free, to: other.video })).status,
    ).toBe(404);
  });

  it('the records calls are in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/web/heartbeat',
      '/learn/start',
      '/learn/record',
      '/learn/lasttimerecord',
      '/watch/add',
      '/watch/list',
      '/learn/getlist',
      '/learn/getlistbystudent',
      '/learn/detailbystudent',
      '/learn/allrecord',
      '/learn/studentrecord',
      '/learn/getchapterstudytime',
      '/learn/info',
      '/course/nolearn',
      '/learn/process/deleted',
      '/learn/move',
      '/learn/record/update',
      '/course/exceeding',
      '/learn/stucourse',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
