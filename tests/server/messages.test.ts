/**
 * Private messages over HTTP (issue 16; spec 3 'Private messages: total with noreadcount', spec 7 privatemessage,
 * spec 9 page size 15): a student and the staff exchange messages with unread counts; who may write to whom
 * (staff, students only when allowed, never across schools); every call for guest, student, sub-admins with and
 * without the permission, another school; disabled accounts; too long; throttled; the setting's upsert.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { informSettings, privateMessages } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { data, envelope, injectAs } from '../helpers/kit';
import { first } from '../../server/db/client';

type Msg = { pmid: string; privatemsg: string; time: number; mine: boolean; read: boolean };
type Friend = { friendid: string; kind: string; name: string; username: string; disabled: boolean };
type Conv = Friend & { last: Msg; noreadcount: number };
type List = { total: number; noreadcount: number; list: Conv[] };
type Thread = { friend: Friend; total: number; noreadcount: number; list: Msg[] };

describe('private messages', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 4, 14, 2, 0, 0);
  let mainId: string;
  let admin: string;
  let s1: Awaited<ReturnType<typeof buildStudent>> & { cookie: string };
  let s2: Awaited<ReturnType<typeof buildStudent>> & { cookie: string };

  const as = (who: string) => injectAs(app, who);
  const send = (who: string, friendid: string, privatemsg: string, adminSide = false) =>
    as(who).post(adminSide ? '/a/privatemessage/send' : '/privatemessage/send', { friendid, privatemsg });
  const student = async (name: string, schoolId?: string) => {
    const s = await buildStudent(app, { name, schoolId });
    return { ...s, cookie: (await login(app, { ...s, school: schoolId })).cookie };
  };

  beforeEach(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    mainId = data<{ id: string }>(await as(admin).get('/admins/me')).id;
    s1 = await student('学员甲');
    s2 = await student('学员乙');
  });
  afterEach(() => app.close());

  it('a student and the main admin exchange messages; unread counts go down when read', async () => {
    const contacts = data<{ list: Friend[]; students: boolean }>(await as(s1.cookie).get('/privatemessage/contacts'));
    expect(contacts.list.map((f) => [f.friendid, f.kind, f.username])).toEqual([[mainId, 'admin', '']]);
    expect(contacts.students).toBe(false);

    const sent = data<Msg>(await send(s1.cookie, mainId, '  老师好，\r\n请问第二章的作业？  '));
    expect(sent).toMatchObject({ privatemsg: '老师好，\n请问第二章的作业？', mine: true, read: false, time: clock });
    clock += 1000;
    await send(s1.cookie, mainId, '<script>alert(1)</script> https://example.com');

    expect(data<{ noreadcount: number }>(await as(admin).get('/a/privatemessage/unread')).noreadcount).toBe(2);
    const inbox = data<List>(await as(admin).get('/a/privatemessage'));
    expect(inbox).toMatchObject({ total: 1, noreadcount: 2 });
    expect(inbox.list[0]).toMatchObject({
      friendid: s1.id,
      kind: 'student',
      name: '学员甲',
      username: s1.username,
      noreadcount: 2,
      last: { privatemsg: '<script>alert(1)</script> https://example.com', mine: false, read: false },
    });
    const thread = data<Thread>(await as(admin).get(`/a/privatemessage/thread?friendid=${s1.id}`));
    expect(thread.total).toBe(2);
    expect(thread.noreadcount).toBe(2);
    expect(thread.list.map((m) => m.privatemsg)).toEqual([
      '<script>alert(1)</script> https://example.com',
      '老师好，\n请问第二章的作业？',
    ]);
    expect(data(await as(admin).post('/a/privatemessage/read', { friendid: s1.id }))).toEqual({
      read: 2,
      noreadcount: 0,
    });
    expect(data<{ noreadcount: number }>(await as(admin).get('/a/privatemessage/unread')).noreadcount).toBe(0);

    clock += 1000;
    const reply = data<Msg>(await send(admin, s1.id, '作业在课程资料里。', true));
    expect(reply.mine).toBe(true);
    const mine = data<List>(await as(s1.cookie).get('/privatemessage?page=1&num=15'));
    expect(mine).toMatchObject({ total: 1, noreadcount: 1 });
    expect(mine.list[0]).toMatchObject({
      friendid: mainId,
      kind: 'admin',
      noreadcount: 1,
      last: { pmid: reply.pmid, mine: false },
    });
    const mineThread = data<Thread>(await as(s1.cookie).get(`/privatemessage/thread?friendid=${mainId}`));
    expect(mineThread.list.map((m) => [m.mine, m.read])).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
    expect(data(await as(s1.cookie).post('/privatemessage/read', { friendid: mainId }))).toEqual({
      read: 1,
      noreadcount: 0,
    });
    expect(data<List>(await as(s1.cookie).get('/privatemessage')).noreadcount).toBe(0);
    // The other student sees nothing of it.
    expect(data<List>(await as(s2.cookie).get('/privatemessage'))).toEqual({ total: 0, noreadcount: 0, list: [] });
  });

  it('pages of 15 (spec 9), conversations newest first', async () => {
    for (let i = 0; i < 17; i += 1) {
      clock += 7000;
      expect((await send(admin, s1.id, `消息 ${i}`, true)).statusCode).toBe(200);
    }
    clock += 7000;
    await send(admin, s2.id, '给乙', true);
    const first = data<Thread>(await as(s1.cookie).get(`/privatemessage/thread?friendid=${mainId}`));
    expect(first.total).toBe(17);
    expect(first.list).toHaveLength(15);
    expect(first.list[0].privatemsg).toBe('消息 16');
    const second = data<Thread>(await as(s1.cookie).get(`/privatemessage/thread?friendid=${mainId}&page=2`));
    expect(second.list.map((m) => m.privatemsg)).toEqual(['消息 1', '消息 0']);
    const inbox = data<List>(await as(admin).get('/a/privatemessage'));
    expect(inbox.list.map((c) => c.friendid)).toEqual([s2.id, s1.id]);
    expect(inbox.noreadcount).toBe(0);
    expect((await as(s1.cookie).get('/privatemessage?num=51')).statusCode).toBe(400);
  });

  it('every call for guest, student, sub-admins with and without the permission', async () => {
    const staff = await buildSubAdmin(app, ['student']);
    const other = await buildSubAdmin(app, ['course', 'exam', 'admin', 'setting', 'userpage', 'resource', 'question']);
    const staffCookie = (await login(app, { ...staff, role: 'admin' })).cookie;
    const otherCookie = (await login(app, { ...other, role: 'admin' })).cookie;
    const studentCalls: [string, string, object?][] = [
      ['GET', '/privatemessage'],
      ['GET', `/privatemessage/thread?friendid=${mainId}`],
      ['POST', '/privatemessage/send', { friendid: mainId, privatemsg: 'hi' }],
      ['POST', '/privatemessage/read', { friendid: mainId }],
      ['GET', '/privatemessage/contacts'],
    ];
    const adminCalls: [string, string, object?][] = [
      ['GET', '/a/privatemessage'],
      ['GET', `/a/privatemessage/thread?friendid=${s1.id}`],
      ['POST', '/a/privatemessage/send', { friendid: s1.id, privatemsg: 'hi' }],
      ['POST', '/a/privatemessage/read', { friendid: s1.id }],
      ['GET', '/a/privatemessage/unread'],
      ['GET', '/a/privatemessage/contacts?keyword=x'],
      ['GET', '/a/privatemessage/setting'],
      ['POST', '/a/privatemessage/setting', { allowStudentMessages: false }],
    ];
    const call = (who: string, [method, url, body]: [string, string, object?]) =>
      method === 'GET' ? as(who).get(url) : as(who).post(url, body);
    for (const c of [...studentCalls, ...adminCalls]) expect((await call('', c)).statusCode, c[1]).toBe(401);
    for (const c of studentCalls) {
      expect((await call(s1.cookie, c)).statusCode, c[1]).toBe(200);
      // The student's calls are a student's: an administrator has no student session (401, as requireStudent).
      expect((await call(admin, c)).statusCode, c[1]).toBe(401);
    }
    for (const c of adminCalls) {
      expect((await call(s1.cookie, c)).statusCode, c[1]).toBe(403);
      expect((await call(otherCookie, c)).statusCode, c[1]).toBe(403);
      expect((await call(staffCookie, c)).statusCode, c[1]).toBe(200);
      clock += 7000;
      expect((await call(admin, c)).statusCode, c[1]).toBe(200);
    }
    // Staff: the main admin and the sub-admin holding 'student'; the other sub-admin is not written to.
    const contacts = data<{ list: Friend[] }>(await as(s2.cookie).get('/privatemessage/contacts'));
    expect(contacts.list.map((f) => f.friendid)).toEqual([mainId, staff.id]);
    expect(data(await send(s2.cookie, staff.id, '子管理员你好'))).toMatchObject({ mine: true });
    const refused = await send(s2.cookie, other.id, '你好');
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused)).toMatchObject({ error: 'notStaff', data: { key: 'notStaff' } });
    // The sub-admin reads only their own conversations (s1 from the sweep above, s2 now).
    const staffInbox = data<List>(await as(staffCookie).get('/a/privatemessage'));
    expect(staffInbox.list.map((c) => c.friendid)).toEqual([s2.id, s1.id]);
    expect(staffInbox.noreadcount).toBe(1);
    expect(data<List>(await as(admin).get('/a/privatemessage')).list.map((c) => c.friendid)).toEqual([s1.id]);
    // Administrators do not write to each other; an administrator reads no administrator's thread.
    expect(envelope(await send(admin, staff.id, 'hi', true)).error).toBe('adminToAdmin');
    expect((await as(admin).get(`/a/privatemessage/thread?friendid=${staff.id}`)).statusCode).toBe(404);
    // Oneself.
    expect(envelope(await send(s1.cookie, s1.id, 'me')).error).toBe('self');
  });

  it("an administrator removes a message of their own conversation; nobody else's", async () => {
    const staff = await buildSubAdmin(app, ['student']);
    const staffCookie = (await login(app, { ...staff, role: 'admin' })).cookie;
    const other = await buildSubAdmin(app, ['course']);
    const otherCookie = (await login(app, { ...other, role: 'admin' })).cookie;
    const rude = data<Msg>(await send(s1.cookie, mainId, '一条不当的消息'));
    const kept = data<Msg>(await send(s1.cookie, mainId, '一条正常的消息'));
    const toStaff = data<Msg>(await send(s2.cookie, staff.id, '给子管理员'));
    const remove = (who: string, pmid: string) => as(who).post('/a/privatemessage/delete', { pmid });
    // A student cannot; another administrator's conversation is not found; nothing is removed.
    expect((await remove(s1.cookie, rude.pmid)).statusCode).toBe(403);
    expect((await remove(otherCookie, rude.pmid)).statusCode).toBe(403);
    expect((await as('').post('/a/privatemessage/delete', { pmid: rude.pmid })).statusCode).toBe(401);
    expect((await remove(staffCookie, rude.pmid)).statusCode).toBe(404);
    expect((await remove(admin, toStaff.pmid)).statusCode).toBe(404);
    expect((await remove(admin, '123456789')).statusCode).toBe(404);
    expect(await app.ctx.db.select().from(privateMessages)).toHaveLength(3);
    expect(data(await remove(admin, rude.pmid))).toEqual({ pmid: rude.pmid, deleted: true });
    const thread = data<Thread>(await as(s1.cookie).get(`/privatemessage/thread?friendid=${mainId}`));
    expect(thread.list.map((m) => m.pmid)).toEqual([kept.pmid]);
    expect((await remove(admin, rude.pmid)).statusCode).toBe(404);
  });

  it('never across schools', async () => {
    const b = await createSchool(app.ctx, { name: 'B', adminUsername: 'b-admin', adminPassword: 'b-admin-pass-1' });
    const bAdmin = (await login(app, { username: 'b-admin', password: 'b-admin-pass-1', role: 'admin' })).cookie;
    const bMainId = data<{ id: string }>(await as(bAdmin).get('/admins/me')).id;
    const bStudent = await student('乙校学员', b.id);
    await send(s1.cookie, mainId, 'A 校的消息');

    for (const [who, friendid, adminSide] of [
      [s1.cookie, bMainId, false],
      [bStudent.cookie, mainId, false],
      [bStudent.cookie, s1.id, false],
      [bAdmin, s1.id, true],
      [admin, bStudent.id, true],
    ] as const) {
      const res = await send(who, friendid, '越界', adminSide);
      expect(res.statusCode).toBe(404);
      expect(envelope(res).error).toBe('noRecipient');
    }
    await as(admin).post('/a/privatemessage/setting', { allowStudentMessages: true });
    expect((await send(bStudent.cookie, s1.id, '越界')).statusCode).toBe(404);
    expect((await as(bAdmin).get(`/a/privatemessage/thread?friendid=${s1.id}`)).statusCode).toBe(404);
    expect((await as(bAdmin).post('/a/privatemessage/read', { friendid: s1.id })).statusCode).toBe(404);
    expect((await as(bStudent.cookie).get(`/privatemessage/thread?friendid=${mainId}`)).statusCode).toBe(404);
    expect(data<List>(await as(bAdmin).get('/a/privatemessage'))).toEqual({ total: 0, noreadcount: 0, list: [] });
    expect(data<{ noreadcount: number }>(await as(bAdmin).get('/a/privatemessage/unread')).noreadcount).toBe(0);
    const bContacts = data<{ list: Friend[] }>(await as(bStudent.cookie).get('/privatemessage/contacts?keyword=学员'));
    expect(bContacts.list.map((f) => f.friendid)).toEqual([bMainId]);
    expect(data<{ list: Friend[] }>(await as(bAdmin).get('/a/privatemessage/contacts?keyword=学员甲')).list).toEqual(
      [],
    );
    // School B's setting is its own.
    expect(data(await as(bAdmin).get('/a/privatemessage/setting'))).toEqual({ allowStudentMessages: false });
    expect(await app.ctx.db.select().from(privateMessages)).toHaveLength(1);
  });

  it('student to student only when the school allows it; the setting touches only its column', async () => {
    const closed = await send(s1.cookie, s2.id, '同学你好');
    expect(closed.statusCode).toBe(403);
    expect(envelope(closed)).toMatchObject({
      error: 'studentsClosed',
      data: { key: 'studentsClosed', message: '学校未开放学员之间的私信' },
    });
    expect(
      data<{ list: Friend[] }>(await as(s1.cookie).get('/privatemessage/contacts?keyword=学员')).list,
    ).toHaveLength(1);
    // The inform helper's part of the row stays as it is.
    await app.ctx.db.insert(informSettings).values({
      schoolId: (await school(app)).id,
      config: '{"host":"smtp.local"}',
      channels: '{"a":["email"]}',
      updatedAt: 1,
    });
    expect(data(await as(admin).post('/a/privatemessage/setting', { allowStudentMessages: true }))).toEqual({
      allowStudentMessages: true,
    });
    const row = first(
      await app.ctx.db
        .select()
        .from(informSettings)
        .where(eq(informSettings.schoolId, (await school(app)).id)),
    );
    expect(row).toMatchObject({
      config: '{"host":"smtp.local"}',
      channels: '{"a":["email"]}',
      allowStudentMessages: true,
      updatedAt: clock,
    });
    const contacts = data<{ list: Friend[]; students: boolean }>(
      await as(s1.cookie).get('/privatemessage/contacts?keyword=学员'),
    );
    expect(contacts.students).toBe(true);
    expect(contacts.list.map((f) => [f.friendid, f.kind, f.username])).toEqual([
      [mainId, 'admin', ''],
      [s2.id, 'student', ''],
    ]);
    expect(data(await send(s1.cookie, s2.id, '同学你好'))).toMatchObject({ mine: true });
    const theirs = data<List>(await as(s2.cookie).get('/privatemessage'));
    expect(theirs.list[0]).toMatchObject({ friendid: s1.id, kind: 'student', name: '学员甲', noreadcount: 1 });
    // Off again: closed; what was written stays readable.
    await as(admin).post('/a/privatemessage/setting', { allowStudentMessages: false });
    expect((await send(s2.cookie, s1.id, '回复')).statusCode).toBe(403);
    expect(data<Thread>(await as(s2.cookie).get(`/privatemessage/thread?friendid=${s1.id}`)).total).toBe(1);
    // A table without a row: the upsert makes one with the defaults for the rest.
    await createSchool(app.ctx, { name: 'C', adminUsername: 'c-admin', adminPassword: 'c-admin-pass-1' });
    const cAdmin = (await login(app, { username: 'c-admin', password: 'c-admin-pass-1', role: 'admin' })).cookie;
    expect(data(await as(cAdmin).post('/a/privatemessage/setting', { allowStudentMessages: true }))).toEqual({
      allowStudentMessages: true,
    });
  });

  it('disabled accounts: kept and readable, neither send nor are written to', async () => {
    const staff = await buildSubAdmin(app, ['student']);
    await send(s1.cookie, mainId, '停用前的消息');
    await send(s1.cookie, staff.id, '给子管理员');
    clock += 1000;
    await send(admin, s1.id, '收到', true);
    expect(data(await as(admin).post('/student/item', { sid: s1.id, disabled: true }))).toMatchObject({
      disabled: true,
    });
    const refused = await send(admin, s1.id, '还在吗', true);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused)).toMatchObject({ error: 'recipientDisabled', data: { key: 'recipientDisabled' } });
    // The disabled student's session is over: they cannot send either.
    expect((await send(s1.cookie, mainId, '我还能发吗')).statusCode).toBe(401);
    // Still readable by the administrator, marked disabled.
    const inbox = data<List>(await as(admin).get('/a/privatemessage'));
    expect(inbox.list[0]).toMatchObject({ friendid: s1.id, disabled: true, noreadcount: 1 });
    const thread = data<Thread>(await as(admin).get(`/a/privatemessage/thread?friendid=${s1.id}`));
    expect(thread.friend.disabled).toBe(true);
    expect(thread.list.map((m) => m.privatemsg)).toEqual(['收到', '停用前的消息']);
    expect(data(await as(admin).post('/a/privatemessage/read', { friendid: s1.id }))).toMatchObject({ read: 1 });

    // A disabled staff member is not written to and leaves the contacts; the student still reads the thread.
    expect((await as(admin).post('/admins/update', { id: staff.id, disabled: true })).statusCode).toBe(200);
    await send(s2.cookie, mainId, 'hi');
    const toDisabled = await send(s2.cookie, staff.id, '你好');
    expect(envelope(toDisabled).error).toBe('recipientDisabled');
    expect(
      data<{ list: Friend[] }>(await as(s2.cookie).get('/privatemessage/contacts')).list.map((f) => f.friendid),
    ).toEqual([mainId]);
    // Enabled again, the student writes again.
    expect(data(await as(admin).post('/student/item', { sid: s1.id, disabled: false }))).toMatchObject({
      disabled: false,
    });
    const again = (await login(app, s1)).cookie;
    const back = data<Thread>(await as(again).get(`/privatemessage/thread?friendid=${staff.id}`));
    expect(back).toMatchObject({ total: 1, friend: { disabled: true } });
    expect((await send(again, mainId, '我回来了')).statusCode).toBe(200);
  });

  it('too long, empty, bad input: a clear 400; nothing written', async () => {
    const long = await send(s1.cookie, mainId, '字'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(envelope(long)).toMatchObject({
      error: 'tooLong',
      data: { key: 'tooLong', field: 'privatemsg', message: '私信不能超过 1000 个字' },
    });
    const english = await as(`${s1.cookie}; lx_locale=en-gb`).post('/privatemessage/send', {
      friendid: mainId,
      privatemsg: 'x'.repeat(1001),
    });
    expect(envelope(english).data).toMatchObject({ message: 'A message may have at most 1000 characters' });
    expect(envelope(await send(s1.cookie, mainId, ' \u200b\n ')).error).toBe('emptyMessage');
    expect((await send(s1.cookie, mainId, 'x'.repeat(5000))).statusCode).toBe(400);
    expect((await as(s1.cookie).post('/privatemessage/send', { friendid: 'abc', privatemsg: 'x' })).statusCode).toBe(
      400,
    );
    expect(envelope(await send(s1.cookie, '123456789', 'x')).error).toBe('noRecipient');
    expect(await app.ctx.db.select().from(privateMessages)).toHaveLength(0);
    expect((await send(s1.cookie, mainId, '字'.repeat(1000))).statusCode).toBe(200);
  });

  it('throttled per sender: 10 a minute, then 429; the next minute again', async () => {
    for (let i = 0; i < 10; i += 1) expect((await send(s1.cookie, mainId, `第 ${i} 条`)).statusCode).toBe(200);
    const throttled = await send(s1.cookie, mainId, '第 11 条');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('60');
    // Per sender: another student and the administrator still write.
    expect((await send(s2.cookie, mainId, '我不受影响')).statusCode).toBe(200);
    expect((await send(admin, s1.id, '收到', true)).statusCode).toBe(200);
    clock += 60_001;
    expect((await send(s1.cookie, mainId, '一分钟后')).statusCode).toBe(200);
  });
});
