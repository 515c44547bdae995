/**
 * Live teaching's back office over HTTP (issue 17 'Back office'): live/session/* (list, info, add, edit,
 * delete, rotate, end), live/options, live/attendance and its XLSX export, live/bill and res/live, for the
 * main admin, a sub-admin with and without the permission 'course', a student, a guest and another school.
 * The live server's callbacks are another part's: a session goes live here by setting its status in the DB.
 */
import { readSheet } from 'read-excel-file/node';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, liveAttendance, liveSessions } from '../../server/db/schema';
import { sessionByKey } from '../../server/modules/live/sessions.repository';
import { createSchool } from '../../server/modules/schools/schools.service';
import { LIVE_ERRORS } from '../../shared/schemas/live-admin';
import { buildAdmin, buildCourse, buildStudent, login, makeApp, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { adminCookie, signedInStudent } from './records-helpers';
import { first } from '../../server/db/client';

type Info = {
  id: string;
  coid: string;
  courseTitle: string;
  courseType: number;
  title: string;
  startAt: number;
  endAt: number;
  teacher: { id: string; name: string } | null;
  status: string;
  viewers: number;
  attendance: number;
  liveSeconds: number;
  endedAt: number | null;
  rtmpUrl: string;
  streamName: string;
  streamKey: string;
  rotatedAt: number;
  playback: { hls: string; flv: string; expiresAt: number } | null;
  liveServer: { configured: boolean; up: boolean };
};
type List = { list: Info[]; total: number };
type Attendance = {
  list: { studentId: string; name: string; account: string; groups: string[]; seconds: number }[];
  total: number;
};

const HOUR = 3_600_000;
const RTMP = 'rtmp://live.example.test:1935/live';
const SERVER = 'http://127.0.0.1:9';

describe('live back office', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 2, 10, 8, 0, 0);
  let admin: string;
  let withCourse: string;
  let without: string;
  let student: string;
  let other: { admin: string; adminId: string; coid: string };
  let liveCoid: string;
  let publicCoid: string;
  let plainCoid: string;

  const as = (who: string | null) => injectAs(app, who);
  const add = async (payload: object, who: string = admin) =>
    data<Info>(await as(who).post('/live/session/add', payload));
  const info = async (id: string, who: string = admin) => data<Info>(await as(who).get(`/live/session/info?id=${id}`));
  const setLive = async (id: string) =>
    await app.ctx.db.update(liveSessions).set({ status: 'live', liveAt: clock }).where(eq(liveSessions.id, id));
  const session = (over: object = {}) => ({
    coid: liveCoid,
    title: 'Week 1',
    startAt: clock + HOUR,
    endAt: clock + 2 * HOUR,
    ...over,
  });

  beforeAll(async () => {
    app = await makeApp({ LIVE_RTMP_URL: RTMP, LIVE_SERVER_URL: SERVER, LIVE_SECRET: 's3cret' }, { now: () => clock });
    admin = await adminCookie(app);
    const sub = await buildAdmin(app, { permissions: ['course'] });
    withCourse = (await login(app, { ...sub, role: 'admin' })).cookie;
    const plain = await buildAdmin(app, { permissions: ['resource'] });
    without = (await login(app, { ...plain, role: 'admin' })).cookie;
    student = (await signedInStudent(app)).cookie;
    liveCoid = await buildCourse(app, { type: 1, title: 'Live maths' });
    publicCoid = await buildCourse(app, { type: 2, title: 'Open talk' });
    plainCoid = await buildCourse(app, { type: 0, title: 'Recorded' });
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const theirAdmin = await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' });
    const adminId = first(await app.ctx.db.select().from(admins).where(eq(admins.username, 'o-admin')))?.id ?? '';
    other = {
      admin: theirAdmin.cookie,
      adminId,
      coid: await buildCourse(app, { type: 1, schoolId: theirs.id, title: 'Theirs' }),
    };
  });
  afterAll(() => app.close());

  it('schedules a session with a 32-byte key and what OBS needs', async () => {
    const made = await add(session());
    expect(made).toMatchObject({
      coid: liveCoid,
      courseTitle: 'Live maths',
      courseType: 1,
      title: 'Week 1',
      status: 'scheduled',
      viewers: 0,
      attendance: 0,
      rtmpUrl: RTMP,
      liveServer: { configured: true, up: false },
    });
    expect(made.teacher).not.toBeNull();
    expect(Buffer.from(made.streamKey, 'base64url')).toHaveLength(32);
    const code = app.ctx.courseCodec.encode(liveCoid);
    expect(made.streamName).toBe(`${code}?key=${made.streamKey}`);
    expect(made.playback?.hls).toMatch(new RegExp(`^${SERVER}/t/[\\w-]+/\\d+/live/${code}\\.m3u8$`));
    expect(made.playback?.flv).toMatch(/\.flv$/);
    // A public live course plays without a token.
    const open = await add(session({ coid: publicCoid, title: 'Open' }));
    expect(open.playback?.hls).toBe(`${SERVER}/live/${app.ctx.courseCodec.encode(publicCoid)}.m3u8`);
    expect((await sessionByKey(app.ctx.db, made.streamKey))?.id).toBe(made.id);
  });

  it('refuses bad input with 400', async () => {
    const bad = async (payload: object) => {
      const res = await as(admin).post('/live/session/add', payload);
      expect(res.statusCode, res.body).toBe(400);
      return envelope(res).error;
    };
    await bad(session({ title: '' }));
    await bad(session({ title: 'x'.repeat(101) }));
    await bad(session({ coid: 'abc' }));
    await bad({ title: 'no times', coid: liveCoid });
    expect(JSON.stringify(await bad(session({ endAt: clock + HOUR })))).toContain(LIVE_ERRORS.window);
    expect(JSON.stringify(await bad(session({ endAt: clock + 30 * HOUR })))).toContain(LIVE_ERRORS.tooLong);
    expect(await bad(session({ coid: plainCoid }))).toBe(LIVE_ERRORS.notLiveCourse);
    expect(await bad(session({ coid: other.coid }))).toBe(LIVE_ERRORS.notLiveCourse);
    expect(await bad(session({ teacherId: '123456789' }))).toBe(LIVE_ERRORS.notTeacher);
    expect(await bad(session({ teacherId: other.adminId }))).toBe(LIVE_ERRORS.notTeacher);
    expect((await as(admin).get('/live/session/list?status=paused')).statusCode).toBe(400);
    expect((await as(admin).get('/live/bill?month=2031-13')).statusCode).toBe(400);
    expect((await as(admin).get('/live/session/info?id=x')).statusCode).toBe(400);
  });

  it('lets only administrators with the permission course in, and hides another school', async () => {
    const made = await add(session({ title: 'Guarded' }));
    const calls: [string, string, object?][] = [
      ['GET', '/live/session/list'],
      ['GET', `/live/session/info?id=${made.id}`],
      ['GET', '/live/options'],
      ['POST', '/live/session/add', session()],
      ['POST', '/live/session/edit', { id: made.id, ...session() }],
      ['POST', '/live/session/delete', { id: made.id }],
      ['POST', '/live/session/rotate', { id: made.id }],
      ['POST', '/live/session/end', { id: made.id }],
      ['GET', `/live/attendance?id=${made.id}`],
      ['GET', `/live/attendance/export?id=${made.id}`],
      ['GET', '/live/bill?month=2031-03'],
    ];
    for (const [method, url, payload] of calls) {
      const send = (who: string | null) => as(who).inject({ method: method as 'GET', url, payload });
      expect((await send(null)).statusCode, `guest ${url}`).toBe(401);
      expect((await send(student)).statusCode, `student ${url}`).toBe(403);
      expect((await send(without)).statusCode, `no permission ${url}`).toBe(403);
    }
    // Another school's administrator: the ids are not theirs.
    for (const [method, url, payload] of calls.filter(([, url]) => url.includes(made.id))) {
      const res = await as(other.admin).inject({ method: method as 'GET', url, payload });
      expect(res.statusCode, `other school ${url}`).toBe(404);
    }
    expect(data<List>(await as(other.admin).get('/live/session/list')).total).toBe(0);
    expect(data<{ courses: unknown[] }>(await as(other.admin).get('/live/options')).courses).toHaveLength(1);
    // A sub-admin holding 'course' manages the school's sessions.
    expect((await info(made.id, withCourse)).title).toBe('Guarded');
    const theirs = await add(session({ title: 'By sub' }), withCourse);
    expect(theirs.teacher?.name).toMatch(/^sub/);
  });

  it("a sub-admin limited to categories sees only their courses' sessions; the others are 404", async () => {
    const catid = async (title: string) =>
      data<{ catid: string }>(await as(admin).post('/course/category', { title, parent_id: '0' })).catid;
    const science = await catid('Science');
    const arts = await catid('Arts');
    const physics = await buildCourse(app, { type: 1, title: 'Live physics', catid: science });
    const drawing = await buildCourse(app, { type: 1, title: 'Live drawing', catid: arts });
    const scoped = await buildAdmin(app, { permissions: ['course'] });
    await app.ctx.db
      .update(admins)
      .set({ categories: JSON.stringify([science]) })
      .where(eq(admins.id, scoped.id));
    const cookie = (await login(app, { ...scoped, role: 'admin' })).cookie;
    const mine = await add(session({ coid: physics, title: 'Optics' }), cookie);
    const theirs = await add(session({ coid: drawing, title: 'Sketching' }));
    const list = data<List>(await as(cookie).get('/live/session/list?num=100'));
    expect(list.list.map((row) => row.id)).toEqual([mine.id]);
    expect(list.total).toBe(1);
    const options = data<{ courses: { id: string }[] }>(await as(cookie).get('/live/options'));
    expect(options.courses.map((c) => c.id)).toEqual([physics]);
    expect((await as(cookie).get(`/live/session/info?id=${theirs.id}`)).statusCode).toBe(404);
    expect((await as(cookie).post('/live/session/rotate', { id: theirs.id })).statusCode).toBe(404);
    const refused = await as(cookie).post('/live/session/add', session({ coid: drawing }));
    expect(envelope(refused).error).toBe(LIVE_ERRORS.notLiveCourse);
    for (const id of [mine.id, theirs.id]) data(await as(admin).post('/live/session/delete', { id }));
  });

  it('lists newest start first, filtered by course and status, and the options', async () => {
    const early = await add(session({ title: 'Early', startAt: clock + 10 * HOUR, endAt: clock + 11 * HOUR }));
    const late = await add(session({ title: 'Late', startAt: clock + 20 * HOUR, endAt: clock + 21 * HOUR }));
    const all = data<List>(await as(admin).get(`/live/session/list?coid=${liveCoid}&num=100`));
    const titles = all.list.map((row) => row.title);
    expect(titles.indexOf('Late')).toBeLessThan(titles.indexOf('Early'));
    expect(all.list.every((row) => row.coid === liveCoid)).toBe(true);
    await setLive(late.id);
    const live = data<List>(await as(admin).get('/live/session/list?status=live'));
    expect(live.list.map((row) => row.id)).toEqual([late.id]);
    const paged = data<List>(await as(admin).get('/live/session/list?page=1&num=1'));
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(2);
    const options = data<{ courses: { id: string; type: number }[]; teachers: { id: string }[] }>(
      await as(admin).get('/live/options'),
    );
    const offered = options.courses.map((c) => c.id);
    expect(offered).toEqual(expect.arrayContaining([liveCoid, publicCoid]));
    expect(offered).not.toContain(plainCoid);
    expect(options.teachers.length).toBeGreaterThanOrEqual(3);
    // Chosen teacher: another administrator of the school.
    const teacher = options.teachers.find((t) => t.id !== all.list[0].teacher?.id);
    const taught = await add(session({ title: 'Taught', teacherId: teacher?.id }));
    expect(taught.teacher?.id).toBe(teacher?.id);
    await app.ctx.db.update(liveSessions).set({ status: 'ended' }).where(eq(liveSessions.id, late.id));
    expect(early.status).toBe('scheduled');
  });

  it('refuses to move or delete a live session, allows its title', async () => {
    const made = await add(session({ title: 'Moving' }));
    const edited = data<Info>(
      await as(admin).post('/live/session/edit', { id: made.id, ...session({ title: 'Moved', startAt: clock }) }),
    );
    expect(edited).toMatchObject({ title: 'Moved', startAt: clock });
    await setLive(made.id);
    const moved = await as(admin).post('/live/session/edit', { id: made.id, ...session({ title: 'Again' }) });
    expect(moved.statusCode).toBe(409);
    expect(envelope(moved).error).toBe(LIVE_ERRORS.isLive);
    const renamed = await as(admin).post('/live/session/edit', {
      id: made.id,
      coid: liveCoid,
      title: 'Renamed live',
      startAt: clock,
      endAt: edited.endAt,
    });
    expect(data<Info>(renamed).title).toBe('Renamed live');
    const deleted = await as(admin).post('/live/session/delete', { id: made.id });
    expect(deleted.statusCode).toBe(409);
    expect(envelope(deleted).error).toBe(LIVE_ERRORS.isLive);
    // Ended: the times no longer change.
    data(await as(admin).post('/live/session/end', { id: made.id }));
    const late = await as(admin).post('/live/session/edit', { id: made.id, ...session({ title: 'Late' }) });
    expect(late.statusCode).toBe(409);
  });

  it('deletes a scheduled session: gone from the list and its key finds nothing', async () => {
    const made = await add(session({ title: 'Doomed' }));
    expect(data<{ id: string }>(await as(admin).post('/live/session/delete', { id: made.id })).id).toBe(made.id);
    expect(await sessionByKey(app.ctx.db, made.streamKey)).toBeUndefined();
    expect((await as(admin).get(`/live/session/info?id=${made.id}`)).statusCode).toBe(404);
    const list = data<List>(await as(admin).get('/live/session/list?num=100'));
    expect(list.list.some((row) => row.id === made.id)).toBe(false);
  });

  it('rotates a key (the old one is refused) and ends a session for good', async () => {
    const made = await add(session({ title: 'Keys' }));
    clock += 1000;
    const rotated = data<Info>(await as(admin).post('/live/session/rotate', { id: made.id }));
    expect(rotated.streamKey).not.toBe(made.streamKey);
    expect(rotated.rotatedAt).toBe(clock);
    expect(rotated.streamName).toContain(rotated.streamKey);
    expect(await sessionByKey(app.ctx.db, made.streamKey)).toBeUndefined();
    expect((await sessionByKey(app.ctx.db, rotated.streamKey))?.id).toBe(made.id);
    await setLive(made.id);
    clock += 1000;
    const ended = data<Info>(await as(admin).post('/live/session/end', { id: made.id }));
    expect(ended).toMatchObject({ status: 'ended', endedAt: clock, rotatedAt: clock });
    expect(ended.streamKey).not.toBe(rotated.streamKey);
    expect(await sessionByKey(app.ctx.db, rotated.streamKey)).toBeUndefined();
  });

  it('lists attendance with groups, counts viewers while live, and exports the rows', async () => {
    const made = await add(session({ title: 'Attended' }));
    const ann = await buildStudent(app, { name: 'Ann', username: 'ann', groups: ['Class A'] });
    const bob = await buildStudent(app, { name: 'Bob', username: 'bob' });
    await app.ctx.db.insert(liveAttendance).values([
      { sessionId: made.id, studentId: ann.id, seconds: 600, firstAt: clock - 700_000, lastAt: clock - 10_000 },
      { sessionId: made.id, studentId: bob.id, seconds: 120, firstAt: clock - 300_000, lastAt: clock - 120_000 },
    ]);
    expect((await info(made.id)).viewers).toBe(0);
    await setLive(made.id);
    const now = await info(made.id);
    expect(now).toMatchObject({ status: 'live', viewers: 1, attendance: 2 });
    const rows = data<Attendance>(await as(admin).get(`/live/attendance?id=${made.id}`));
    expect(rows.total).toBe(2);
    expect(rows.list.map((row) => [row.name, row.account, row.groups, row.seconds])).toEqual([
      ['Ann', 'ann', ['Class A'], 600],
      ['Bob', 'bob', [], 120],
    ]);
    const page2 = data<Attendance>(await as(admin).get(`/live/attendance?id=${made.id}&page=2&num=1`));
    expect(page2.list.map((row) => row.name)).toEqual(['Bob']);

    const file = await as(admin).get(`/live/attendance/export?id=${made.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(String(file.headers['content-disposition'])).toContain('.xlsx');
    const sheet = await readSheet(file.rawPayload);
    expect(sheet).toHaveLength(3);
    expect(sheet[1].slice(0, 5)).toEqual(['Ann', 'ann', 'Class A', 10, 600]);
    expect(sheet[2].slice(0, 5)).toEqual(['Bob', 'bob', null, 2, 120]);
    expect((await as(other.admin).get(`/live/attendance/export?id=${made.id}`)).statusCode).toBe(404);
    expect((await as(admin).get('/live/attendance/export?id=nope')).statusCode).toBe(400);
  });

  it('bills a month: live minutes rounded up, peak, attendees and attended minutes, with totals', async () => {
    const month = (at: number) => {
      const d = new Date(at);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    };
    const start = new Date(2031, 5, 10, 9, 0).getTime();
    const a = await add(session({ title: 'June A', startAt: start, endAt: start + HOUR }));
    const b = await add(session({ title: 'June B', startAt: start + 24 * HOUR, endAt: start + 25 * HOUR }));
    await add(session({ title: 'July', startAt: new Date(2031, 6, 1, 9).getTime(), endAt: start + 22 * 24 * HOUR }));
    const set = async (id: string, liveSeconds: number, peakViewers: number) =>
      await app.ctx.db.update(liveSessions).set({ liveSeconds, peakViewers }).where(eq(liveSessions.id, id));
    await set(a.id, 3601, 4);
    await set(b.id, 1200, 7);
    const s1 = await buildStudent(app);
    const s2 = await buildStudent(app);
    await app.ctx.db.insert(liveAttendance).values([
      { sessionId: a.id, studentId: s1.id, seconds: 90, firstAt: start, lastAt: start },
      { sessionId: a.id, studentId: s2.id, seconds: 30, firstAt: start, lastAt: start },
      { sessionId: b.id, studentId: s1.id, seconds: 600, firstAt: start, lastAt: start },
    ]);
    type Bill = {
      list: { title: string; liveMinutes: number; peakViewers: number; attendees: number; attendedMinutes: number }[];
      totals: Record<string, number>;
    };
    const bill = data<Bill>(await as(admin).get(`/live/bill?month=${month(start)}`));
    expect(
      bill.list.map((row) => [row.title, row.liveMinutes, row.peakViewers, row.attendees, row.attendedMinutes]),
    ).toEqual([
      ['June A', 61, 4, 2, 2],
      ['June B', 20, 7, 1, 10],
    ]);
    expect(bill.totals).toEqual({ sessions: 2, liveMinutes: 81, peakViewers: 7, attendees: 3, attendedMinutes: 12 });
    expect(data<Bill>(await as(other.admin).get(`/live/bill?month=${month(start)}`)).list).toEqual([]);
  });

  it('res/live lists the school sessions newest first with the live server address', async () => {
    type Res = {
      list: { id: string; title: string; status: string; startTime: number }[];
      total: number;
      liveServer: string;
    };
    const res = data<Res>(await as(admin).get('/res/live'));
    expect(res.liveServer).toBe(SERVER);
    expect(res.total).toBe(res.list.length);
    const starts = res.list.map((row) => row.startTime);
    expect(starts).toEqual([...starts].sort((x, y) => y - x));
    expect(res.list.some((row) => row.title === 'Doomed')).toBe(false);
    expect(data<Res>(await as(other.admin).get('/res/live')).total).toBe(0);
    expect((await as(withCourse).get('/res/live')).statusCode).toBe(403);
    expect((await as(without).get('/res/live')).statusCode).toBe(200);
    expect((await as(student).get('/res/live')).statusCode).toBe(403);
    expect((await as(null).get('/res/live')).statusCode).toBe(401);
  });

  it('puts every live call and the export in the OpenAPI document with a summary', async () => {
    const doc = (await as(null).get('/openapi.json')).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const paths = [
      ['get', '/live/session/list'],
      ['get', '/live/session/info'],
      ['get', '/live/options'],
      ['post', '/live/session/add'],
      ['post', '/live/session/edit'],
      ['post', '/live/session/delete'],
      ['post', '/live/session/rotate'],
      ['post', '/live/session/end'],
      ['get', '/live/attendance'],
      ['get', '/live/attendance/export'],
      ['get', '/live/bill'],
      ['get', '/res/live'],
    ];
    for (const [method, path] of paths) expect(doc.paths[path]?.[method]?.summary, path).toBeTruthy();
    expect(doc.paths['/res/live'].get.summary).toContain('live sessions');
  });
});
