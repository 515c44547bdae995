import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { call, enrolledLearner, okBeat, okCall, type LearnCourse } from './records-helpers';

const S = 1000;

/**
 * The fastest credited playback speed (issue 18 'Records a school can trust'): 2× by default; a school
 * (student/setting maxRate) or a course (course/updateSet maxRate; the course wins when set) may lower it to
 * 1×. The ware call carries it for the player's speed menu, and the heartbeat credits no faster playback.
 */
describe('web/heartbeat credits playback up to the fastest credited speed of the course or school', () => {
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

  const wareRate = async () =>
    (
      await okCall<{ study: { settings: { maxRate: number } } }>(
        app,
        'GET',
        `/learn/ware/${c.coid}/${c.video}`,
        s.cookie,
      )
    ).study.settings.maxRate;
  const courseRate = (maxRate: number) =>
    okCall(app, 'POST', '/course/updateSet', admin, { coid: c.coid, settings: { maxRate } });
  const schoolRate = (maxRate: number) => okCall(app, 'POST', '/student/setting', admin, { maxRate });
  /** A new viewing from 0, then one heartbeat `seconds` later claiming `position`: what the server watched. */
  const claim = async (startTs: number, seconds: number, position: number) => {
    await okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: startTs, position: 0, play_type: 'start' });
    clock += seconds * S;
    return okBeat(app, s.cookie, { coid: c.coid, cid: c.video, start_ts: startTs, position });
  };

  it('by default 2×: 32 s of video in 16 s counts', async () => {
    expect(await wareRate()).toBe(2);
    expect((await claim(1, 16, 32)).watch_time).toBe(32);
  });

  it("the course's 1.5×: playback at 2× is not credited, at 1.5× (and the slack) it is", async () => {
    await courseRate(1.5);
    expect(await wareRate()).toBe(1.5);
    const fast = await claim(1, 16, 32);
    expect(fast.watch_time).toBe(0);
    expect(fast.progress).toBe(0);
    const allowed = await claim(2, 16, 27);
    expect(allowed.watch_time).toBe(27);
  });

  it("the school's 1×, and the course's own speed wins over it", async () => {
    await schoolRate(1);
    const settings = await okCall<{ maxRate: number }>(app, 'GET', '/student/setting', admin);
    expect(settings.maxRate).toBe(1);
    expect(await wareRate()).toBe(1);
    expect((await claim(1, 16, 24)).watch_time).toBe(0);
    expect((await claim(2, 16, 16)).watch_time).toBe(16);

    await courseRate(2);
    expect(await wareRate()).toBe(2);
    expect((await claim(3, 16, 32)).watch_time).toBe(32);
    // 0: the course follows the school again.
    await courseRate(0);
    expect(await wareRate()).toBe(1);
  });

  it('a speed the player does not offer is a 400, and nothing changes', async () => {
    for (const maxRate of [3, 0.5, 1.1]) {
      const school = await call(app, 'POST', '/student/setting', admin, { maxRate });
      expect(school.status).toBe(400);
      const course = await call(app, 'POST', '/course/updateSet', admin, { coid: c.coid, settings: { maxRate } });
      expect(course.status).toBe(400);
    }
    // A school may not set 0 (that is the course's word for "the school's").
    expect((await call(app, 'POST', '/student/setting', admin, { maxRate: 0 })).status).toBe(400);
    expect(await wareRate()).toBe(2);
  });
});
