/**
 * The live page's calls (issue 17): live/info for each kind of viewer, live/heartbeat's attendance, and
 * public/live. Sessions are inserted as rows (the back office's calls are another part); a small HTTP server
 * stands for the live server's /health.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { liveAttendance, liveSessions } from '../../server/db/schema';
import { forgetLiveServerHealth } from '../../server/modules/live/live-server';
import { createSchool } from '../../server/modules/schools/schools.service';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import type { LiveBeatReply, LiveInfo, PublicLiveList } from '../../shared/schemas/live';
import {
  buildChapter,
  buildCourse,
  buildStudent,
  enrol,
  login,
  makeApp,
  school,
  type TestApp,
} from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { adminCookie, signedInStudent } from './records-helpers';
import { first } from '../../server/db/client';

const S = 1000;
const MIN = 60 * S;
const SECRET = 'live-secret-0123456789abcdef';

describe('live page calls: live/info, live/heartbeat, public/live', () => {
  let app: TestApp;
  let clock: number;
  let health: http.Server;
  let base: string;
  let admin: string;
  let hashUID: string;
  let paid: string;
  let open: string;
  let holder: Awaited<ReturnType<typeof signedInStudent>>;
  let outsider: Awaited<ReturnType<typeof signedInStudent>>;
  let other: { student: string; hashUID: string; coid: string; schoolId: string };

  const code = (coid: string) => app.ctx.courseCodec.encode(coid);
  const session = async (courseId: string, values: Partial<typeof liveSessions.$inferInsert> = {}) => {
    const id = app.ctx.ids.next();
    const schoolId = values.schoolId ?? (await school(app)).id;
    await app.ctx.db.insert(liveSessions).values({
      id,
      schoolId,
      courseId,
      title: `Session ${id.slice(-4)}`,
      startAt: clock + 10 * MIN,
      endAt: clock + 70 * MIN,
      streamKey: `key-${id}`,
      rotatedAt: clock,
      createdAt: clock,
      updatedAt: clock,
      ...values,
    });
    return id;
  };
  const setStatus = async (id: string, status: 'scheduled' | 'live' | 'ended', more = {}) =>
    await app.ctx.db
      .update(liveSessions)
      .set({ status, ...more })
      .where(eq(liveSessions.id, id));
  const info = (coid: string, who: string | null, uid?: string) =>
    injectAs(app, who).get(`/live/info?coid=${coid}${uid ? `&uid=${uid}` : ''}`);
  const beat = (sessionId: string, who: string | null) => injectAs(app, who).post('/live/heartbeat', { sessionId });

  beforeAll(async () => {
    health = http.createServer((req, res) => {
      res.writeHead(req.url === '/health' ? 200 : 404, { 'access-control-allow-origin': '*' });
      res.end('ok');
    });
    await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;
    clock = new Date(2026, 2, 5, 10, 0).getTime();
    app = await makeApp({ LIVE_SERVER_URL: `${base}/`, LIVE_SECRET: SECRET }, { now: () => clock });
    admin = await adminCookie(app);
    hashUID = (await school(app)).hashUID;
    paid = await buildCourse(app, { type: 1, actualFen: 5000, title: 'Live maths', img: '/files/live.png' });
    open = await buildCourse(app, { type: 2, title: 'Open day' });
    holder = await signedInStudent(app);
    await enrol(app, holder.id, paid);
    outsider = await signedInStudent(app);
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger' });
    other = {
      student: (await login(app, { username: 'stranger', password: stranger.password, school: theirs.id })).cookie,
      hashUID: app.ctx.uidCodec.encode(theirs.id),
      coid: await buildCourse(app, { type: 2, schoolId: theirs.id }),
      schoolId: theirs.id,
    };
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => health.close(resolve));
  });
  beforeEach(() => forgetLiveServerHealth());

  it('a live course: the holder gets signed addresses; a guest, a student without it and a group outside get the refusal and none', async () => {
    const first = await session(paid, { title: 'Lesson one' });
    const later = await session(paid, {
      startAt: clock + 2 * 24 * 60 * MIN,
      endAt: clock + 2 * 24 * 60 * MIN + 60 * MIN,
    });

    const mine = data<LiveInfo>(await info(paid, holder.cookie, hashUID));
    expect(mine).toMatchObject({
      course: { coid: paid, code: code(paid), title: 'Live maths', type: 1, cover: '/files/live.png', hashUID },
      state: 'scheduled',
      session: { id: first, title: 'Lesson one', status: 'scheduled', startAt: clock + 10 * MIN, replay: null },
      others: [{ id: later }],
      liveServer: base,
      available: true,
      refusal: null,
      attends: true,
      now: clock,
    });
    const signed = new RegExp(`^${base}/t/[A-Za-z0-9_-]+/\\d+/live/${code(paid)}\\.(flv|m3u8)$`);
    expect(mine.playback?.flv).toMatch(signed);
    expect(mine.playback?.hls).toMatch(signed);
    expect(mine.playback?.flv.endsWith('.flv')).toBe(true);
    expect(mine.playback?.expiresAt).toBeGreaterThan(clock + 60 * MIN);

    // By its code too.
    expect(data<LiveInfo>(await info(code(paid), holder.cookie)).playback).not.toBeNull();

    const guest = data<LiveInfo>(await info(paid, null));
    expect(guest).toMatchObject({ refusal: 'noLogin', playback: null, attends: false, state: 'scheduled' });
    const without = data<LiveInfo>(await info(paid, outsider.cookie));
    expect(without).toMatchObject({ refusal: 'endOfTrial', playback: null, attends: false });

    const classOnly = await buildCourse(app, { type: 1, authenticationGid: app.ctx.ids.next() });
    const grouped = data<LiveInfo>(await info(classOnly, outsider.cookie));
    expect(grouped).toMatchObject({ refusal: 'designatedGroup', playback: null, state: 'none', session: null });
  });

  it('a public live course plays for anyone at plain addresses; another school, a school that is not its own and a course that is not live are 404', async () => {
    await session(open, { status: 'live', startAt: clock - MIN, liveAt: clock - MIN });
    const guest = data<LiveInfo>(await info(open, null, hashUID));
    expect(guest).toMatchObject({ state: 'live', refusal: null, attends: false, viewers: 0 });
    expect(guest.playback).toEqual({
      hls: `${base}/live/${code(open)}.m3u8`,
      flv: `${base}/live/${code(open)}.flv`,
      expiresAt: 0,
    });
    expect(data<LiveInfo>(await info(open, outsider.cookie)).attends).toBe(true);

    expect((await info(open, other.student)).statusCode).toBe(404);
    expect((await info(open, null, other.hashUID)).statusCode).toBe(404);
    expect((await info(other.coid, holder.cookie)).statusCode).toBe(404);
    expect((await info(await buildCourse(app, { type: 0 }), null)).statusCode).toBe(404);
    expect((await info('not a code!', null)).statusCode).toBe(400);
    const removed = await buildCourse(app, { type: 2, deleted: true });
    expect((await info(removed, null)).statusCode).toBe(404);
  });

  it('the page states: none, scheduled, live with viewers, ended with the replay chapter; the live server down is not available', async () => {
    const course = await buildCourse(app, { type: 2 });
    expect(data<LiveInfo>(await info(course, null))).toMatchObject({ state: 'none', session: null, others: [] });
    const id = await session(course);
    expect(data<LiveInfo>(await info(course, null)).state).toBe('scheduled');
    await setStatus(id, 'live', { liveAt: clock });
    await beat(id, outsider.cookie);
    expect(data<LiveInfo>(await info(course, null))).toMatchObject({ state: 'live', viewers: 1 });
    const replay = await buildChapter(app, { courseId: course, type: CHAPTER_TYPE.video });
    await setStatus(id, 'ended', { endedAt: clock, replayChapterId: replay });
    expect(data<LiveInfo>(await info(course, null))).toMatchObject({
      state: 'ended',
      session: { id, status: 'ended', replay: { cid: replay, learnType: 'v' } },
    });

    await new Promise((resolve) => health.close(resolve));
    forgetLiveServerHealth();
    expect(data<LiveInfo>(await info(course, null)).available).toBe(false);
    await new Promise<void>((resolve) => health.listen(Number(new URL(base).port), '127.0.0.1', resolve));
  });

  it('heartbeats credit attendance only while live, at most one interval each, and add it to the day of study', async () => {
    const id = await session(paid, { startAt: clock, endAt: clock + 60 * MIN });
    const credit = async (who = holder.cookie) => data<LiveBeatReply>(await beat(id, who));

    // Scheduled: nothing counts and nothing is written.
    expect(await credit()).toEqual({ credited: 0, seconds: 0, status: 'scheduled' });
    await setStatus(id, 'live', { liveAt: clock });
    // The first beat of a viewing starts the count.
    expect(await credit()).toEqual({ credited: 0, seconds: 0, status: 'live' });
    clock += 30 * S;
    expect(await credit()).toEqual({ credited: 30, seconds: 30, status: 'live' });
    // A flood at one instant adds nothing.
    for (let i = 0; i < 5; i++) expect((await credit()).credited).toBe(0);
    // A tab silent for ten minutes gets one interval and its slack, not ten minutes.
    clock += 10 * MIN;
    expect(await credit()).toEqual({ credited: 45, seconds: 75, status: 'live' });
    // A page shown again after being hidden resumes: the hidden time is not attendance.
    clock += 40 * S;
    const resumed = await injectAs(app, holder.cookie).post('/live/heartbeat', { sessionId: id, resume: true });
    expect(data<LiveBeatReply>(resumed)).toEqual({ credited: 0, seconds: 75, status: 'live' });

    // A second viewer: the peak follows; viewers are those who beat within a minute.
    const second = await signedInStudent(app);
    await enrol(app, second.id, paid);
    await credit(second.cookie);
    const row = first(await app.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, id)));
    expect(row?.peakViewers).toBe(2);
    expect(data<LiveInfo>(await info(paid, holder.cookie)).viewers).toBe(2);

    clock += 20 * S;
    await setStatus(id, 'ended', { endedAt: clock });
    expect(await credit()).toEqual({ credited: 0, seconds: 75, status: 'ended' });
    const attendance = first(
      await app.ctx.db
        .select()
        .from(liveAttendance)
        .where(and(eq(liveAttendance.sessionId, id), eq(liveAttendance.studentId, holder.id))),
    );
    expect(attendance).toMatchObject({ seconds: 75 });

    // The credited time is study time of the day (learn_days), as the records engine counts it.
    const days = data<{ list: { day: string; seconds: number; learners: number }[] }>(
      await injectAs(app, admin).get('/learn/day?month=2026-03'),
    );
    expect(days.list[4]).toMatchObject({ day: '2026-03-05', seconds: 75, learners: 1 });
  });

  it('a heartbeat is refused for a course the student may not watch, another school, a guest and bad input', async () => {
    const id = await session(paid, { status: 'live', startAt: clock, liveAt: clock });
    const refused = await beat(id, outsider.cookie);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).error).toBe('endOfTrial');
    const theirs = await session(other.coid, { schoolId: other.schoolId });
    expect((await beat(theirs, holder.cookie)).statusCode).toBe(404);
    expect((await beat(id, other.student)).statusCode).toBe(404);
    expect((await beat(app.ctx.ids.next(), holder.cookie)).statusCode).toBe(404);
    expect((await beat(id, null)).statusCode).toBe(401);
    expect((await injectAs(app, holder.cookie).post('/live/heartbeat', { sessionId: 'x' })).statusCode).toBe(400);
    expect((await injectAs(app, holder.cookie).get('/live/heartbeat')).statusCode).toBe(404);
    expect(
      await app.ctx.db
        .select()
        .from(liveAttendance)
        .where(and(eq(liveAttendance.sessionId, id), eq(liveAttendance.studentId, outsider.id))),
    ).toHaveLength(0);
  });

  it('public/live lists the school’s public live sessions live now or to come, live first; for anyone', async () => {
    const course = await buildCourse(app, { type: 2, title: 'Open lectures', img: '/files/open.png' });
    const soon = await session(course, { title: 'Soon', startAt: clock + 5 * MIN, endAt: clock + 65 * MIN });
    const now = await session(course, { title: 'Now', status: 'live', startAt: clock + 30 * MIN });
    await session(course, { title: 'Done', status: 'ended', startAt: clock - 90 * MIN, endAt: clock - 30 * MIN });
    await session(course, { title: 'Gone', startAt: clock - 90 * MIN, endAt: clock - 30 * MIN });
    await session(course, { title: 'Deleted', deleted: true });
    await session(await buildCourse(app, { type: 2, published: false }), { title: 'Draft' });
    await session(paid, { title: 'Private' });
    await session(other.coid, { title: 'Theirs', schoolId: other.schoolId });

    const list = data<PublicLiveList>(await injectAs(app, null).get(`/public/live?uid=${hashUID}&num=50`));
    const titles = list.list.filter((item) => item.coid === course).map((item) => item.sessionTitle);
    expect(titles).toEqual(['Now', 'Soon']);
    expect(list.list.map((item) => item.sessionTitle)).not.toContain('Private');
    expect(list.list.map((item) => item.sessionTitle)).not.toContain('Draft');
    expect(list.list.map((item) => item.sessionTitle)).not.toContain('Theirs');
    expect(list.list.find((item) => item.sessionId === now)).toMatchObject({
      coid: course,
      code: code(course),
      title: 'Open lectures',
      cover: '/files/open.png',
      status: 'live',
    });
    expect(list.list.find((item) => item.sessionId === soon)).toMatchObject({ status: 'scheduled' });
    expect(list.total).toBe(list.list.length);

    const paged = data<PublicLiveList>(await injectAs(app, null).get(`/public/live?uid=${hashUID}&num=1&page=2`));
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBe(list.total);
    expect((await injectAs(app, null).get('/public/live?uid=zzzz')).statusCode).toBe(404);
    expect((await injectAs(app, null).get(`/public/live?uid=${hashUID}&num=500`)).statusCode).toBe(400);
  });

  it('the calls are in the OpenAPI document with their summaries; the live page may load from the live server', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/live/info', 'get'],
      ['/live/heartbeat', 'post'],
      ['/public/live', 'get'],
    ] as const)
      expect(doc.paths[path]?.[method]?.summary, path).toMatch(/.{40}/);
    const page = await app.inject({ method: 'GET', url: `/live/${hashUID}/${paid}.html` });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${base}`);
    expect(csp).toContain(`media-src 'self' blob: ${base}`);
  });
});
