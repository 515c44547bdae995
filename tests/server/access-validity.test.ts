/**
 * One validity for every page (spec 3 'Course' ce_type / ce_time, spec 4 'Course status', 'Almost-expiring'):
 * the intro page (course/info), My courses (getstucourse) and the almost-expiring list (course/exceeding)
 * read the same holding and the same validity from server/modules/access.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/rules/dates';
import { makeApp, type TestApp } from '../helpers/app';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, beat, extraSession, learnCourse, okCall, signedInStudent } from './records-helpers';

const DAY = 86_400_000;

type Info = { courseStatus: number; limitedDate: number | null; renew: boolean; isbuy: boolean };
type Mine = { courselist: { coid: string; expiry: number | null; remaining: { kind: string } }[] };
type Exceeding = { courselist: { coid: string; limitedDate: number }[] };

describe('access: every page agrees on validity', () => {
  let app: TestApp;
  let clock: number;
  let admin: string;
  let s: Awaited<ReturnType<typeof signedInStudent>>;

  beforeEach(async () => {
    clock = Date.UTC(2031, 4, 10, 4, 0, 0);
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    s = await signedInStudent(app, { name: '张三' });
  });
  afterEach(() => app.close());

  const info = (coid: string) => okCall<Info>(app, 'GET', `/course/info/${coid}`, s.cookie);
  const mine = async (coid: string) =>
    (await okCall<Mine>(app, 'GET', '/getstucourse', s.cookie)).courselist.find((row) => row.coid === coid);
  const exceeding = async () =>
    (await okCall<Exceeding>(app, 'GET', '/course/exceeding', s.cookie)).courselist.map((row) => row.coid);
  const dayText = (ms: number) => formatDate(ms, 'yyyy-MM-dd');

  it('a free course in a fixed window ending in three days: intro, My courses and course/exceeding agree', async () => {
    const end = dayText(clock + 3 * DAY);
    const c = await learnCourse(app, admin, { actual: 0, ce_type: 2, ce_time: end });
    await okCall(app, 'POST', '/learn/start', s.cookie, { coid: c.coid });
    const intro = await info(c.coid);
    expect(intro.courseStatus).toBe(0);
    const listed = await mine(c.coid);
    expect(listed?.expiry).toBe(intro.limitedDate);
    expect(listed?.remaining).toMatchObject({ kind: 'left', tips: { unit: 'day', amount: 3 } });
    expect(await exceeding()).toEqual([c.coid]);
  });

  it('a paid course bought, in a fixed window ending in three days, is almost expiring', async () => {
    const c = await learnCourse(app, admin, { ce_type: 2, ce_time: dayText(clock + 3 * DAY) });
    await enrol(app, s.id, c.coid, clock - DAY);
    const intro = await info(c.coid);
    expect((await mine(c.coid))?.expiry).toBe(intro.limitedDate);
    expect(await exceeding()).toEqual([c.coid]);
  });

  it('a free course valid 3 days from obtaining counts from its start, on every page', async () => {
    const c = await learnCourse(app, admin, { actual: 0, ce_type: 1, ce_time: 3 });
    expect((await info(c.coid)).limitedDate).toBeNull();
    await okCall(app, 'POST', '/learn/start', s.cookie, { coid: c.coid });
    const intro = await info(c.coid);
    expect(intro).toMatchObject({ courseStatus: 0, limitedDate: clock + 3 * DAY, renew: false });
    expect(await mine(c.coid)).toMatchObject({ expiry: clock + 3 * DAY, remaining: { kind: 'left' } });
    expect(await exceeding()).toEqual([c.coid]);
    // Past its days the free course has ended for this student: no renewal (nothing to buy), study refused.
    clock += 4 * DAY;
    // A session of four days ago has lapsed: the student signs in again.
    s.cookie = await extraSession(app, s.id);
    expect(await info(c.coid)).toMatchObject({ courseStatus: 2, renew: false });
    expect((await mine(c.coid))?.remaining.kind).toBe('expired');
    const refused = await beat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: 1, position: 0 });
    expect(refused.status).toBe(403);
  });

  it('an administrator moves a fixed window: current holders get the new window on every page', async () => {
    const c = await learnCourse(app, admin, { ce_type: 2, ce_time: dayText(clock + 30 * DAY) });
    await enrol(app, s.id, c.coid, clock - DAY);
    expect(await exceeding()).toEqual([]);
    await info(c.coid);
    await okCall(app, 'POST', '/course/save', admin, { coid: c.coid, values: { ce_time: dayText(clock + 2 * DAY) } });
    const intro = await info(c.coid);
    expect((await mine(c.coid))?.expiry).toBe(intro.limitedDate);
    expect(intro.limitedDate).toBeLessThan(clock + 3 * DAY);
    expect(await exceeding()).toEqual([c.coid]);
  });

  it('an administrator changes days-from-purchase: holders follow the new days, counted from when they bought', async () => {
    const c = await learnCourse(app, admin, { ce_type: 1, ce_time: 30 });
    await enrol(app, s.id, c.coid, clock - DAY);
    expect((await info(c.coid)).limitedDate).toBe(clock - DAY + 30 * DAY);
    await okCall(app, 'POST', '/course/save', admin, { coid: c.coid, values: { ce_time: 5 } });
    const intro = await info(c.coid);
    expect(intro.limitedDate).toBe(clock - DAY + 5 * DAY);
    expect((await mine(c.coid))?.expiry).toBe(intro.limitedDate);
    expect(await exceeding()).toEqual([c.coid]);
  });
});
