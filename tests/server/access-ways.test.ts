/**
 * The ways of holding a course the access policy reads besides enrolments and administrators' grants (issue 15
 * 'Ways to obtain a course or column'), written through access/entitle as keys, codes and orders do: each grant row
 * is its own way (a renewal row beside the first purchase: the better one counts), and a membership gives every
 * course of its plan's categories and sub-categories while it lasts. What every page reads agrees: course/info,
 * My courses, the back office's holders and a student's holdings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberPlans, memberships } from '../../server/db/schema';
import { entitle, joinMembership, renewalEnd } from '../../server/modules/access/entitle';
import { courseHead } from '../../server/modules/courses/catalogue.repository';
import { login, makeApp, school, type TestApp } from '../helpers/factories';
import { data, injectAs } from '../helpers/kit';
import { adminCookie, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';
import { first } from '../../server/db/client';

const DAY = 86_400_000;
type Info = { isbuy: boolean; courseStatus: number; renew: boolean; limitedDate: number | null };
type MyCourses = { courselist: { coid: string; source: string; expiry: number | null }[] };
type Holders = { list: { sid: string; way: string; plan_title: string | null; until: number | null }[] };

describe('ways of holding a course', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 6, 1, 4, 0, 0);
  let admin: string;
  let days: LearnCourse;
  let student: Awaited<ReturnType<typeof signedInStudent>>;
  let member: Awaited<ReturnType<typeof signedInStudent>>;
  let top: string;
  let sub: string;

  // The clock moves by days, past a session's life: every call signs in afresh.
  type Who = Awaited<ReturnType<typeof signedInStudent>>;
  const cookie = async (who: Who) => (await login(app, who)).cookie;
  const info = async (who: Who, coid: string) => okCall<Info>(app, 'GET', `/course/info/${coid}`, await cookie(who));
  const mine = async (who: Who) => okCall<MyCourses>(app, 'GET', '/getstucourse?page=1&num=50', await cookie(who));
  const holders = async (coid: string) =>
    data<Holders>(await injectAs(app, await adminCookie(app)).get(`/grant/holders?kind=course&id=${coid}`));
  const give = async (sid: string, coid: string, via: 'key' | 'code' | 'order', expiresAt: number | null) =>
    await app.ctx.db.transaction(async (tx) =>
      entitle(tx, app.ctx.ids, {
        schoolId: (await school(app)).id,
        studentId: sid,
        kind: 'course',
        targetId: coid,
        via,
        ref: `ref-${via}`,
        expiresAt,
        at: clock,
      }),
    );

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    top = (await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, { title: 'Languages' })).catid;
    sub = (await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, { title: 'French', parent_id: top }))
      .catid;
    days = await learnCourse(app, admin, { title: 'Three days', actual: 30, ce_type: 1, ce_time: 3, catid: sub });
    student = await signedInStudent(app, { username: 'buyer' });
    member = await signedInStudent(app, { username: 'member' });
  });
  afterAll(() => app?.close());

  it('an order gives the course from now for its days; renewal reaches from the current end', async () => {
    expect((await info(student, days.coid)).isbuy).toBe(false);
    await give(student.id, days.coid, 'order', null);
    const first = await info(student, days.coid);
    expect(first).toMatchObject({ isbuy: true, courseStatus: 0, renew: true, limitedDate: clock + 3 * DAY });
    clock += DAY;
    const head = (await courseHead(app.ctx.db, days.coid))!;
    const auth = { role: 'student' as const, userId: student.id, schoolId: (await school(app)).id, tokenHash: '' };
    const end = await renewalEnd(app.ctx, auth, head);
    expect(end).toBe(first.limitedDate! + 3 * DAY);
    await give(student.id, days.coid, 'order', end);
    expect((await info(student, days.coid)).limitedDate).toBe(end);
    const listed = (await mine(student)).courselist.find((row) => row.coid === days.coid);
    expect(listed).toMatchObject({ source: 'order', expiry: end });
  });

  it('a key and a code are ways of their own in the holders list', async () => {
    const other = await signedInStudent(app, { username: 'keyed' });
    await give(other.id, days.coid, 'key', null);
    const coded = await signedInStudent(app, { username: 'coded' });
    await give(coded.id, days.coid, 'code', clock + 10 * DAY);
    const { list } = await holders(days.coid);
    const ways = new Map(list.map((row) => [row.sid, row.way]));
    expect(ways.get(other.id)).toBe('key');
    expect(ways.get(coded.id)).toBe('code');
    expect(ways.get(student.id)).toBe('order');
  });

  it('a membership gives the courses of its categories and sub-categories until its end', async () => {
    const plan = app.ctx.ids.next();
    const at = clock;
    await app.ctx.db.insert(memberPlans).values({
      id: plan,
      schoolId: (await school(app)).id,
      title: 'Gold',
      days: 30,
      priceFen: 9900,
      categoryIds: JSON.stringify([top]),
      published: true,
      createdAt: at,
      updatedAt: at,
    });
    expect((await info(member, days.coid)).isbuy).toBe(false);
    const joined = await app.ctx.db.transaction(async (tx) =>
      joinMembership(tx, app.ctx.ids, {
        schoolId: (await school(app)).id,
        studentId: member.id,
        planId: plan,
        days: 30,
        via: 'admin',
        ref: '',
        at,
      }),
    );
    expect(joined.until).toBe(at + 30 * DAY);
    const held = await info(member, days.coid);
    expect(held).toMatchObject({ isbuy: true, courseStatus: 0, renew: false, limitedDate: joined.until });
    expect((await mine(member)).courselist.map((row) => [row.coid, row.source])).toContainEqual([days.coid, 'member']);
    expect((await holders(days.coid)).list.find((row) => row.sid === member.id)).toMatchObject({
      way: 'member',
      plan_title: 'Gold',
    });

    // Renewing the plan extends from the current end.
    const again = await app.ctx.db.transaction(async (tx) =>
      joinMembership(tx, app.ctx.ids, {
        schoolId: (await school(app)).id,
        studentId: member.id,
        planId: plan,
        days: 30,
        via: 'admin',
        ref: '',
        at: clock,
      }),
    );
    expect(again.until).toBe(joined.until + 30 * DAY);

    // Past the end the course is to buy again, and My courses no longer lists it.
    clock = again.until + DAY;
    expect(await info(member, days.coid)).toMatchObject({ isbuy: false, courseStatus: 3 });
    expect((await mine(member)).courselist.some((row) => row.coid === days.coid)).toBe(false);
  });

  it('a revoked membership gives nothing', async () => {
    const plan = first(await app.ctx.db.select().from(memberPlans))!;
    const late = await signedInStudent(app, { username: 'revoked' });
    const row = await app.ctx.db.transaction(async (tx) =>
      joinMembership(tx, app.ctx.ids, {
        schoolId: (await school(app)).id,
        studentId: late.id,
        planId: plan.id,
        days: 30,
        via: 'admin',
        ref: '',
        at: clock,
      }),
    );
    expect((await info(late, days.coid)).isbuy).toBe(true);
    await app.ctx.db.update(memberships).set({ revokedAt: clock }).where(eq(memberships.id, row.id));
    expect((await info(late, days.coid)).isbuy).toBe(false);
  });
});
