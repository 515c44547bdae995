/**
 * Enrolment keys over HTTP (issue 15 item 3): set, change and disable a course's key in the back office
 * (every role, another school, bad input, the audit trail); a student enrols with it, with each refusal and
 * the throttle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/rules/dates';
import { REDEEM_ERRORS } from '../../shared/schemas/redeem';
import { createSchool } from '../../server/modules/schools/schools.service';
import { buildAdmin, buildStudent, login, makeApp, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { adminCookie, beat, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';

const DAY = 86_400_000;
type Key = { id: string; secret: string; gids: string[]; max_uses: number | null; used: number; enabled: boolean };
type Info = { isbuy: boolean; mainButton: { action: string } };

describe('enrolment keys', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 4, 10, 4, 0, 0);
  let admin: string;
  let course: LearnCourse;
  let other: { admin: string; student: string; gid: string };

  const as = (who: string | null) => injectAs(app, who);
  const setKey = async (payload: object) =>
    data<{ key: Key }>(await as(admin).post('/key/set', { coid: course.coid, ...payload })).key;
  const enrol = (cookie: string | null, key: string, coid = course.coid) =>
    as(cookie).post('/enrol/key', { coid, key });
  const refused = async (cookie: string, key: string, status: number, error: string) => {
    const res = await enrol(cookie, key);
    expect(res.statusCode, error).toBe(status);
    expect(envelope(res).error).toBe(error);
  };
  const info = (cookie: string) => okCall<Info>(app, 'GET', `/course/info/${course.coid}`, cookie);
  const day = (ms: number) => formatDate(ms, 'yyyy-MM-dd');

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    course = await learnCourse(app, admin, { title: 'Keyed course', actual: 60 });
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger', groups: ['Theirs'] });
    other = {
      admin: (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie,
      student: (await login(app, { ...stranger, school: app.ctx.uidCodec.encode(theirs.id) })).cookie,
      gid: stranger.groupIds[0],
    };
  });
  afterAll(() => app.close());

  it('the back-office calls: guest 401, student and sub-admin without course 403, another school 404', async () => {
    const student = await signedInStudent(app);
    const sub = await buildAdmin(app, { permissions: ['resource'] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    for (const [method, url, payload] of [
      ['GET', `/key/get?coid=${course.coid}`],
      ['POST', '/key/set', { coid: course.coid, secret: 'abcd' }],
    ] as const) {
      const send = (who: string | null) => as(who).inject({ method, url, payload });
      expect((await send(null)).statusCode).toBe(401);
      expect((await send(student.cookie)).statusCode).toBe(403);
      expect((await send(subCookie)).statusCode).toBe(403);
      expect((await send(other.admin)).statusCode).toBe(404);
    }
    expect(data(await as(admin).get(`/key/get?coid=${course.coid}`))).toEqual({ key: null });
    expect((await as(null).get(`/enrol/key?coid=${course.coid}`)).statusCode).toBe(401);
    expect(data(await as(student.cookie).get(`/enrol/key?coid=${course.coid}`))).toEqual({ has_key: false });
  });

  it('refuses a bad key: too short, with spaces, another school group, a window ending before it starts', async () => {
    for (const payload of [{ secret: 'abc' }, { secret: 'two words' }, { secret: 'abcd', max_uses: 0 }]) {
      expect((await as(admin).post('/key/set', { coid: course.coid, ...payload })).statusCode).toBe(400);
    }
    const theirGroup = await as(admin).post('/key/set', { coid: course.coid, secret: 'abcd', gids: [other.gid] });
    expect(theirGroup.statusCode).toBe(400);
    expect(envelope(theirGroup).error).toContain('gids');
    const window = { secret: 'abcd', starts_on: day(clock + 5 * DAY), ends_on: day(clock) };
    const backwards = await as(admin).post('/key/set', { coid: course.coid, ...window });
    expect(backwards.statusCode).toBe(400);
    expect(envelope(backwards).error).toBe(REDEEM_ERRORS.badWindow);
    expect(data(await as(admin).get(`/key/get?coid=${course.coid}`))).toEqual({ key: null });
  });

  it('a student enrols with the key (any case), then studies; each refusal says why', async () => {
    const a = await signedInStudent(app, { groups: ['Class K'] });
    const loner = await signedInStudent(app);
    await refused(a.cookie, 'whatever', 404, REDEEM_ERRORS.noKey);
    const key = await setKey({ secret: 'Open-Sesame', gids: [a.groupIds[0]], max_uses: 2 });
    expect(key).toMatchObject({ secret: 'Open-Sesame', gids: [a.groupIds[0]], max_uses: 2, used: 0, enabled: true });
    expect(data(await as(a.cookie).get(`/enrol/key?coid=${course.coid}`))).toEqual({ has_key: true });

    expect((await enrol(null, 'Open-Sesame')).statusCode).toBe(401);
    const byAdmin = await enrol(admin, 'Open-Sesame');
    expect(byAdmin.statusCode).toBe(403);
    expect(envelope(byAdmin).error).toBe('studentOnly');
    expect(envelope(await enrol(other.student, 'Open-Sesame')).error).toBe('otherSchool');
    await refused(loner.cookie, 'Open-Sesame', 403, 'designatedGroup');
    await refused(a.cookie, 'open-sesamo', 400, REDEEM_ERRORS.wrongKey);
    await setKey({ secret: 'Open-Sesame', gids: [a.groupIds[0]], max_uses: 2, enabled: false });
    await refused(a.cookie, 'Open-Sesame', 403, REDEEM_ERRORS.keyDisabled);
    await setKey({ secret: 'Open-Sesame', gids: [a.groupIds[0]], max_uses: 2, starts_on: day(clock + 2 * DAY) });
    await refused(a.cookie, 'Open-Sesame', 403, REDEEM_ERRORS.keyNotOpen);
    await setKey({ secret: 'Open-Sesame', gids: [a.groupIds[0]], max_uses: 2, ends_on: day(clock - DAY) });
    await refused(a.cookie, 'Open-Sesame', 403, REDEEM_ERRORS.keyClosed);
    await okCall(app, 'POST', '/course/pub', admin, { coid: course.coid, pub: '0' });
    await refused(a.cookie, 'Open-Sesame', 404, 'course removed');
    await okCall(app, 'POST', '/course/pub', admin, { coid: course.coid, pub: '1' });

    await setKey({ secret: 'Open-Sesame', max_uses: 2, ends_on: day(clock + DAY) });
    expect((await info(a.cookie)).mainButton.action).toBe('buy');
    expect(data(await enrol(a.cookie, '  open-sesame '))).toMatchObject({
      kind: 'course',
      id: course.coid,
      until: null,
    });
    expect(await info(a.cookie)).toMatchObject({ isbuy: true, mainButton: { action: 'start' } });
    await okCall(app, 'POST', '/learn/start', a.cookie, { coid: course.coid });
    expect((await beat(app, a.cookie, { coid: course.coid, cid: course.video, start_ts: 1, position: 0 })).status).toBe(
      200,
    );
    await refused(a.cookie, 'Open-Sesame', 409, REDEEM_ERRORS.alreadyHeld);

    // The course's own groups apply as well.
    await okCall(app, 'POST', '/course/save', admin, {
      coid: course.coid,
      values: { authentication_gid: a.groupIds[0] },
    });
    await refused(loner.cookie, 'Open-Sesame', 403, 'designatedGroup');
    await okCall(app, 'POST', '/course/save', admin, { coid: course.coid, values: { authentication_gid: '' } });
    expect(data(await enrol(loner.cookie, 'Open-Sesame'))).toMatchObject({ id: course.coid });
    const third = await signedInStudent(app);
    await refused(third.cookie, 'Open-Sesame', 409, REDEEM_ERRORS.keyUsedUp);
    expect(data<{ key: Key }>(await as(admin).get(`/key/get?coid=${course.coid}`)).key.used).toBe(2);

    const trail = data<{ list: { action: string; before: Key | null; after: Key }[] }>(
      await as(admin).get(`/code/audit?id=${key.id}`),
    );
    expect(trail.list).toHaveLength(5);
    expect(trail.list.every((row) => row.action === 'key.set')).toBe(true);
    expect(trail.list.at(-1)?.before).toBeNull();
    expect(trail.list[0].before?.enabled).toBe(true);
    expect((await as(other.admin).get(`/code/audit?id=${key.id}`)).statusCode).toBe(404);
  });

  it('throttles wrong keys per student (429), successes never count', async () => {
    clock += 11 * 60_000;
    const s = await signedInStudent(app);
    for (let i = 0; i < 10; i++) await refused(s.cookie, `nope-${i}`, 400, REDEEM_ERRORS.wrongKey);
    const locked = await enrol(s.cookie, 'Open-Sesame');
    expect(locked.statusCode).toBe(429);
    expect(envelope(locked).error).toBe(REDEEM_ERRORS.tooMany);
    clock += 11 * 60_000;
    expect((await enrol(s.cookie, 'nope')).statusCode).toBe(400);
  });
});
