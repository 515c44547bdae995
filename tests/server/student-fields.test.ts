import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { FIELD_OPTIONS_MAX } from '../../shared/schemas/students';
import { sqlGet, sqlRun } from '../helpers/sql';

describe('custom student fields (spec 7 labels get/add/edit/delete, getfield) and student settings (setting)', () => {
  let app: TestApp;
  let main: string;
  let other: string;
  beforeAll(async () => {
    app = await makeApp();
    main = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other', adminPassword: 'other-pass-1' });
    other = (await login(app, { username: 'other', password: 'other-pass-1', role: 'admin' })).cookie;
  });
  afterAll(() => app.close());

  const call = (url: string, payload?: unknown, cookie?: string) =>
    injectAs(app, cookie).inject({ method: payload === undefined ? 'GET' : 'POST', url, payload: payload as never });
  type F = { sfid: string; name: string; kind: string; options: string[]; required: boolean; position: number };
  const fields = async (cookie = main): Promise<F[]> =>
    (await call('/student/labels', undefined, cookie)).json().data.fields;
  const add = async (body: Record<string, unknown>, cookie = main) => {
    const res = await call('/student/labels/add', body, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sfid as string;
  };
  const holdValue = (studentId: string, sfid: string, value: string) =>
    sqlRun(
      app,
      'insert into student_field_values (student_id, field_id, value) values (?, ?, ?)',
      studentId,
      sfid,
      value,
    );

  it('adds fields of each kind in order; names trimmed and unique; bad input refused', async () => {
    const dept = await add({ name: ' 部门 ', kind: 'choice', options: [' 研发 ', '市场'], required: true });
    const born = await add({ name: '入职日期', kind: 'date', required: false });
    await add({ name: '工号', kind: 'number', options: ['ignored'] });
    const list = await fields();
    expect(list.map((f) => [f.name, f.kind, f.options, f.required, f.position])).toEqual([
      ['部门', 'choice', ['研发', '市场'], true, 0],
      ['入职日期', 'date', [], false, 1],
      ['工号', 'number', [], false, 2],
    ]);
    expect(list[0].sfid).toBe(dept);
    expect(list[1].sfid).toBe(born);
    expect((await call('/student/labels/add', { name: '部门', kind: 'text' }, main)).statusCode).toBe(409);
    for (const bad of [
      { name: '', kind: 'text' },
      { name: 'x'.repeat(31), kind: 'text' },
      { name: 'ok', kind: 'colour' },
      { name: 'ok', kind: 'choice' },
      { name: 'ok', kind: 'choice', options: [] },
      { name: 'ok', kind: 'choice', options: ['a', 'a'] },
      { name: 'ok', kind: 'choice', options: [' '] },
      { name: 'ok', kind: 'choice', options: Array.from({ length: FIELD_OPTIONS_MAX + 1 }, (_, i) => `o${i}`) },
    ]) {
      expect((await call('/student/labels/add', bad, main)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (
        await call(
          '/student/labels/add',
          { name: 'many', kind: 'choice', options: Array.from({ length: FIELD_OPTIONS_MAX }, (_, i) => `o${i}`) },
          main,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('edits name, required, choices and position; refuses a kind change or removing a held choice while students hold values', async () => {
    const sfid = await add({ name: '岗位', kind: 'choice', options: ['A', 'B', 'C'] });
    const student = await buildStudent(app);
    await holdValue(student.id, sfid, 'B');

    let res = await call('/student/labels/edit', { sfid, options: ['A', 'C'] }, main);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ count: 1, choices: ['B'] });
    res = await call('/student/labels/edit', { sfid, kind: 'text' }, main);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ count: 1 });
    expect((await fields()).find((f) => f.sfid === sfid)).toMatchObject({ kind: 'choice', options: ['A', 'B', 'C'] });

    res = await call(
      '/student/labels/edit',
      { sfid, name: '职位', options: ['B', 'D'], required: true, position: 0 },
      main,
    );
    expect(res.statusCode, res.body).toBe(200);
    const list: F[] = res.json().data.fields;
    expect(list[0]).toMatchObject({ sfid, name: '职位', options: ['B', 'D'], required: true, position: 0 });
    expect(list.map((f) => f.position)).toEqual(list.map((_, i) => i));
    expect((await call('/student/labels/edit', { sfid, name: '部门' }, main)).statusCode).toBe(409);
    expect((await call('/student/labels/edit', { sfid, options: [] }, main)).statusCode).toBe(400);

    // With no values the kind may change; a text field keeps no choices.
    const free = await add({ name: '备注', kind: 'choice', options: ['x'] });
    res = await call('/student/labels/edit', { sfid: free, kind: 'text' }, main);
    expect(res.json().data.fields.find((f: F) => f.sfid === free)).toMatchObject({ kind: 'text', options: [] });
    expect((await call('/student/labels/edit', { sfid: free, kind: 'choice' }, main)).statusCode).toBe(400);
    expect((await call('/student/labels/edit', { sfid: '999999', name: 'x' }, main)).statusCode).toBe(404);
    expect((await call('/student/labels/edit', { sfid: 'abc' }, main)).statusCode).toBe(400);
  });

  it('deletes a field with its values and closes up the positions', async () => {
    const sfid = await add({ name: '临时', kind: 'text' });
    const student = await buildStudent(app);
    await holdValue(student.id, sfid, 'hello');
    const res = await call('/student/labels/delete', { sfid }, main);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fields.some((f: F) => f.sfid === sfid)).toBe(false);
    expect(res.json().data.fields.map((f: F) => f.position)).toEqual(
      res.json().data.fields.map((_: F, i: number) => i),
    );
    expect(await sqlGet(app, 'select count(*) AS n from student_field_values where field_id = ?', sfid)).toEqual({
      n: 0,
    });
    expect((await call('/student/labels/delete', { sfid }, main)).statusCode).toBe(404);
  });

  it('roles for labels: guest 401, student 403, sub-admin without student 403, with it 200; another school sees its own and 404s ours', async () => {
    const sfid = await add({ name: '角色测试', kind: 'text' });
    const student = (await login(app, await buildStudent(app))).cookie;
    const without = (await login(app, { ...(await buildSubAdmin(app, ['course', 'setting'])), role: 'admin' })).cookie;
    const holder = (await login(app, { ...(await buildSubAdmin(app, ['student'])), role: 'admin' })).cookie;
    const calls: [string, unknown][] = [
      ['/student/labels', undefined],
      ['/student/labels/add', { name: `r${Math.random()}`.slice(0, 20), kind: 'text' }],
      ['/student/labels/edit', { sfid, required: true }],
    ];
    for (const [url, body] of calls) {
      expect((await call(url, body)).statusCode, url).toBe(401);
      expect((await call(url, body, student)).statusCode, url).toBe(403);
      expect((await call(url, body, without)).statusCode, url).toBe(403);
      expect((await call(url, body, holder)).statusCode, url).toBe(200);
    }
    expect(await fields(other)).toEqual([]);
    expect((await call('/student/labels/edit', { sfid, name: 'x' }, other)).statusCode).toBe(404);
    expect((await call('/student/labels/delete', { sfid }, other)).statusCode).toBe(404);
    expect((await call('/student/labels/delete', { sfid })).statusCode).toBe(401);
    expect((await call('/student/labels/delete', { sfid }, student)).statusCode).toBe(403);
    expect((await call('/student/labels/delete', { sfid }, without)).statusCode).toBe(403);
    expect((await call('/student/labels/delete', { sfid }, holder)).statusCode).toBe(200);
  });

  it('getfield: the school’s fields for its signed-in students and admins; 401 for a guest', async () => {
    const sfid = await add({ name: '学历', kind: 'choice', options: ['本科', '硕士'], required: true });
    const student = (await login(app, await buildStudent(app))).cookie;
    const anyAdmin = (await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' })).cookie;
    expect((await call('/student/getfield')).statusCode).toBe(401);
    for (const cookie of [student, anyAdmin, main]) {
      const res = await call('/student/getfield', undefined, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fields.find((f: F) => f.sfid === sfid)).toMatchObject({
        name: '学历',
        options: ['本科', '硕士'],
        required: true,
      });
    }
    expect((await call('/student/getfield', undefined, other)).json().data.fields).toEqual([]);
  });

  it('setting: defaults, a partial write merges into the school settings keeping other keys (phone), roles', async () => {
    const id = (await school(app)).id;
    await sqlRun(
      app,
      'update schools set settings = ? where id = ?',
      JSON.stringify({ phone: '010-1234', noAllowComment: true }),
      id,
    );
    let res = await call('/student/setting', undefined, main);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      changePass: false,
      needPassword: true,
      noAllowComment: true,
      registration: false,
      registerWay: '',
      // Issue 18: the dashboard's rank, on unless the school turns it off.
      ranking: true,
      maxRate: 2,
      // Issue 19: the bind overlay's switch and QR image.
      bindWechat: false,
      path: '',
    });

    // Issue 19: the QR image is a path on this site or an http(s) address.
    for (const path of ['javascript:alert(1)', '//evil.example/qr.png', 'qr.png'])
      expect((await call('/student/setting', { path }, main)).statusCode, path).toBe(400);
    res = await call('/student/setting', { registration: true, changePass: true, registerWay: ' wechat ' }, main);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      changePass: true,
      needPassword: true,
      noAllowComment: true,
      registration: true,
      registerWay: 'wechat',
      ranking: true,
      maxRate: 2,
      bindWechat: false,
      path: '',
    });
    const stored = JSON.parse(
      ((await sqlGet(app, 'select settings from schools where id = ?', id)) as { settings: string }).settings,
    );
    expect(stored).toEqual({
      phone: '010-1234',
      noAllowComment: true,
      registration: true,
      changePass: true,
      registerWay: 'wechat',
    });
    expect((await call('/student/setting', undefined, main)).json().data.registration).toBe(true);

    for (const bad of [
      { registration: 'yes' },
      { registerWay: 'x'.repeat(201) },
      { changePass: 1 },
      { ranking: 'off' },
    ]) {
      expect((await call('/student/setting', bad, main)).statusCode, JSON.stringify(bad)).toBe(400);
    }

    const student = (await login(app, await buildStudent(app))).cookie;
    const without = (await login(app, { ...(await buildSubAdmin(app, ['course', 'admin'])), role: 'admin' })).cookie;
    const settingAdmin = (await login(app, { ...(await buildSubAdmin(app, ['setting'])), role: 'admin' })).cookie;
    const studentAdmin = (await login(app, { ...(await buildSubAdmin(app, ['student'])), role: 'admin' })).cookie;
    for (const body of [undefined, { needPassword: false }]) {
      expect((await call('/student/setting', body)).statusCode).toBe(401);
      expect((await call('/student/setting', body, student)).statusCode).toBe(403);
      expect((await call('/student/setting', body, without)).statusCode).toBe(403);
      expect((await call('/student/setting', body, settingAdmin)).statusCode).toBe(200);
      expect((await call('/student/setting', body, studentAdmin)).statusCode).toBe(200);
    }
    // Another school's admin reads and writes its own school only.
    expect(
      (await call('/student/setting', { registration: false, noAllowComment: false }, other)).json().data,
    ).toMatchObject({ registration: false, needPassword: true });
    expect((await call('/student/setting', undefined, main)).json().data).toMatchObject({
      registration: true,
      noAllowComment: true,
      needPassword: false,
    });
  });

  it('turning registration on shows the sign-up link on the public login page (the cached output is refreshed)', async () => {
    const page = async () => (await app.inject({ method: 'GET', url: `/login/u/${(await school(app)).hashUID}` })).body;
    await call('/student/setting', { registration: false }, main);
    expect(await page()).not.toContain('register=1');
    await call('/student/setting', { registration: true }, main);
    expect(await page()).toContain('register=1');
  });
});
