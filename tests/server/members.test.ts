/**
 * Membership plans over HTTP (issue 15 item 6): the back office's plans, grants, revocations, subscriptions, trail
 * and figures for every role and another school; what a membership gives on a course page (course/info isbuy and
 * courseStatus, a sub-category included, not after until, not once revoked); the student's plans, mybook and
 * mycollect.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, columnBooks, columns, studentGroupMembers } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { MEMBER_ERRORS } from '../../shared/schemas/members';
import { buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { adminCookie, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';

const DAY = 86_400_000;

type Plan = { id: string; title: string; price_fen: number; price: string; holders: number; published: boolean };
type Sub = { id: string; sid: string; until: number; since: number; via: string; state: string; plan_id: string };
type Info = { isbuy: boolean; courseStatus: number };

describe('membership plans', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 4, 10, 4, 0, 0);
  let admin: string;
  let top: string;
  let sub: string;
  let elsewhere: string;
  let course: LearnCourse;
  let outside: LearnCourse;
  let member: Awaited<ReturnType<typeof signedInStudent>>;
  let classmate: Awaited<ReturnType<typeof signedInStudent>>;
  let loner: Awaited<ReturnType<typeof signedInStudent>>;
  let other: { admin: string; sid: string; gid: string; catid: string };

  const as = (who: string | null) => injectAs(app, who);
  const post = async <T>(url: string, payload: object, who: string | null = admin, status = 200) =>
    data<T>(await as(who).post(url, payload), status);
  const get = async <T>(url: string, who: string | null = admin, status = 200) =>
    data<T>(await as(who).get(url), status);
  const category = (title: string, parent_id = '0', who = admin) =>
    post<{ catid: string }>('/course/category', { title, parent_id }, who).then((reply) => reply.catid);
  const newPlan = (values: object = {}) =>
    post<{ id: string }>('/member/edit', {
      title: 'Gold',
      price: '99.90',
      days: 30,
      catids: [top],
      published: true,
      ...values,
    }).then((reply) => reply.id);
  const info = (cookie: string, coid = course.coid) => okCall<Info>(app, 'GET', `/course/info/${coid}`, cookie);
  const subs = (query: string, who = admin) =>
    get<{ total: number; list: Sub[] }>(`/member/subscription?${query}`, who);

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    top = await category('Languages');
    sub = await category('French', top);
    elsewhere = await category('Maths');
    course = await learnCourse(app, admin, { title: 'French one', actual: 80, catid: sub });
    outside = await learnCourse(app, admin, { title: 'Algebra', actual: 80, catid: elsewhere });
    member = await signedInStudent(app, { name: '会员', groups: ['Class A'] });
    classmate = await signedInStudent(app, { username: 'classmate' });
    await app.ctx.db.insert(studentGroupMembers).values({ studentId: classmate.id, groupId: member.groupIds[0] });
    loner = await signedInStudent(app, { username: 'loner', name: '独行' });
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger', groups: ['Their class'] });
    const otherAdmin = (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie;
    other = {
      admin: otherAdmin,
      sid: stranger.id,
      gid: stranger.groupIds[0],
      catid: await category('Theirs', '0', otherAdmin),
    };
  });
  afterAll(() => app.close());

  it('refuses a guest (401), a student and an administrator without the course permission (403)', async () => {
    const resource = (await login(app, { ...(await buildSubAdmin(app, ['resource'])), role: 'admin' })).cookie;
    const people = (await login(app, { ...(await buildSubAdmin(app, ['student'])), role: 'admin' })).cookie;
    const writes: [string, object][] = [
      ['/member/edit', { title: 'X', price: '1', days: 1, catids: [top] }],
      ['/member/delete', { id: '1' }],
      ['/member/grant', { plan_id: '1', sids: [loner.id] }],
      ['/member/revoke', { id: '1' }],
    ];
    const reads = ['/member/subscription', '/member/audit?plan_id=1', '/member/dashboarddata'];
    for (const [url, payload] of writes) {
      expect((await as(null).post(url, payload)).statusCode, url).toBe(401);
      expect((await as(loner.cookie).post(url, payload)).statusCode, url).toBe(403);
      expect((await as(resource).post(url, payload)).statusCode, url).toBe(403);
      expect((await as(people).post(url, payload)).statusCode, url).toBe(403);
    }
    for (const url of [...reads, '/member/list']) {
      expect((await as(null).get(url)).statusCode, url).toBe(401);
      expect((await as(loner.cookie).get(url)).statusCode, url).toBe(403);
      expect((await as(resource).get(url)).statusCode, url).toBe(403);
    }
    // The student area reads subscriptions, the trail and the figures, not the plans' editor list.
    for (const url of reads) expect((await as(people).get(url)).statusCode, url).toBe(200);
    expect((await as(people).get('/member/list')).statusCode).toBe(403);
    // The student's own calls: a guest and an administrator are no student (401).
    for (const url of ['/member/plan', '/mybook', '/mycollect']) {
      expect((await as(null).get(url)).statusCode, url).toBe(401);
      expect((await as(admin).get(url)).statusCode, url).toBe(401);
      expect((await as(loner.cookie).get(url)).statusCode, url).toBe(200);
    }
  });

  it('every member call is in the OpenAPI document with its summary; member/resetpassword is not a route', async () => {
    const doc = (await as(null).get('/openapi.json')).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const calls: [string, string][] = [
      ['get', '/member/list'],
      ['post', '/member/edit'],
      ['post', '/member/delete'],
      ['post', '/member/grant'],
      ['post', '/member/revoke'],
      ['get', '/member/subscription'],
      ['get', '/member/audit'],
      ['get', '/member/dashboarddata'],
      ['get', '/member/plan'],
      ['get', '/mybook'],
      ['get', '/mycollect'],
    ];
    for (const [method, path] of calls) expect(doc.paths[path]?.[method]?.summary, path).toBeTruthy();
    expect(doc.paths['/member/resetpassword']).toBeUndefined();
    expect((await as(admin).post('/member/resetpassword', {})).statusCode).toBe(404);
  });

  it('validates a plan: price in yuan text to integer fen, days at least 1, categories of the school', async () => {
    const base = { title: 'Bad', price: '10', days: 10, catids: [top] };
    const refused: [object, string][] = [
      [{ price: '12.345' }, 'price'],
      [{ price: '-1' }, 'price'],
      [{ price: 12.5 }, 'price'],
      [{ price: '1000000.01' }, 'price'],
      [{ days: 0 }, 'days'],
      [{ days: 1.5 }, 'days'],
      [{ catids: [] }, 'catids'],
      [{ catids: [other.catid] }, 'catids'],
      [{ catids: ['99999999'] }, 'catids'],
      [{ title: '  ' }, 'title'],
    ];
    for (const [values, field] of refused) {
      const res = await as(admin).post('/member/edit', { ...base, ...values });
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json().error, JSON.stringify(values)).toContain(field);
    }
    expect((await get<{ list: Plan[] }>('/member/list')).list).toEqual([]);
    const id = await newPlan({ price: '0.29', description: '<p>Hi<script>alert(1)</script></p>', published: false });
    const [plan] = (await get<{ list: (Plan & { description: string })[] }>('/member/list')).list;
    expect(plan).toMatchObject({ id, price_fen: 29, price: '0.29', published: false, holders: 0 });
    expect(plan.description).toBe('<p>Hi</p>');
    await post('/member/edit', { id, title: 'Gold', price: '19.99', days: 30, catids: [top] });
    expect((await get<{ list: Plan[] }>('/member/list')).list[0]).toMatchObject({ price_fen: 1999, price: '19.99' });
    // Another school's administrator finds nothing of it.
    const theirs = { id, title: 'Mine', price: '1', days: 1, catids: [other.catid] };
    expect((await as(other.admin).post('/member/edit', theirs)).statusCode).toBe(404);
    expect((await as(other.admin).post('/member/delete', { id })).statusCode).toBe(404);
    expect((await as(other.admin).post('/member/grant', { plan_id: id, sids: [other.sid] })).statusCode).toBe(404);
    expect((await get<{ list: Plan[] }>('/member/list', other.admin)).list).toEqual([]);
    await post('/member/delete', { id });
  });

  it('grants a plan: a paid course of a sub-category is held (isbuy, status 0) until the end, not after', async () => {
    const before = await info(member.cookie);
    expect(before.isbuy).toBe(false);
    expect(before.courseStatus).toBe(3);
    const draft = await newPlan({ title: 'Draft', published: false });
    const res = await as(admin).post('/member/grant', { plan_id: draft, sids: [member.id] });
    expect(res.statusCode).toBe(409);
    expect(envelope(res).error).toBe(MEMBER_ERRORS.notPublished);
    const id = await newPlan({ days: 10 });
    expect((await as(admin).post('/member/grant', { plan_id: id, sids: [other.sid] })).statusCode).toBe(400);
    expect((await as(admin).post('/member/grant', { plan_id: id, gids: [other.gid] })).statusCode).toBe(400);
    expect((await as(admin).post('/member/grant', { plan_id: id })).statusCode).toBe(400);
    expect(await subs(`plan_id=${id}`)).toMatchObject({ total: 0 });

    expect(await post('/member/grant', { plan_id: id, sids: [member.id] })).toEqual({ joined: 1, extended: 0 });
    expect(await info(member.cookie)).toMatchObject({ isbuy: true, courseStatus: 0 });
    expect(await info(member.cookie, outside.coid)).toMatchObject({ isbuy: false, courseStatus: 3 });
    const [held] = (await subs(`plan_id=${id}`)).list;
    expect(held).toMatchObject({ sid: member.id, via: 'admin', state: 'active', since: clock });
    expect(held.until).toBe(clock + 10 * DAY);

    const start = clock;
    clock = start + 10 * DAY - 1;
    try {
      // Sessions idle out over days: sign in again at each moment (mybook 200 proves the student is signed in).
      let later = (await login(app, member)).cookie;
      expect((await get<{ memberships: unknown[] }>('/mybook', later)).memberships).toHaveLength(1);
      expect(await info(later)).toMatchObject({ isbuy: true, courseStatus: 0 });
      clock = start + 10 * DAY + 1;
      later = (await login(app, member)).cookie;
      expect((await get<{ memberships: unknown[] }>('/mybook', later)).memberships).toEqual([]);
      expect(await info(later)).toMatchObject({ isbuy: false, courseStatus: 3 });
      expect((await subs(`plan_id=${id}`, await adminCookie(app))).list[0].state).toBe('expired');
    } finally {
      clock = start;
    }
    // A new sign-in ended the earlier session (one session per student): sign in again now.
    member = { ...member, cookie: (await login(app, member)).cookie };
    // Granting again extends from the current end.
    expect(await post('/member/grant', { plan_id: id, sids: [member.id] })).toEqual({ joined: 0, extended: 1 });
    const book = await get<{ memberships: { until: number; remaining_days: number; title: string }[] }>(
      '/mybook',
      member.cookie,
    );
    expect(book.memberships).toHaveLength(1);
    expect(book.memberships[0]).toMatchObject({ title: 'Gold', until: start + 20 * DAY, remaining_days: 20 });
    await post('/member/delete', { id });
    expect(await info(member.cookie)).toMatchObject({ isbuy: false });
    await post('/member/delete', { id: draft });
  });

  it('a group grant reaches the members present at that moment; revoking gives nothing and is audited', async () => {
    const id = await newPlan({ title: 'Group plan' });
    expect(await post('/member/grant', { plan_id: id, gids: [member.groupIds[0]] })).toEqual({
      joined: 2,
      extended: 0,
    });
    expect(await info(classmate.cookie)).toMatchObject({ isbuy: true, courseStatus: 0 });
    // A student who joins the group afterwards gets nothing.
    await app.ctx.db.insert(studentGroupMembers).values({ studentId: loner.id, groupId: member.groupIds[0] });
    expect(await info(loner.cookie)).toMatchObject({ isbuy: false });
    await app.ctx.db.delete(studentGroupMembers).where(eq(studentGroupMembers.studentId, loner.id));
    const list = (await get<{ list: Plan[] }>('/member/list')).list;
    expect(list.find((plan) => plan.id === id)?.holders).toBe(2);

    const held = (await subs(`plan_id=${id}&keyword=classmate`)).list;
    expect(held.map((row) => row.sid)).toEqual([classmate.id]);
    expect((await as(other.admin).post('/member/revoke', { id: held[0].id })).statusCode).toBe(404);
    expect(await post('/member/revoke', { id: held[0].id })).toEqual({ id: held[0].id, revoked: true });
    expect(await post('/member/revoke', { id: held[0].id })).toEqual({ id: held[0].id, revoked: false });
    expect(await info(classmate.cookie)).toMatchObject({ isbuy: false, courseStatus: 3 });
    expect(await info(member.cookie)).toMatchObject({ isbuy: true });
    expect((await subs(`plan_id=${id}&state=active`)).total).toBe(1);
    expect((await subs(`sid=${classmate.id}`)).list[0].state).toBe('revoked');

    type Entry = { action: string; target_id: string; before: unknown; after: unknown; actor_name: string | null };
    const trail = await get<{ total: number; list: Entry[] }>(`/member/audit?plan_id=${id}`);
    expect(trail.list.map((entry) => entry.action)).toEqual([
      'member.revoke',
      'member.grant',
      'member.grant',
      'member.plan.create',
    ]);
    expect(trail.list[0]).toMatchObject({
      target_id: held[0].id,
      before: { revoked_at: null },
      after: { revoked_at: clock },
    });
    expect(trail.list[0].actor_name).toBeTruthy();
    expect((await get<{ total: number }>(`/member/audit?sid=${classmate.id}`)).total).toBe(2);
    expect((await as(admin).get('/member/audit')).statusCode).toBe(400);
    expect((await get<{ total: number }>(`/member/audit?plan_id=${id}`, other.admin)).total).toBe(0);
    expect((await get<{ total: number }>(`/member/subscription?plan_id=${id}`, other.admin)).total).toBe(0);

    const figures = await get<{ active_members: number; joined_30_days: number; soon_expiring: number }>(
      '/member/dashboarddata',
    );
    expect(figures).toMatchObject({ active_members: 1, joined_30_days: 2, soon_expiring: 0 });
    clock += 25 * DAY;
    try {
      const figuresLater = await get('/member/dashboarddata', await adminCookie(app));
      expect(figuresLater).toMatchObject({ active_members: 1, soon_expiring: 1 });
    } finally {
      clock -= 25 * DAY;
    }
    await post('/member/delete', { id });
  });

  it("a scoped sub-admin edits only plans of its categories; another's plan is 404", async () => {
    const scoped = await buildSubAdmin(app, ['course']);
    await app.ctx.db
      .update(admins)
      .set({ categories: JSON.stringify([elsewhere]) })
      .where(eq(admins.id, scoped.id));
    const cookie = (await login(app, { ...scoped, role: 'admin' })).cookie;
    const languages = await newPlan({ title: 'Languages' });
    const mine = { title: 'Maths', price: '5', days: 5, catids: [elsewhere], published: true };
    expect((await as(cookie).post('/member/edit', { ...mine, catids: [top] })).statusCode).toBe(400);
    const maths = (await post<{ id: string }>('/member/edit', mine, cookie)).id;
    expect((await as(cookie).post('/member/edit', { ...mine, id: languages })).statusCode).toBe(404);
    expect((await as(cookie).post('/member/grant', { plan_id: languages, sids: [loner.id] })).statusCode).toBe(404);
    expect(await post('/member/grant', { plan_id: maths, sids: [loner.id] }, cookie)).toEqual({
      joined: 1,
      extended: 0,
    });
    expect(await info(loner.cookie, outside.coid)).toMatchObject({ isbuy: true, courseStatus: 0 });
    await post('/member/delete', { id: maths });
    await post('/member/delete', { id: languages });
  });

  it('the student sees the published plans with their course count and own membership', async () => {
    const gold = await newPlan({ title: 'Gold', price: '12.5', days: 30 });
    await newPlan({ title: 'Hidden', published: false });
    await post('/member/grant', { plan_id: gold, sids: [loner.id] });
    type Listed = { id: string; title: string; price_fen: number; course_count: number; until: number | null };
    const seen = (await get<{ list: Listed[] }>('/member/plan', loner.cookie)).list;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: gold, price_fen: 1250, course_count: 1, until: clock + 30 * DAY });
    const theirs = (await get<{ list: Listed[] }>('/member/plan', classmate.cookie)).list;
    expect(theirs[0]).toMatchObject({ id: gold, until: null });
    const figures = await get<{ plans: number; published: number }>('/member/dashboarddata');
    expect(figures).toMatchObject({ plans: 2, published: 1 });
    await post('/member/delete', { id: gold });
  });

  it('mybook lists subscribed columns; mycollect lists bookmarked courses and columns and forgets removed ones', async () => {
    const schoolId = (await school(app)).id;
    const column = app.ctx.ids.next();
    const at = clock;
    const row = { schoolId, title: 'Column one', published: true, createdAt: at, updatedAt: at };
    await app.ctx.db.insert(columns).values({ id: column, ...row });
    await app.ctx.db.insert(columnBooks).values({ studentId: loner.id, columnId: column, createdAt: at });
    const book = await get<{ columns: { column_id: string; code: string; title: string }[] }>('/mybook', loner.cookie);
    expect(book.columns).toEqual([
      { column_id: column, code: app.ctx.courseCodec.encode(column), title: 'Column one', img: '', at },
    ]);
    expect((await get<{ columns: unknown[] }>('/mybook', member.cookie)).columns).toEqual([]);

    const uid = schoolId;
    await post('/collectcourse', { uid, coid: course.coid, collect: 1 }, loner.cookie);
    await post('/column/collect', { uid, coid: column, collect: 1 }, loner.cookie);
    type Collect = { courses: { coid: string; title: string }[]; columns: { column_id: string }[] };
    const saved = await get<Collect>('/mycollect', loner.cookie);
    expect(saved.courses.map((item) => [item.coid, item.title])).toEqual([[course.coid, 'French one']]);
    expect(saved.columns.map((item) => item.column_id)).toEqual([column]);
    expect(await get<Collect>('/mycollect', member.cookie)).toEqual({ courses: [], columns: [] });
    await post('/collectcourse', { uid, coid: course.coid, collect: 0 }, loner.cookie);
    await post('/column/collect', { uid, coid: column, collect: 0 }, loner.cookie);
    expect(await get<Collect>('/mycollect', loner.cookie)).toEqual({ courses: [], columns: [] });
  });
});
