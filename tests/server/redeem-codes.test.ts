/**
 * Redeem codes over HTTP (issue 15 item 4): batches for a course, column or membership plan, their codes and
 * redeemers, the export (CSV and XLSX parse back), disabling, the audit trail; redeeming with every refusal,
 * for every role and another school; the throttle.
 */
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, normaliseCode } from '../../shared/rules/redeem-code';
import { REDEEM_ERRORS } from '../../shared/schemas/redeem';
import { createSchool } from '../../server/modules/schools/schools.service';
import { columns, memberPlans } from '../../server/db/schema';
import { buildAdmin, buildStudent, login, makeApp, school, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { adminCookie, beat, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';
import { sqlAll, sqlRun } from '../helpers/sql';

const DAY = 86_400_000;

type Batch = { id: string; kind: string; count: number; uses: number; codes_used: number; disabled_at: number | null };
type Codes = {
  batch: Batch;
  total: number;
  list: {
    id: string;
    code: string;
    used: number;
    max_uses: number;
    disabled_at: number | null;
    redeemers: { username: string }[];
  }[];
};
type Info = { isbuy: boolean; courseStatus: number; limitedDate: number | null; mainButton: { action: string } };

describe('redeem codes', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 4, 10, 4, 0, 0);
  let admin: string;
  let course: LearnCourse;
  let other: { admin: string; cookie: string; relogin: () => Promise<void> };

  const as = (who: string | null) => injectAs(app, who);
  const info = (cookie: string, coid = course.coid) => okCall<Info>(app, 'GET', `/course/info/${coid}`, cookie);
  const newBatch = async (payload: object) => data<Batch>(await as(admin).post('/code/batch/add', payload));
  const codesOf = async (batch: string, query = '') =>
    data<Codes>(await as(admin).get(`/code/list?batch=${batch}&num=100${query}`));
  const redeem = (cookie: string | null, code: string) => as(cookie).post('/redeem', { code });
  /** Leaves the throttle's window behind. */
  const later = () => {
    clock += 11 * 60_000;
  };

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    course = await learnCourse(app, admin, { title: 'Coded course', actual: 80 });
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger' });
    other = {
      admin: (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie,
      cookie: '',
      relogin: async () => {
        other.admin = (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie;
        other.cookie = (await login(app, { ...stranger, school: app.ctx.uidCodec.encode(theirs.id) })).cookie;
      },
    };
    await other.relogin();
  });
  afterAll(() => app.close());

  it('refuses a guest (401), a student and a sub-admin without the course permission (403)', async () => {
    const student = await signedInStudent(app);
    const sub = await buildAdmin(app, { permissions: ['resource'] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    const calls: [string, string, object?][] = [
      ['GET', '/code/items?kind=course'],
      ['POST', '/code/batch/add', { kind: 'course', id: course.coid, count: 1 }],
      ['GET', '/code/batches'],
      ['GET', '/code/list?batch=1'],
      ['POST', '/code/disable', { id: '1' }],
      ['POST', '/code/batch/disable', { id: '1' }],
      ['GET', '/code/audit?id=1'],
      ['GET', '/code/export?batch=1&format=csv'],
    ];
    for (const [method, url, payload] of calls) {
      const send = (who: string | null) => as(who).inject({ method: method as 'GET', url, payload });
      expect((await send(null)).statusCode, url).toBe(401);
      expect((await send(student.cookie)).statusCode, url).toBe(403);
      expect((await send(subCookie)).statusCode, url).toBe(403);
    }
    expect((await redeem(null, 'AAAA-AAAA-AAAA-AAAA')).statusCode).toBe(401);
    const byAdmin = await redeem(admin, 'AAAA-AAAA-AAAA-AAAA');
    expect(byAdmin.statusCode).toBe(403);
    expect(envelope(byAdmin).error).toBe('studentOnly');
  });

  it('a sub-admin limited to other categories neither sees nor codes the course, nor reads its key', async () => {
    const { catid } = await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, { title: 'Elsewhere' });
    const sub = await buildAdmin(app, { permissions: ['course'] });
    await sqlRun(app, 'update admins set categories = ? where id = ?', JSON.stringify([catid]), sub.id);
    const scoped = (await login(app, { ...sub, role: 'admin' })).cookie;
    const items = data<{ list: { id: string }[] }>(await as(scoped).get('/code/items?kind=course'));
    expect(items.list.map((item) => item.id)).not.toContain(course.coid);
    expect((await as(scoped).post('/code/batch/add', { kind: 'course', id: course.coid, count: 1 })).statusCode).toBe(
      404,
    );
    expect((await as(scoped).get(`/key/get?coid=${course.coid}`)).statusCode).toBe(404);
    expect((await as(scoped).post('/key/set', { coid: course.coid, secret: 'abcd' })).statusCode).toBe(404);
    const unscoped = (await login(app, { ...(await buildAdmin(app, { permissions: ['course'] })), role: 'admin' }))
      .cookie;
    expect(
      data<{ list: { id: string }[] }>(await as(unscoped).get('/code/items?kind=course')).list.map((i) => i.id),
    ).toContain(course.coid);
  });

  it('creates a batch of unguessable codes, lists them, and refuses bad batches', async () => {
    const items = data<{ list: { id: string }[] }>(await as(admin).get('/code/items?kind=course'));
    expect(items.list.map((item) => item.id)).toContain(course.coid);
    const batch = await newBatch({ kind: 'course', id: course.coid, count: 50, uses: 2, title: 'Spring' });
    expect(batch).toMatchObject({ kind: 'course', count: 50, uses: 0, codes_used: 0, disabled_at: null });
    const listed = await codesOf(batch.id);
    expect(listed.total).toBe(50);
    const shape = new RegExp(`^[${CODE_ALPHABET}]{4}(-[${CODE_ALPHABET}]{4}){${CODE_LENGTH / 4 - 1}}$`);
    for (const row of listed.list) {
      expect(row.code).toMatch(shape);
      expect(row).toMatchObject({ used: 0, max_uses: 2, redeemers: [] });
    }
    expect(new Set(listed.list.map((row) => row.code)).size).toBe(50);
    const searched = await codesOf(batch.id, `&keyword=${listed.list[3].code.slice(0, 9).toLowerCase()}`);
    expect(searched.list.map((row) => row.id)).toContain(listed.list[3].id);

    const bad = [
      [{ kind: 'course', id: course.coid, count: 0 }, 400],
      [{ kind: 'course', id: course.coid, count: 10_001 }, 400],
      [{ kind: 'course', id: course.coid, count: 1, expires_on: '2020-01-01' }, 400],
      [{ kind: 'course', id: '999999', count: 1 }, 404],
      [{ kind: 'member', id: '999999', count: 1 }, 404],
    ] as const;
    for (const [payload, status] of bad)
      expect((await as(admin).post('/code/batch/add', payload)).statusCode).toBe(status);
    const { coid: draft } = await okCall<{ coid: string }>(app, 'POST', '/course/new', admin, {
      title: 'Draft',
      catid: '0',
      type: 0,
      actual: 10,
    });
    const unpublished = await as(admin).post('/code/batch/add', { kind: 'course', id: draft, count: 1 });
    expect(unpublished.statusCode).toBe(409);
    expect(envelope(unpublished).error).toBe(REDEEM_ERRORS.notPublished);
    // Another school sees none of it.
    expect(
      (await as(other.admin).post('/code/batch/add', { kind: 'course', id: course.coid, count: 1 })).statusCode,
    ).toBe(404);
    expect((await as(other.admin).get(`/code/list?batch=${batch.id}`)).statusCode).toBe(404);
    expect(data<{ total: number }>(await as(other.admin).get('/code/batches')).total).toBe(0);
    expect((await as(other.admin).get(`/code/export?batch=${batch.id}`)).statusCode).toBe(404);
  });

  it('a student redeems a course code on any spelling, then studies; the code counts its uses', async () => {
    later();
    const batch = await newBatch({ kind: 'course', id: course.coid, count: 2, uses: 2, days: 10 });
    const [first] = (await codesOf(batch.id)).list;
    const a = await signedInStudent(app, { username: 'redeemer-a', name: '甲' });
    expect((await info(a.cookie)).mainButton.action).toBe('buy');
    const typed = `  ${first.code.toLowerCase().replace(/-/g, ' ')} `;
    const result = data<{ kind: string; id: string; until: number }>(await redeem(a.cookie, typed));
    expect(result).toMatchObject({ kind: 'course', id: course.coid, until: clock + 10 * DAY });
    const seen = await info(a.cookie);
    expect(seen).toMatchObject({ isbuy: true, courseStatus: 0, mainButton: { action: 'start' } });
    await okCall(app, 'POST', '/learn/start', a.cookie, { coid: course.coid });
    expect((await beat(app, a.cookie, { coid: course.coid, cid: course.video, start_ts: 1, position: 0 })).status).toBe(
      200,
    );

    // Already held: 409 and the second use stays.
    const again = await redeem(a.cookie, first.code);
    expect(again.statusCode).toBe(409);
    expect(envelope(again).error).toBe(REDEEM_ERRORS.alreadyRedeemed);
    const [, second] = (await codesOf(batch.id)).list;
    const held = await redeem(a.cookie, second.code);
    expect(held.statusCode).toBe(409);
    expect(envelope(held).error).toBe(REDEEM_ERRORS.alreadyHeld);
    const rows = (await codesOf(batch.id)).list;
    expect(rows.map((row) => row.used)).toEqual([1, 0]);
    expect(rows[0].redeemers.map((r) => r.username)).toEqual(['redeemer-a']);

    // A second student uses the second use; a third finds it used up.
    const b = await signedInStudent(app);
    expect(data(await redeem(b.cookie, first.code))).toMatchObject({ id: course.coid });
    const c = await signedInStudent(app);
    const usedUp = await redeem(c.cookie, first.code);
    expect(usedUp.statusCode).toBe(409);
    expect(envelope(usedUp).error).toBe(REDEEM_ERRORS.codeUsedUp);
    expect(data<{ list: Batch[] }>(await as(admin).get('/code/batches')).list[0]).toMatchObject({
      id: batch.id,
      uses: 2,
      codes_used: 1,
    });
    // Past the batch's days the course has ended for the redeemer.
    clock += 11 * DAY;
    const aAgain = (await login(app, { username: 'redeemer-a', password: a.password })).cookie;
    expect((await info(aAgain)).courseStatus).not.toBe(0);
    admin = await adminCookie(app);
  });

  it('refuses unknown, other-school, disabled, expired codes and removed items; nothing is used', async () => {
    later();
    const s = await signedInStudent(app);
    const batch = await newBatch({ kind: 'course', id: course.coid, count: 3, expires_on: '2031-12-31' });
    const [one, two, three] = (await codesOf(batch.id)).list;
    await other.relogin();
    const refused = async (code: string, status: number, error: string, cookie = s.cookie) => {
      const res = await redeem(cookie, code);
      expect(res.statusCode, code).toBe(status);
      expect(envelope(res).error).toBe(error);
    };
    await refused('not a code', 404, REDEEM_ERRORS.unknownCode);
    await refused('2345-6789-ABCD-EFGH', 404, REDEEM_ERRORS.unknownCode);
    await refused(one.code, 404, REDEEM_ERRORS.unknownCode, other.cookie);
    expect(data(await as(admin).post('/code/disable', { id: one.id }))).toEqual({ id: one.id, disabled: true });
    expect(data(await as(admin).post('/code/disable', { id: one.id }))).toEqual({ id: one.id, disabled: false });
    expect((await as(other.admin).post('/code/disable', { id: two.id })).statusCode).toBe(404);
    await refused(one.code, 403, REDEEM_ERRORS.codeDisabled);
    later();
    // The batch's last day has passed (set in the database: a clock jump would end every session).
    await sqlRun(app, 'update code_batches set expires_at = ? where id = ?', clock - 1, batch.id);
    await refused(two.code, 403, REDEEM_ERRORS.codeExpired);
    await sqlRun(app, 'update code_batches set expires_at = ? where id = ?', clock + DAY, batch.id);
    later();
    await okCall(app, 'POST', '/course/pub', admin, { coid: course.coid, pub: '0' });
    await refused(two.code, 404, REDEEM_ERRORS.itemRemoved);
    await okCall(app, 'POST', '/course/pub', admin, { coid: course.coid, pub: '1' });
    // A deleted course: its codes refuse, and the back office still reads the batch.
    const gone = await learnCourse(app, admin, { title: 'Gone', actual: 5 });
    const goneBatch = await newBatch({ kind: 'course', id: gone.coid, count: 1 });
    await okCall(app, 'POST', '/course/delete', admin, { coids: [gone.coid] });
    await refused((await codesOf(goneBatch.id)).list[0].code, 404, REDEEM_ERRORS.itemRemoved);
    expect((await codesOf(goneBatch.id)).total).toBe(1);
    expect(data(await as(admin).post('/code/batch/disable', { id: batch.id }))).toEqual({
      id: batch.id,
      disabled: true,
    });
    await refused(three.code, 403, REDEEM_ERRORS.codeDisabled);
    expect((await codesOf(batch.id)).list.every((row) => row.used === 0)).toBe(true);

    const trail = data<{ list: { action: string; actor_name: string | null; before: unknown; after: unknown }[] }>(
      await as(admin).get(`/code/audit?id=${batch.id}`),
    );
    expect(trail.list.map((row) => row.action)).toEqual(['batch.disable', 'code.disable', 'batch.create']);
    expect(trail.list[0]).toMatchObject({ before: { disabled_at: null }, after: { disabled_at: expect.any(Number) } });
    expect(trail.list[1]).toMatchObject({ before: { code: one.code, disabled_at: null } });
    expect(trail.list[2].before).toBeNull();
    expect((await as(other.admin).get(`/code/audit?id=${batch.id}`)).statusCode).toBe(404);
  });

  it('throttles failed attempts per student (429) and forgets them after the window', async () => {
    later();
    const s = await signedInStudent(app);
    for (let i = 0; i < 10; i++) expect((await redeem(s.cookie, `WRONG${i}`)).statusCode).toBe(404);
    const locked = await redeem(s.cookie, 'WRONG');
    expect(locked.statusCode).toBe(429);
    expect(envelope(locked).error).toBe(REDEEM_ERRORS.tooMany);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Even a good code waits; another student from another address does not.
    const batch = await newBatch({ kind: 'course', id: course.coid, count: 1 });
    const [code] = (await codesOf(batch.id)).list;
    expect((await redeem(s.cookie, code.code)).statusCode).toBe(429);
    const t = await signedInStudent(app);
    const elsewhere = await as(t.cookie).inject({
      method: 'POST',
      url: '/redeem',
      payload: { code: 'WRONG' },
      remoteAddress: '10.0.0.9',
    });
    expect(elsewhere.statusCode).toBe(404);
    later();
    expect(data(await redeem(s.cookie, code.code))).toMatchObject({ id: course.coid });
  });

  it('a column code gives the column; a member code a membership of the plan for its days', async () => {
    later();
    const now = clock;
    const schoolId = (await school(app)).id;
    const columnId = app.ctx.ids.next();
    await app.ctx.db
      .insert(columns)
      .values({ id: columnId, schoolId, title: 'Coded column', published: true, createdAt: now, updatedAt: now });
    const { catid } = await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, { title: 'Members' });
    const inPlan = await learnCourse(app, admin, { title: 'Member course', actual: 90, catid });
    const planId = app.ctx.ids.next();
    await app.ctx.db.insert(memberPlans).values({
      id: planId,
      schoolId,
      title: 'Gold',
      days: 30,
      categoryIds: JSON.stringify([catid]),
      published: true,
      createdAt: now,
      updatedAt: now,
    });
    const s = await signedInStudent(app);
    const columnBatch = await newBatch({ kind: 'column', id: columnId, count: 1 });
    const columnCode = (await codesOf(columnBatch.id)).list[0].code;
    expect(data(await redeem(s.cookie, columnCode))).toMatchObject({ kind: 'column', id: columnId, until: null });
    const grants = await sqlAll(
      app,
      'select via, ref from course_grants where student_id = ? and column_id = ?',
      s.id,
      columnId,
    );
    expect(grants).toEqual([{ via: 'code', ref: expect.any(String) }]);

    expect((await info(s.cookie, inPlan.coid)).isbuy).toBe(false);
    const planBatch = await newBatch({ kind: 'member', id: planId, count: 2 });
    const [p1, p2] = (await codesOf(planBatch.id)).list;
    expect(data(await redeem(s.cookie, p1.code))).toMatchObject({ kind: 'member', until: now + 30 * DAY });
    expect(await info(s.cookie, inPlan.coid)).toMatchObject({ isbuy: true, mainButton: { action: 'start' } });
    // A second code of the plan renews from the current end.
    expect(data(await redeem(s.cookie, p2.code))).toMatchObject({ until: now + 60 * DAY });
    const sevenDays = await newBatch({ kind: 'member', id: planId, count: 1, days: 7 });
    const t = await signedInStudent(app);
    const code = (await codesOf(sevenDays.id)).list[0].code;
    expect(data(await redeem(t.cookie, code))).toMatchObject({ until: now + 7 * DAY });
  });

  it('exports a batch as CSV and XLSX that parse back, with redeemers', async () => {
    later();
    const batch = await newBatch({ kind: 'course', id: course.coid, count: 3, title: '=SUM(A1)' });
    const rows = (await codesOf(batch.id)).list;
    const s = await signedInStudent(app, { username: 'exported', name: '导出' });
    data(await redeem(s.cookie, rows[0].code));
    const csv = await as(admin).get(`/code/export?batch=${batch.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0].split(',')[0]).toBe('兑换码');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(rows.map((row) => row.code));
    expect(lines[1]).toContain("'=SUM(A1)");
    expect(lines[1]).toContain('导出 (exported)');
    const xlsx = await as(admin).inject({
      method: 'GET',
      url: `/code/export?batch=${batch.id}`,
      headers: { cookie: `${admin}; lx_locale=en-gb` },
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(xlsx.rawPayload);
    expect(sheet).toHaveLength(4);
    expect(sheet.slice(1).map((row) => normaliseCode(String(row[0])))).toEqual(
      rows.map((row) => normaliseCode(row.code)),
    );
    expect(sheet[1][4]).toBe(1);
  });
});
