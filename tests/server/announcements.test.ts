/**
 * Announcements over HTTP (issue 16 'Announcements and system notices'): the back office's update/announcement/*
 * (permission userpage) and the student's systemAnnouncement/*, for every role and another school; the audience
 * (everyone, chosen groups, a member of a sub-group), the window, pinned first, viewed per student and the
 * viewed counts of the audience; rich text sanitised on save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { informQueue, informSettings, studentGroupMembers, students } from '../../server/db/schema';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ANNOUNCEMENT_ERRORS } from '../../shared/schemas/announcements';
import { buildAdmin, buildStudent, login, makeApp, school, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs } from '../helpers/kit';
import { adminCookie, signedInStudent } from './records-helpers';
import { sqlGet } from '../helpers/sql';

type Admin = {
  id: string;
  title: string;
  html: string;
  audience: string;
  gids: string[];
  pinned: boolean;
  state: string;
  viewed: number;
  audienceSize: number;
  publishedAt: number | null;
};
type Mine = { list: { id: string; title: string; html: string; pinned: boolean; viewed: boolean }[]; unread: number };
type Unread = { notices: number; announcements: number; messages: number };

const HOUR = 3_600_000;

describe('announcements', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 2, 1, 8, 0, 0);
  let admin: string;
  let classA: string;
  let lab: string;
  let member: Awaited<ReturnType<typeof signedInStudent>>;
  let labMember: Awaited<ReturnType<typeof signedInStudent>>;
  let outsider: Awaited<ReturnType<typeof signedInStudent>>;
  let other: { admin: string; student: string; gid: string };

  const as = (who: string | null) => injectAs(app, who);
  const create = async (payload: object, who: string = admin) =>
    data<Admin>(await as(who).post('/update/announcement/add', payload));
  const publish = async (id: string, on = true) =>
    data<Admin>(await as(admin).post('/update/announcement/publish', { id, publish: on }));
  const mine = async (cookie: string) => data<Mine>(await as(cookie).get('/systemAnnouncement/list'));
  const unread = async (cookie: string) => data<Unread>(await as(cookie).get('/notice/unread'));
  const info = async (id: string) => data<Admin>(await as(admin).get(`/update/announcement/info?id=${id}`));

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    member = await signedInStudent(app, { name: 'Member', groups: ['Class A'] });
    classA = member.groupIds[0];
    // Lab team is a sub-group of Class A: its members count as Class A's audience.
    lab = app.ctx.ids.next();
    await insertGroup(app.ctx.db, {
      id: lab,
      schoolId: (await school(app)).id,
      parentId: classA,
      name: 'Lab',
      position: 0,
      createdAt: 1,
    });
    labMember = await signedInStudent(app, { name: 'Lab member' });
    await app.ctx.db.insert(studentGroupMembers).values({ studentId: labMember.id, groupId: lab });
    outsider = await signedInStudent(app, { name: 'Outsider', groups: ['Class B'] });
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger', groups: ['Their class'] });
    other = {
      admin: (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie,
      student: (await login(app, { username: 'stranger', password: stranger.password, school: theirs.id })).cookie,
      gid: stranger.groupIds[0],
    };
  });
  afterAll(() => app.close());

  it('refuses a guest (401), a student and a sub-admin without userpage (403) on every back-office call', async () => {
    const made = await create({ title: 'Guarded' });
    const sub = await buildAdmin(app, { permissions: ['course', 'student', 'resource', 'setting', 'exam'] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    const holder = await buildAdmin(app, { permissions: ['userpage'] });
    const holderCookie = (await login(app, { ...holder, role: 'admin' })).cookie;
    const calls: [string, string, object?][] = [
      ['GET', '/update/announcement/list'],
      ['GET', `/update/announcement/info?id=${made.id}`],
      ['GET', '/update/announcement/groups'],
      ['POST', '/update/announcement/add', { title: 'x' }],
      ['POST', '/update/announcement/save', { id: made.id, title: 'y' }],
      ['POST', '/update/announcement/publish', { id: made.id, publish: true }],
      ['POST', '/update/announcement/pin', { id: made.id, pinned: true }],
      ['POST', '/update/announcement/delete', { id: made.id }],
    ];
    for (const [method, url, payload] of calls) {
      const send = (who: string | null) => as(who).inject({ method: method as 'GET', url, payload });
      expect((await send(null)).statusCode, url).toBe(401);
      expect((await send(member.cookie)).statusCode, url).toBe(403);
      expect((await send(subCookie)).statusCode, url).toBe(403);
      expect((await send(holderCookie)).statusCode, url).toBe(200);
    }
    // The student's calls need a student's session: a guest and an administrator get 401 (no student login).
    for (const [method, url, payload] of [
      ['GET', '/systemAnnouncement/list'],
      ['POST', '/systemAnnouncement/viewed', { id: made.id }],
    ] as const) {
      const send = (who: string | null) => as(who).inject({ method, url, payload });
      expect((await send(null)).statusCode, url).toBe(401);
      expect((await send(admin)).statusCode, url).toBe(401);
    }
  });

  it('saves a draft with its rich text sanitised, and refuses bad input', async () => {
    const made = await create({
      title: '  Welcome  ',
      html: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">link</a><img src="/a.png"></p>',
    });
    expect(made).toMatchObject({ title: 'Welcome', state: 'draft', audience: 'all', pinned: false, publishedAt: null });
    expect(made.html).not.toMatch(/script|onclick|javascript/);
    expect(made.html).toContain('<img src="/a.png"');
    const bad = async (payload: object) => envelope(await as(admin).post('/update/announcement/add', payload));
    expect((await as(admin).post('/update/announcement/add', { title: '' })).statusCode).toBe(400);
    expect((await as(admin).post('/update/announcement/add', { title: 'x'.repeat(101) })).statusCode).toBe(400);
    expect(
      (await as(admin).post('/update/announcement/add', { title: 'g', audience: 'groups', gids: [] })).statusCode,
    ).toBe(400);
    expect((await as(admin).post('/update/announcement/add', { title: 'w', publishAt: 10, endAt: 5 })).statusCode).toBe(
      400,
    );
    const stranger = await bad({ title: 'g', audience: 'groups', gids: [other.gid] });
    expect(stranger.error).toBe(ANNOUNCEMENT_ERRORS.notGroup);
    const saved = await as(admin).post('/update/announcement/save', {
      id: made.id,
      endAt: clock - HOUR,
      publishAt: clock,
    });
    expect(saved.statusCode).toBe(400);
    expect(envelope(saved).error).toContain(ANNOUNCEMENT_ERRORS.window);
  });

  it("another school's administrator and students never see or change the school's announcements", async () => {
    const made = await create({ title: 'Ours only', pinned: true });
    await publish(made.id);
    const theirs = data<{ list: Admin[] }>(await as(other.admin).get('/update/announcement/list'));
    expect(theirs.list.map((a) => a.id)).not.toContain(made.id);
    expect((await as(other.admin).get(`/update/announcement/info?id=${made.id}`)).statusCode).toBe(404);
    for (const [url, payload] of [
      ['/update/announcement/save', { id: made.id, title: 'Hijacked' }],
      ['/update/announcement/publish', { id: made.id, publish: false }],
      ['/update/announcement/pin', { id: made.id, pinned: false }],
      ['/update/announcement/delete', { id: made.id }],
    ] as const)
      expect((await as(other.admin).post(url, payload)).statusCode, url).toBe(404);
    expect((await mine(other.student)).list.map((a) => a.id)).not.toContain(made.id);
    expect((await as(other.student).post('/systemAnnouncement/viewed', { id: made.id })).statusCode).toBe(404);
    expect((await info(made.id)).title).toBe('Ours only');
    await as(admin).post('/update/announcement/delete', { id: made.id });
  });

  it('shows a published one to its group, sub-groups included, inside its window; counts the audience viewing it', async () => {
    const before = await unread(member.cookie);
    const made = await create({ title: 'For Class A', audience: 'groups', gids: [classA], pinned: true });
    expect(made.audienceSize).toBe(2);
    // A draft is seen by nobody.
    expect((await mine(member.cookie)).list.map((a) => a.id)).not.toContain(made.id);
    const published = await publish(made.id);
    expect(published).toMatchObject({ state: 'showing', viewed: 0, audienceSize: 2 });
    for (const who of [member, labMember]) {
      const list = await mine(who.cookie);
      expect(list.list[0]).toMatchObject({ id: made.id, pinned: true, viewed: false });
    }
    expect((await mine(outsider.cookie)).list.map((a) => a.id)).not.toContain(made.id);
    expect((await as(outsider.cookie).post('/systemAnnouncement/viewed', { id: made.id })).statusCode).toBe(404);
    expect((await unread(member.cookie)).announcements).toBe(before.announcements + 1);

    // Viewed once per student (a second time changes nothing); the count is of the audience.
    expect(data(await as(member.cookie).post('/systemAnnouncement/viewed', { id: made.id }))).toEqual({
      id: made.id,
      viewed: true,
    });
    await as(member.cookie).post('/systemAnnouncement/viewed', { id: made.id });
    expect((await mine(member.cookie)).list.find((a) => a.id === made.id)?.viewed).toBe(true);
    expect((await unread(member.cookie)).announcements).toBe(before.announcements);
    expect(await info(made.id)).toMatchObject({ viewed: 1, audienceSize: 2 });

    // The window: before its start it waits, after its end it is gone; unpublished it is a draft again.
    await as(admin).post('/update/announcement/save', {
      id: made.id,
      publishAt: clock + HOUR,
      endAt: clock + 2 * HOUR,
    });
    expect((await info(made.id)).state).toBe('scheduled');
    expect((await mine(labMember.cookie)).list.map((a) => a.id)).not.toContain(made.id);
    // The badge's count follows the window with no write in between (the cached count ends at the boundary).
    const waiting = (await unread(labMember.cookie)).announcements;
    clock += HOUR + 1;
    expect((await unread(labMember.cookie)).announcements).toBe(waiting + 1);
    expect((await mine(labMember.cookie)).list.map((a) => a.id)).toContain(made.id);
    clock += HOUR;
    expect((await unread(labMember.cookie)).announcements).toBe(waiting);
    expect((await info(made.id)).state).toBe('ended');
    expect((await mine(labMember.cookie)).list.map((a) => a.id)).not.toContain(made.id);
    await as(admin).post('/update/announcement/save', { id: made.id, publishAt: null, endAt: null });
    await publish(made.id, false);
    expect((await info(made.id)).state).toBe('draft');
    expect((await mine(labMember.cookie)).list.map((a) => a.id)).not.toContain(made.id);
    // Views are kept through unpublishing.
    expect((await info(made.id)).viewed).toBe(1);
  });

  it('lists pinned first, then the latest; an announcement for everyone counts every student of the school', async () => {
    const older = await create({ title: 'Older news' });
    await publish(older.id);
    clock += 1000;
    const newer = await create({ title: 'Newer news' });
    await publish(newer.id);
    clock += 1000;
    const pinned = await create({ title: 'Pinned news', pinned: true });
    await publish(pinned.id);
    const ids = (await mine(outsider.cookie)).list.map((a) => a.id);
    expect(ids.indexOf(pinned.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect((await info(older.id)).audienceSize).toBe(3);
    // Unpinning moves it down among the others by time.
    await as(admin).post('/update/announcement/pin', { id: pinned.id, pinned: false });
    const after = (await mine(outsider.cookie)).list.map((a) => a.id);
    expect(after.indexOf(pinned.id)).toBeLessThan(after.indexOf(newer.id));
    expect(after.filter((id) => [older.id, newer.id, pinned.id].includes(id))).toEqual([pinned.id, newer.id, older.id]);
    // The unread count every page shows matches the list.
    const list = await mine(outsider.cookie);
    expect((await unread(outsider.cookie)).announcements).toBe(list.unread);
    // Deleting takes it away from everybody, views included.
    await as(member.cookie).post('/systemAnnouncement/viewed', { id: older.id });
    expect(data(await as(admin).post('/update/announcement/delete', { id: older.id }))).toEqual({ deleted: 1 });
    expect((await mine(member.cookie)).list.map((a) => a.id)).not.toContain(older.id);
    expect((await as(admin).get(`/update/announcement/info?id=${older.id}`)).statusCode).toBe(404);
  });

  it('the back-office list pages newest first with the viewed counts', async () => {
    const page = data<{ list: Admin[]; total: number }>(await as(admin).get('/update/announcement/list?page=1&num=2'));
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    for (const row of page.list) expect(row.viewed).toBeLessThanOrEqual(row.audienceSize);
  });

  it('publishing queues the e-mails the school turned on for its audience, in the same request, once', async () => {
    const schoolId = (await school(app)).id;
    await app.ctx.db
      .insert(informSettings)
      .values({ schoolId, channels: JSON.stringify({ 'announcement.published': ['email'] }), updatedAt: clock });
    for (const who of [member, labMember, outsider])
      await app.ctx.db
        .update(students)
        .set({ email: `${who.id}@school.test` })
        .where(eq(students.id, who.id));
    const made = await create({ title: 'Exam week', audience: 'groups', gids: [classA] });
    const queued = async () =>
      (
        await app.ctx.db
          .select()
          .from(informQueue)
          .where(inArray(informQueue.studentId, [member.id, labMember.id, outsider.id]))
      ).filter((row) => row.event === 'announcement.published');
    expect(await queued()).toEqual([]);
    await publish(made.id);
    const rows = await queued();
    expect(rows.map((row) => row.recipient).sort()).toEqual(
      [`${member.id}@school.test`, `${labMember.id}@school.test`].sort(),
    );
    expect(rows[0]).toMatchObject({ channel: 'email' });
    expect(rows[0]!.subject).toContain('Exam week');
    // Publishing what is published already sends nothing more.
    await publish(made.id);
    expect(await queued()).toHaveLength(2);
  });

  it('unpublishing and publishing again queues nothing more, not even to a student who joined in between', async () => {
    const made = await create({ title: 'Fire drill', audience: 'groups', gids: [classA] });
    const queued = async () =>
      (await app.ctx.db.select().from(informQueue)).filter(
        (row) => row.event === 'announcement.published' && row.subject.includes('Fire drill'),
      );
    await publish(made.id);
    expect((await queued()).map((row) => row.studentId).sort()).toEqual([member.id, labMember.id].sort());
    await publish(made.id, false);
    const newcomer = await signedInStudent(app, { name: 'Newcomer' });
    await app.ctx.db.insert(studentGroupMembers).values({ studentId: newcomer.id, groupId: classA });
    await app.ctx.db.update(students).set({ email: 'newcomer@school.test' }).where(eq(students.id, newcomer.id));
    expect((await publish(made.id)).state).toBe('showing');
    expect(await queued()).toHaveLength(2);
    // The newcomer sees it on the site like everyone of the audience.
    expect((await mine(newcomer.cookie)).list.map((a) => a.title)).toContain('Fire drill');
    // A new announcement is a first publication again.
    const next = await create({ title: 'Fire drill 2', audience: 'groups', gids: [classA] });
    await publish(next.id);
    expect((await queued()).filter((row) => row.subject.includes('Fire drill 2'))).toHaveLength(3);
    // The first publication is kept on the announcement itself, through unpublishing.
    const first = async (id: string) =>
      (
        (await sqlGet(app, 'SELECT first_published_at AS at FROM announcements WHERE id = ?', id)) as {
          at: number | null;
        }
      ).at;
    expect(await first(made.id)).toEqual(expect.any(Number));
    await publish(made.id, false);
    expect(await first(made.id)).toEqual(expect.any(Number));
    expect(await first((await create({ title: 'Draft only' })).id)).toBeNull();
  });
});
