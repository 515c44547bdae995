import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { enrolments, learnRecords } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { recordsEngine } from '../../server/modules/records/heartbeat-engine';
import { zLearnRecord } from '../../shared/schemas/records';
import { ADMIN, buildStudent, login, makeApp, type TestApp } from '../helpers/app';
import { enrol } from '../helpers/learning-factory';
import {
  beat,
  call,
  enrolledLearner,
  extraSession,
  graphicCourse,
  learnCourse,
  okBeat,
  okCall,
  signedInStudent,
  type LearnCourse,
} from './records-helpers';
import { first as firstRow } from '../../server/db/client';
import { outsideReader } from '../helpers/sql';

const S = 1000;
const DAY = 86_400_000;

describe('web/heartbeat: the server decides what counts (spec 3 Heartbeat record, 4 Progress, 8 invalid sid)', () => {
  let app: TestApp;
  let clock: number;
  let admin: string;
  let c: LearnCourse;
  let s: Awaited<ReturnType<typeof enrolledLearner>>['s'];

  beforeEach(async () => {
    clock = Date.now();
    ({ app, admin, c, s } = await enrolledLearner(() => clock));
  });
  afterEach(() => app.close());

  const record = async (cid: string, cookie = s.cookie) =>
    zLearnRecord.parse(await okCall(app, 'GET', `/learn/record?cid=${cid}`, cookie));
  /** Plays the video honestly from `from` for `seconds`, a heartbeat every 16 s of the app's clock. */
  const play = async (cid: string, startTs: number, from: number, seconds: number, cookie = s.cookie) => {
    let at = from;
    let last = await okBeat(app, cookie, { coid: c.coid, cid, start_ts: startTs, position: at, play_type: 'start' });
    for (let left = seconds; left > 0; left -= 16) {
      const step = Math.min(16, left);
      clock += step * S;
      at += step;
      last = await okBeat(app, cookie, { coid: c.coid, cid, start_ts: startTs, position: at });
    }
    return last;
  };

  it('honest watching completes: time, watched ranges and progress follow the video; the record and the course say so', async () => {
    const first = await okBeat(app, s.cookie, {
      coid: c.coid,
      cid: c.video,
      start_ts: clock,
      position: 0,
      play_type: 'start',
    });
    // The first heartbeat of a viewing adds no time.
    expect(first).toMatchObject({
      status: 'recorded',
      eff: 0,
      eff_time: 0,
      progress: 0,
      duration: 600,
      completed: false,
    });
    const halfway = await play(c.video, 1, 0, 300);
    expect(halfway.watch_time).toBe(300);
    expect(halfway.progress).toBe(0.5);
    expect(halfway.eff).toBe(300);
    const end = await play(c.video, 2, 300, 300);
    expect(end).toMatchObject({ progress: 1, completed: true, watch_time: 600, furthest: 600, position: 600 });
    expect(end.eff).toBe(600);
    const stored = await record(c.video);
    expect(stored).toMatchObject({
      coid: c.coid,
      cid: c.video,
      eff: 600,
      watch_time: 600,
      progress: 1,
      completed: true,
      position: 600,
      duration: 600,
    });
    const info = await okCall<{
      process: number;
      complete_chapter: number;
      total_chapter: number;
      last_chapter: string;
    }>(app, 'GET', `/learn/info?coid=${c.coid}`, s.cookie);
    expect(info).toMatchObject({ complete_chapter: 1, total_chapter: 5, process: 20, last_chapter: c.video });
  });

  it('credited time lands on the day it was studied (learn_days): a viewing across midnight splits between the two days', async () => {
    clock = new Date(2026, 2, 5, 23, 55).getTime();
    await play(c.video, clock, 0, 600);
    const days = await okCall<{ list: { day: string; seconds: number; learners: number }[] }>(
      app,
      'GET',
      '/learn/day?month=2026-03',
      admin,
    );
    const [fifth, sixth] = [days.list[4], days.list[5]];
    expect(fifth.seconds).toBeGreaterThan(0);
    expect(sixth.seconds).toBeGreaterThan(0);
    expect(fifth.seconds + sixth.seconds).toBe(600);
    expect(fifth.seconds).toBeLessThanOrEqual(300);
    expect([fifth.learners, sixth.learners]).toEqual([1, 1]);
    const months = await okCall<{ list: { month: number; seconds: number }[] }>(
      app,
      'GET',
      '/learn/moth?year=2026',
      admin,
    );
    expect(months.list[2]).toMatchObject({ month: 3, seconds: 600 });
  });

  it('heartbeats faster than real time count only the wall time, and positions that outrun 2× playback are not watched', async () => {
    await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 0 });
    // Twenty heartbeats one second apart, each claiming 16 s more of the video.
    let last;
    for (let i = 1; i <= 20; i++) {
      clock += S;
      last = await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: i * 16 });
    }
    expect(last!.eff).toBe(20);
    expect(last!.watch_time).toBe(0);
    expect(last!.progress).toBe(0);
    // A flood at one instant adds nothing at all.
    for (let i = 0; i < 10; i++)
      await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 330 });
    expect((await record(c.video)).eff).toBe(20);
    // A tab silent for an hour gets one heartbeat's worth, not an hour.
    clock += 3600 * S;
    const late = await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 340 });
    expect(late.eff_time).toBeLessThanOrEqual(26);
    expect(late.eff_time).toBeGreaterThan(0);
    // The client's own realtime may lower the credit, never raise it.
    clock += 16 * S;
    expect(
      (await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 356, realtime: 5 })).eff_time,
    ).toBe(5);
    clock += 16 * S;
    expect(
      (await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 372, realtime: 500 })).eff_time,
    ).toBe(16);
  });

  it('a client that says progress 1 and ended without watching gets nothing; pausing stops the clock', async () => {
    await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 0, play_type: 'start' });
    clock += 2 * S;
    const claim = await okBeat(app, s.cookie, {
      coid: c.coid,
      cid: c.video,
      start_ts: 1,
      position: 600,
      progress: 1,
      play_type: 'ended',
      pause: true,
    });
    expect(claim).toMatchObject({ progress: 0, completed: false, watch_time: 0 });
    // After the pause, ten minutes pass: none of it is study time, and no range is watched.
    clock += 600 * S;
    const resumed = await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 600 });
    expect(resumed.eff_time).toBe(0);
    expect(resumed.progress).toBe(0);
    expect((await record(c.video)).completed).toBe(false);
  });

  it('notAllowSkip: a jump past the furthest point is clamped back and not watched; honest playback goes on from there', async () => {
    const strict = await learnCourse(app, admin, {}, { notAllowSkip: 1 });
    await enrol(app, s.id, strict.coid);
    const at = (position: number, startTs = 1, extra: Record<string, unknown> = {}) =>
      okBeat(app, s.cookie, { coid: strict.coid, cid: strict.video, start_ts: startTs, position, ...extra });
    await at(0);
    clock += 16 * S;
    expect((await at(16)).furthest).toBe(16);
    clock += 16 * S;
    const jump = await at(500);
    expect(jump.position).toBe(19);
    expect(jump.furthest).toBe(16);
    expect(jump.watch_time).toBe(16);
    // A new viewing cannot start beyond what was watched either.
    const reopened = await at(450, 2);
    expect(reopened.position).toBe(19);
    clock += 16 * S;
    const onward = await at(35, 2);
    expect(onward.watch_time).toBe(32);
    expect(onward.furthest).toBe(35);
    // Without the setting, a seek is allowed (the position moves) but what was skipped is not watched.
    await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 9, position: 0 });
    clock += 16 * S;
    const seek = await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 9, position: 500 });
    expect(seek).toMatchObject({ position: 500, watch_time: 0, progress: 0 });
  });

  it('two tabs, and two sessions, of one student at once: the time is counted once', async () => {
    const second = await extraSession(app, s.id);
    const tabs = [
      { cookie: s.cookie, start_ts: 1, cid: c.video },
      { cookie: s.cookie, start_ts: 2, cid: c.video },
      { cookie: second, start_ts: 3, cid: c.video },
      { cookie: second, start_ts: 4, cid: c.pdf },
    ];
    const position: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 1 };
    for (const tab of tabs)
      await okBeat(app, tab.cookie, {
        coid: c.coid,
        cid: tab.cid,
        start_ts: tab.start_ts,
        position: position[tab.start_ts],
      });
    // Each tab beats every 16 s, the four of them spread over the interval: 10 rounds = 160 s of wall time.
    for (let round = 0; round < 10; round++) {
      for (const tab of tabs) {
        clock += 4 * S;
        position[tab.start_ts] += tab.cid === c.pdf ? 0 : 16;
        await okBeat(app, tab.cookie, {
          coid: c.coid,
          cid: tab.cid,
          start_ts: tab.start_ts,
          position: position[tab.start_ts],
        });
      }
    }
    const video = await record(c.video);
    const pdf = await record(c.pdf);
    expect(video.eff + pdf.eff).toBeLessThanOrEqual(160);
    expect(video.eff + pdf.eff).toBeGreaterThanOrEqual(150);
    // The same seconds of video watched in three tabs are one range, not three.
    expect(video.watch_time).toBe(160);
  });

  it('refused: a paid chapter not bought, another school’s course, after expiry, a chapter of another course; nothing is recorded', async () => {
    const other = await signedInStudent(app);
    const refused = await beat(app, other.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 0 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('endOfTrial');
    // The free trailer of the same course is studied and recorded.
    expect((await okBeat(app, other.cookie, { coid: c.coid, cid: c.free, start_ts: 1, position: 0 })).status).toBe(
      'recorded',
    );

    const elsewhere = await createSchool(app.ctx, {
      name: 'Other school',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const otherAdmin = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    const foreign = await learnCourse(app, otherAdmin, { actual: 0 });
    const crossed = await beat(app, s.cookie, { coid: foreign.coid, cid: foreign.video, start_ts: 1, position: 0 });
    expect(crossed.status).toBe(403);
    expect(crossed.body.error).toBe('otherSchool');
    const mixed = await beat(app, s.cookie, { coid: c.coid, cid: foreign.video, start_ts: 1, position: 0 });
    expect(mixed.status).toBe(404);
    expect(elsewhere.id).not.toBe(s.schoolId);

    const limited = await learnCourse(app, admin, { ce_type: 1, ce_time: 30 });
    await enrol(app, other.id, limited.coid, clock - 30 * DAY + 3600 * S);
    await okBeat(app, other.cookie, { coid: limited.coid, cid: limited.video, start_ts: 1, position: 0 });
    clock += 2 * 3600 * S;
    const expired = await beat(app, other.cookie, {
      coid: limited.coid,
      cid: limited.video,
      start_ts: 1,
      position: 16,
    });
    expect(expired.status).toBe(403);
    expect(expired.body.error).toBe('expired');

    const rows = await app.ctx.db.select().from(learnRecords).where(eq(learnRecords.studentId, other.id));
    expect(rows.map((row) => row.chapterId).sort()).toEqual([c.free, limited.video].sort());
    expect(await app.ctx.db.select().from(learnRecords).where(eq(learnRecords.courseId, foreign.coid))).toEqual([]);
  });

  it("'invalid sid' for an ended session and for a visitor on paid content; a visitor on open content and a previewing admin leave no records", async () => {
    await okCall(app, 'GET', '/do/logout', s.cookie);
    const ended = await beat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 0 });
    expect(ended.status).toBe(401);
    expect(ended.body.error).toBe('invalid sid');
    // Even on a free chapter: the client thinks it is signed in, so it must sign in again.
    expect((await beat(app, s.cookie, { coid: c.coid, cid: c.free, start_ts: 1, position: 0 })).body.error).toBe(
      'invalid sid',
    );
    const visitor = await beat(app, '', { coid: c.coid, cid: c.video, start_ts: 1, position: 0 });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toBe('invalid sid');
    expect((await okBeat(app, '', { coid: c.coid, cid: c.free, start_ts: 1, position: 0 })).status).toBe('free');
    expect((await okBeat(app, admin, { coid: c.coid, cid: c.video, start_ts: 1, position: 0 })).status).toBe('preview');
    expect(await app.ctx.db.select().from(learnRecords)).toEqual([]);
    // Bad input is refused whole.
    const bad = await beat(app, admin, { coid: c.coid, cid: c.video, start_ts: -1, position: 'far' });
    expect(bad.status).toBe(400);
  });

  it('a free graphic course is obtained through its first heartbeat and complete only after its minimum reading time', async () => {
    const coid = await graphicCourse(app, admin, {}, 400);
    const first = await okBeat(app, s.cookie, { coid, cid: '0', start_ts: 1, played_time: 0.3, play_type: 'read' });
    expect(first).toMatchObject({ status: 'recorded', obtained: true, progress: 0.3 });
    const enrolment = firstRow(
      await app.ctx.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.studentId, s.id), eq(enrolments.courseId, coid))),
    );
    expect(enrolment?.source).toBe('obtain');
    const info = await okCall<{ isbuy: boolean }>(app, 'GET', `/course/info/${coid}`, s.cookie);
    expect(info.isbuy).toBe(true);
    // Scrolled to the end at once: 400 characters need 20 s of reading, so not complete yet.
    clock += 10 * S;
    const fast = await okBeat(app, s.cookie, { coid, cid: '0', start_ts: 1, played_time: 1, play_type: 'read' });
    expect(fast).toMatchObject({ obtained: false, progress: 0.99, completed: false });
    clock += 10 * S;
    const done = await okBeat(app, s.cookie, { coid, cid: '0', start_ts: 1, played_time: 1, play_type: 'read' });
    expect(done).toMatchObject({ progress: 1, completed: true });
    // Reading back up never lowers the progress.
    clock += 10 * S;
    expect(
      (await okBeat(app, s.cookie, { coid, cid: '0', start_ts: 1, played_time: 0.1, play_type: 'read' })).progress,
    ).toBe(1);
    // A paid graphic course is read only after buying it.
    const paid = await graphicCourse(app, admin, { actual: 12 });
    const refused = await beat(app, s.cookie, { coid: paid, cid: '0', start_ts: 1, played_time: 0.2 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('graphicAccount');
  });

  it('graphic chapters, documents and exercises: reading time, pages at a plausible pace, time only', async () => {
    const read = (played: number) =>
      okBeat(app, s.cookie, { coid: c.coid, cid: c.graphic, start_ts: 1, played_time: played, play_type: 'read' });
    await read(0.2);
    clock += 10 * S;
    // 403 characters of text need 21 s of reading.
    expect((await read(1)).progress).toBe(0.99);
    clock += 10 * S;
    expect((await read(1)).progress).toBe(0.99);
    clock += 10 * S;
    expect((await read(1)).progress).toBe(1);

    const page = (n: number) => okBeat(app, s.cookie, { coid: c.coid, cid: c.pdf, start_ts: 1, position: n });
    await page(1);
    clock += S;
    // Page 4 of 4 after a second: reached (the page shown), but pages 2-3 were never seen; and one second of
    // the 8 s four pages need caps the progress at 0.12.
    expect((await page(4)).progress).toBe(0.12);
    clock += 16 * S;
    await page(2);
    clock += 16 * S;
    const all = await page(3);
    expect(all.watch_time).toBe(4);
    // Four pages need 8 s on the document: it has 33 s.
    expect(all).toMatchObject({ progress: 1, completed: true });

    await okBeat(app, s.cookie, { coid: c.coid, cid: c.exercise, start_ts: 1 });
    clock += 16 * S;
    const exercise = await okBeat(app, s.cookie, { coid: c.coid, cid: c.exercise, start_ts: 1 });
    expect(exercise).toMatchObject({ eff: 16, progress: 0 });
  });

  it('group commit: a heartbeat is answered once its commit is written; one round of heartbeats is one commit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-records-'));
    const file = path.join(dir, 'db.sqlite');
    let fileClock = Date.now();
    const fileApp = await makeApp({ DATABASE_FILE: file }, { now: () => fileClock, keepDatabase: true });
    try {
      const fileAdmin = (await login(fileApp, { ...ADMIN, role: 'admin' })).cookie;
      const course = await learnCourse(fileApp, fileAdmin, { actual: 0 });
      const cookies = await Promise.all(
        [1, 2, 3].map(async () => (await login(fileApp, await buildStudent(fileApp))).cookie),
      );
      const cookie = cookies[0]!;
      const engine = recordsEngine(fileApp.ctx);
      const outside = await outsideReader(fileApp);
      const count = async () => (await outside.get<{ n: number }>('select count(*) as n from learn_records'))?.n;
      await okBeat(fileApp, cookie, { coid: course.coid, cid: course.video, start_ts: 1, position: 0 });
      // Answered: already in the database, seen by another connection; nothing waits in memory.
      expect(await count()).toBe(1);
      expect(engine.size.pending).toBe(0);
      fileClock += 16 * S;
      await okBeat(fileApp, cookie, { coid: course.coid, cid: course.video, start_ts: 1, position: 16 });
      expect(await outside.get('select eff_ms, watched from learn_records')).toEqual({
        eff_ms: 16_000,
        watched: 16,
      });
      // Heartbeats of the same round share one transaction. Each student's states are in memory first: their
      // first beat reads the database, and the course record it creates makes their facts be read again.
      for (const c of cookies.slice(1)) {
        for (const position of [4, 8])
          await okBeat(fileApp, c, { coid: course.coid, cid: course.video, start_ts: 2, position });
      }
      const before = engine.flushes;
      const beats = cookies.map((c) =>
        okBeat(fileApp, c, { coid: course.coid, cid: course.video, start_ts: 2, position: 20 }),
      );
      await Promise.all(beats);
      expect(engine.flushes - before).toBeLessThan(cookies.length);
      expect(await count()).toBe(3);
      fileClock += 16 * S;
      await okBeat(fileApp, cookie, { coid: course.coid, cid: course.video, start_ts: 2, position: 36 });
      await fileApp.close();
      const row = await outside.get('select eff_ms, watched from learn_records order by eff_ms desc');
      expect(row).toEqual({ eff_ms: 32_000, watched: 32 });
      await outside.close();
    } finally {
      await fileApp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('learn/record and lasttimerecord give the server’s resume point; progress is never lowered by a later heartbeat', async () => {
    await play(c.video, 1, 0, 64);
    clock += 5 * S;
    await okBeat(app, s.cookie, {
      coid: c.coid,
      cid: c.video,
      start_ts: 1,
      position: 10,
      play_type: 'pause',
      pause: true,
    });
    const stored = await record(c.video);
    expect(stored).toMatchObject({ position: 10, furthest: 64, progress: 0.1 });
    const last = await okCall<{ cid: string; position: number; learnType: string }>(
      app,
      'GET',
      `/learn/lasttimerecord?coid=${c.coid}`,
      s.cookie,
    );
    expect(last).toMatchObject({ cid: c.video, position: 10, learnType: 'v' });
    // Another student's record is not this one's; a visitor has none to read.
    const other = await signedInStudent(app);
    expect((await record(c.video, other.cookie)).eff).toBe(0);
    expect((await call(app, 'GET', `/learn/record?cid=${c.video}`, '')).status).toBe(401);
  });
});
