import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { dataPath } from '../../server/lib/storage';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { buildAdminGroup, buildComment, buildFile, buildSignature } from '../helpers/factories';
import { injectAs, type Caller } from '../helpers/kit';
import { sqlGet } from '../helpers/sql';

describe('sub-admins and permissions (spec 6, spec 7 Admins)', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  beforeEach(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    ({ post, get } = injectAs(app, admin));
  });
  afterEach(() => app.close());

  const category = async (title: string, parent_id = '0', cookie = admin) => {
    const res = await post('/course/category', { title, parent_id }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.catid as string;
  };
  const course = async (title: string, catid: string, cookie = admin) => {
    const res = await post('/course/new', { title, catid, type: 0 }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.coid as string;
  };
  const adminGroup = async (name: string, schoolIdGiven?: string) => {
    const schoolId = schoolIdGiven ?? (await school(app)).id;
    return await buildAdminGroup(app, { name, schoolId });
  };
  const register = (body: Record<string, unknown>, cookie = admin) =>
    post('/admins/registered', { name: 'Sub', password: 'sub-pass-1', ...body }, cookie);
  const signIn = async (username: string, password = 'sub-pass-1') =>
    (await login(app, { username, password, role: 'admin' })).cookie;
  const otherSchool = async () => {
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    return { ...other, cookie: await signIn('other-admin', 'other-pass-1') };
  };

  it('each call: 401 guest, 403 student, 403 sub-admin without admin; main admin and admin holders 200; other school 404/empty', async () => {
    const target = await buildSubAdmin(app, ['exam']);
    const calls: ['GET' | 'POST', string, object][] = [
      ['POST', '/admins/registered', { username: 'fresh1', name: 'F', password: 'sub-pass-1', permissions: [] }],
      ['GET', '/admins/list', {}],
      ['POST', '/admins/update', { id: target.id, name: 'Renamed' }],
      ['POST', '/admins/setpermission', { id: target.id, permissions: ['exam'], categories: [] }],
      ['GET', `/admins/getgrouppermissions?id=${target.id}`, {}],
      ['GET', '/admins/getCate', {}],
      ['GET', '/admins/getCateName?ids=1', {}],
      ['POST', '/admins/delete', { ids: [target.id] }],
    ];
    const send = (method: 'GET' | 'POST', url: string, payload: object, cookie: string) =>
      injectAs(app, cookie).inject({ method, url, ...(method === 'POST' ? { payload } : {}) });
    const student = (await login(app, await buildStudent(app))).cookie;
    const noAdmin = await signIn((await buildSubAdmin(app, ['course', 'exam', 'student'])).username);
    for (const [method, url, body] of calls) {
      expect((await send(method, url, body, '')).statusCode, url).toBe(401);
      expect((await send(method, url, body, student)).statusCode, url).toBe(403);
      expect((await send(method, url, body, noAdmin)).statusCode, url).toBe(403);
    }
    const other = await otherSchool();
    for (const [method, url, body] of calls.filter(([, url]) =>
      /update|setpermission|getgrouppermissions|delete/.test(url),
    )) {
      expect((await send(method, url, body, other.cookie)).statusCode, url).toBe(404);
    }
    expect((await get('/admins/list', other.cookie)).json().data).toEqual({ total: 0, list: [] });
    const holder = await signIn((await buildSubAdmin(app, ['admin', 'exam'])).username);
    for (const [method, url, body] of calls) {
      const res = await send(
        method,
        url,
        method === 'POST' && url === '/admins/registered' ? { ...body, username: 'fresh2' } : body,
        holder,
      );
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    for (const [method, url, body] of calls.slice(0, 7)) {
      const res = await send(method, url, url === '/admins/registered' ? { ...body, username: 'fresh3' } : body, admin);
      expect(res.statusCode, `${url} ${res.body}`).toBe(
        url.includes('?id=') || url.includes('update') || url.includes('setpermission') ? 404 : 200,
      );
    }
  });

  it('the calls are in the OpenAPI document', async () => {
    const res = await get('/openapi.json', '');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      'registered',
      'list',
      'update',
      'delete',
      'setpermission',
      'getgrouppermissions',
      'getCate',
      'getCateName',
    ])
      expect(paths).toContain(`/admins/${path}`);
  });

  it('registers a sub-admin who signs in with its permissions, categories and group; names are unique across the install', async () => {
    const cat = await category('Maths');
    const group = await adminGroup('Teachers');
    const res = await register({
      username: 'teacher',
      name: 'Ms Li',
      permissions: ['exam', 'course', 'exam'],
      categories: [cat],
      groupId: group,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      username: 'teacher',
      name: 'Ms Li',
      adminType: (await school(app)).id,
      permissions: ['course', 'exam'],
      categories: [{ id: cat, name: 'Maths' }],
      group: { id: group, name: 'Teachers' },
      disabled: false,
      lastLogin: null,
    });
    expect(JSON.stringify(created)).not.toContain('sub-pass-1');
    expect(await sqlGet(app, 'select password_hash from admins where id = ?', created.id)).toMatchObject({
      password_hash: expect.stringMatching(/^\$argon2/),
    });

    const teacher = await signIn('teacher');
    const me = (await get('/admins/me', teacher)).json().data;
    expect(me).toMatchObject({
      username: 'teacher',
      adminType: (await school(app)).id,
      permissions: ['course', 'exam'],
      categories: [cat],
    });

    const list = (await get('/admins/list')).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: created.id, lastLogin: expect.any(Number), group: { name: 'Teachers' } });
    expect(list.list.map((row: { id: string }) => row.id)).not.toContain((await school(app)).id);
    expect((await get(`/admins/list?groupId=${group}`)).json().data.total).toBe(1);
    expect((await get(`/admins/list?groupId=${await adminGroup('Empty')}`)).json().data.total).toBe(0);
    expect((await get('/admins/list?keyword=Ms%20L')).json().data.total).toBe(1);
    expect((await get('/admins/list?keyword=%25')).json().data.total).toBe(0);

    // Unique across the install, without regard to case; the main admin's name and another school's are taken too.
    expect((await register({ username: 'Teacher' })).statusCode).toBe(409);
    expect((await register({ username: ADMIN.username })).statusCode).toBe(409);
    await otherSchool();
    expect((await register({ username: 'other-admin' })).statusCode).toBe(409);
    // Categories and groups must be this school's.
    const other = await createSchool(app.ctx, {
      name: 'Third',
      adminUsername: 'third-admin',
      adminPassword: 'third-pass-1',
    });
    expect((await register({ username: 'x1', categories: ['123456789012'] })).statusCode).toBe(400);
    expect((await register({ username: 'x2', groupId: await adminGroup('Theirs', other.id) })).statusCode).toBe(400);
    expect((await register({ username: 'x3', permissions: ['root'] })).statusCode).toBe(400);
    expect((await register({ username: 'x4', password: '123' })).statusCode).toBe(400);
    expect((await get('/admins/list')).json().data.total).toBe(1);
  });

  it('update: name, password, group; disabling signs the sub-admin out at once; enabling lets it back in', async () => {
    const sub = await buildSubAdmin(app, ['exam']);
    const cookie = await signIn(sub.username);
    expect((await get('/admins/me', cookie)).statusCode).toBe(200);
    const group = await adminGroup('G');
    let res = await post('/admins/update', { id: sub.id, name: 'New name', password: 'new-pass-22', groupId: group });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'New name', group: { id: group } });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/do/login',
          payload: { username: sub.username, password: sub.password, role: 'admin' },
        })
      ).statusCode,
    ).toBe(401);
    const fresh = await signIn(sub.username, 'new-pass-22');
    expect((await post('/admins/update', { id: sub.id, groupId: null })).json().data.group).toBeNull();

    res = await post('/admins/update', { id: sub.id, disabled: true });
    expect(res.json().data.disabled).toBe(true);
    for (const c of [cookie, fresh]) {
      expect((await get('/admins/me', c)).statusCode).toBe(401);
      expect((await get('/examadmin/category/list', c)).statusCode).toBe(401);
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/do/login',
          payload: { username: sub.username, password: 'new-pass-22', role: 'admin' },
        })
      ).statusCode,
    ).toBe(401);
    await post('/admins/update', { id: sub.id, disabled: false });
    expect((await get('/admins/me', await signIn(sub.username, 'new-pass-22'))).statusCode).toBe(200);

    // The main admin is not a sub-admin: 404, as is an unknown id.
    expect((await post('/admins/update', { id: (await school(app)).id, name: 'x' })).statusCode).toBe(404);
    expect((await post('/admins/update', { id: '123456789012', name: 'x' })).statusCode).toBe(404);
    expect((await post('/admins/update', { id: sub.id, groupId: '123456789012' })).statusCode).toBe(400);
  });

  it('delete: all or none, never the main admin, sessions end', async () => {
    const one = await buildSubAdmin(app, ['exam']);
    const two = await buildSubAdmin(app, ['exam']);
    const cookie = await signIn(one.username);
    expect((await post('/admins/delete', { ids: [one.id, (await school(app)).id] })).statusCode).toBe(404);
    const other = await otherSchool();
    expect((await post('/admins/delete', { ids: [one.id, other.id] })).statusCode).toBe(404);
    expect((await get('/admins/list')).json().data.total).toBe(2);
    const res = await post('/admins/delete', { ids: [one.id, two.id] });
    expect(res.json().data).toEqual({ deleted: 2 });
    expect((await get('/admins/me', cookie)).statusCode).toBe(401);
    expect((await get('/admins/list')).json().data.total).toBe(0);
    expect((await get('/admins/me')).statusCode).toBe(200);
  });

  it('setpermission shows at once in admins/me and on the server; getgrouppermissions, getCate and getCateName', async () => {
    const sub = await buildSubAdmin(app, ['exam']);
    const cookie = await signIn(sub.username);
    expect((await get('/resource/list', cookie)).statusCode).toBe(403);
    const a = await category('A');
    const a1 = await category('A1', a);
    const b = await category('B');
    const res = await post('/admins/setpermission', { id: sub.id, permissions: ['resource', 'exam'], categories: [a] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/admins/me', cookie)).json().data).toMatchObject({
      permissions: ['resource', 'exam'],
      categories: [a],
    });
    expect((await get('/resource/list', cookie)).statusCode).toBe(200);

    const perms = (await get(`/admins/getgrouppermissions?id=${sub.id}`)).json().data;
    expect(perms.groups.map((g: { key: string }) => g.key)).toEqual([
      'admin',
      'course',
      'resource',
      'student',
      'userpage',
      'setting',
      'exam',
      'question',
    ]);
    expect(perms.groups[0].label).toBe('admin.admins.perm.admin');
    expect(perms).toMatchObject({ granted: ['resource', 'exam'], categories: [a], grantableCategories: [] });
    expect(perms.grantable).toHaveLength(8);
    expect((await get('/admins/getgrouppermissions')).json().data.granted).toHaveLength(8);

    expect((await get('/admins/getCate')).json().data.cates).toEqual([
      { id: a, name: 'A', children: [{ id: a1, name: 'A1', children: [] }] },
      { id: b, name: 'B', children: [] },
    ]);
    const other = await otherSchool();
    const theirs = await category('Theirs', '0', other.cookie);
    expect((await get(`/admins/getCateName?ids=${b},${a1},${theirs}`)).json().data.list).toEqual([
      { id: a1, name: 'A1' },
      { id: b, name: 'B' },
    ]);
    expect((await get(`/admins/getCateName?ids=${a}`, other.cookie)).json().data.list).toEqual([]);
    expect((await get('/admins/getCateName?ids=../etc')).statusCode).toBe(400);
    expect(
      (await post('/admins/setpermission', { id: sub.id, permissions: [], categories: [theirs] })).statusCode,
    ).toBe(400);
    // [] = all categories again.
    await post('/admins/setpermission', { id: sub.id, permissions: ['exam'], categories: [] });
    expect((await get('/admins/me', cookie)).json().data).toMatchObject({ permissions: ['exam'], categories: [] });
    expect((await get('/resource/list', cookie)).statusCode).toBe(403);
  });

  it("a sub-admin holding 'admin' never grants more than it holds, never changes itself or the main admin", async () => {
    const a = await category('A');
    const a1 = await category('A1', a);
    const b = await category('B');
    const boss = await buildSubAdmin(app, ['admin', 'exam', 'course']);
    await post('/admins/setpermission', { id: boss.id, permissions: ['admin', 'exam', 'course'], categories: [a] });
    const cookie = await signIn(boss.username);

    expect((await register({ username: 'up1', permissions: ['setting'], categories: [a] }, cookie)).statusCode).toBe(
      403,
    );
    expect((await register({ username: 'up2', permissions: ['exam'], categories: [b] }, cookie)).statusCode).toBe(403);
    // "All categories" is more than a scoped admin holds.
    expect((await register({ username: 'up3', permissions: ['exam'], categories: [] }, cookie)).statusCode).toBe(403);
    const made = await register({ username: 'down1', permissions: ['exam'], categories: [a1] }, cookie);
    expect(made.statusCode, made.body).toBe(200);
    const downId = made.json().data.id;
    expect(
      (await post('/admins/setpermission', { id: downId, permissions: ['exam', 'student'], categories: [a1] }, cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/admins/setpermission', { id: downId, permissions: ['exam', 'course'], categories: [a] }, cookie))
        .statusCode,
    ).toBe(200);

    // Itself: no permission change, no disabling, no deleting; its own name is fine.
    expect(
      (
        await post(
          '/admins/setpermission',
          { id: boss.id, permissions: ['admin', 'exam', 'course', 'setting'], categories: [] },
          cookie,
        )
      ).json().error,
    ).toBe('cannot change yourself');
    expect((await post('/admins/update', { id: boss.id, disabled: true }, cookie)).statusCode).toBe(403);
    expect((await post('/admins/delete', { ids: [boss.id] }, cookie)).statusCode).toBe(403);
    expect((await post('/admins/update', { id: boss.id, name: 'Boss' }, cookie)).statusCode).toBe(200);
    // The main admin is out of reach (404 like an unknown id).
    expect(
      (await post('/admins/update', { id: (await school(app)).id, password: 'taken-over-1' }, cookie)).statusCode,
    ).toBe(404);
    expect((await post('/admins/delete', { ids: [(await school(app)).id] }, cookie)).statusCode).toBe(404);
    // A sub-admin holding more (setting; or every category) cannot be reset, disabled or deleted by it.
    const stronger = await buildSubAdmin(app, ['setting']);
    expect((await post('/admins/update', { id: stronger.id, password: 'taken-over-1' }, cookie)).json().error).toBe(
      'cannot grant what you do not hold',
    );
    expect((await post('/admins/delete', { ids: [stronger.id, downId] }, cookie)).statusCode).toBe(403);
    const unscoped = await buildSubAdmin(app, ['exam']);
    expect((await post('/admins/update', { id: unscoped.id, disabled: true }, cookie)).statusCode).toBe(403);
    expect((await get('/admins/list', cookie)).json().data.total).toBe(4);
    // The tree it may grant from is its own part.
    expect((await get('/admins/getCate', cookie)).json().data.cates).toEqual([
      { id: a, name: 'A', children: [{ id: a1, name: 'A1', children: [] }] },
    ]);
    expect((await post('/admins/delete', { ids: [downId] }, cookie)).json().data).toEqual({ deleted: 1 });
  });

  it('category scope: a scoped sub-admin lists, opens, creates and moves courses only inside its categories', async () => {
    const a = await category('A');
    const a1 = await category('A1', a);
    const b = await category('B');
    const inA1 = await course('In A1', a1);
    const inA = await course('In A', a);
    const inB = await course('In B', b);
    const loose = await course('No category', '0');
    const sub = await buildSubAdmin(app, ['course']);
    await post('/admins/setpermission', { id: sub.id, permissions: ['course'], categories: [a] });
    const cookie = await signIn(sub.username);

    const listedRes = await post('/getcourselist', { num: 50 }, cookie);
    expect(listedRes.statusCode, listedRes.body).toBe(200);
    const listed = listedRes.json().data;
    expect(listed.total).toBe(2);
    expect(listed.courseData.map((c: { coid: string }) => c.coid).sort()).toEqual([inA1, inA].sort());
    expect((await post('/getcourselist', { num: 50, catid: b }, cookie)).json().data.total).toBe(0);
    expect((await post('/getcourselist', { num: 50, catid: a1 }, cookie)).json().data.total).toBe(1);

    expect((await post('/course/save', { coid: inA1, values: { title: 'Mine' } }, cookie)).statusCode).toBe(200);
    for (const coid of [inB, loose]) {
      expect((await post('/course/save', { coid, values: { title: 'Not mine' } }, cookie)).statusCode).toBe(404);
      expect((await post('/course/pub', { coid, pub: '1' }, cookie)).statusCode).toBe(404);
      expect((await post('/course/copy', { coid }, cookie)).statusCode).toBe(404);
    }
    expect((await post('/course/delete', { coids: [inA, inB] }, cookie)).statusCode).toBe(404);
    // Creating or moving a course outside the scope is refused; inside is fine.
    expect((await post('/course/new', { title: 'Out', catid: b, type: 0 }, cookie)).statusCode).toBe(404);
    expect((await post('/course/new', { title: 'Loose', catid: '0', type: 0 }, cookie)).statusCode).toBe(404);
    expect((await post('/course/new', { title: 'In', catid: a1, type: 0 }, cookie)).statusCode).toBe(200);
    expect((await post('/course/save', { coid: inA, values: { catid: b } }, cookie)).statusCode).toBe(404);
    expect((await post('/course/save', { coid: inA, values: { catid: '0' } }, cookie)).statusCode).toBe(404);
    expect((await post('/course/save', { coid: inA, values: { catid: a1 } }, cookie)).statusCode).toBe(200);

    // The category tree shows only its part; it edits only there.
    const tree = (await get('/course/catelist', cookie)).json().data.cates;
    expect(tree.map((n: { catid: string }) => n.catid)).toEqual([a]);
    expect(tree[0].children.map((n: { catid: string }) => n.catid)).toEqual([a1]);
    expect((await get('/course/catelist')).json().data.cates).toHaveLength(2);
    expect((await post('/course/category', { title: 'Top', parent_id: '0' }, cookie)).statusCode).toBe(404);
    expect((await post('/course/category', { title: 'Under B', parent_id: b }, cookie)).statusCode).toBe(404);
    expect((await post('/course/category', { title: 'Under A', parent_id: a }, cookie)).statusCode).toBe(200);
    expect((await post('/course/cate/update', { catid: b, title: 'x' }, cookie)).statusCode).toBe(404);
    expect((await post('/course/cate/update', { catid: a1, parent_id: '0' }, cookie)).statusCode).toBe(404);
    expect((await post('/course/cate/update', { catid: a1, title: 'A one' }, cookie)).statusCode).toBe(200);
    expect((await post('/course/movebeforedelcate', { catid: a1, targetCatid: '0' }, cookie)).statusCode).toBe(404);
    expect((await post('/course/movebeforedelcate', { catid: a1, targetCatid: b }, cookie)).statusCode).toBe(404);

    // Unscoped sub-admins and the main admin see everything.
    const all = await signIn((await buildSubAdmin(app, ['course'])).username);
    expect((await post('/getcourselist', { num: 50 }, all)).json().data.total).toBe(5);
    expect((await post('/course/save', { coid: loose, values: { title: 'Loose ok' } }, all)).statusCode).toBe(200);
    // A scope whose categories are all deleted manages nothing (never "everything").
    const gone = await category('Gone');
    await post('/admins/setpermission', { id: sub.id, permissions: ['course'], categories: [gone] });
    expect((await post('/course/cate/delete', { catid: gone })).statusCode).toBe(200);
    expect((await post('/getcourselist', { num: 50 }, cookie)).json().data.total).toBe(0);
    expect((await get('/course/catelist', cookie)).json().data.cates).toEqual([]);
  });

  it('category scope reaches the comments list and signature images: a scoped sub-admin sees only its courses', async () => {
    const a = await category('A');
    const b = await category('B');
    const inA = await course('In A', a);
    const inB = await course('In B', b);
    const student = await buildStudent(app);
    const schoolId = (await school(app)).id;
    const signatureOf: Record<string, string> = {};
    for (const [coid, text] of [
      [inA, 'about A'],
      [inB, 'about B'],
    ] as const) {
      await buildComment(app, { schoolId, courseId: coid, authorId: student.id, authorName: 'S', text });
      const fileId = app.ctx.ids.next();
      const key = `files/userupload/${schoolId}/${fileId}.JPEG`;
      fs.mkdirSync(path.dirname(dataPath(app.ctx.config.dataDir, key)), { recursive: true });
      fs.writeFileSync(dataPath(app.ctx.config.dataDir, key), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      await buildFile(app, {
        id: fileId,
        schoolId,
        key,
        originalName: 'signature.jpeg',
        mime: 'image/jpeg',
        ext: 'JPEG',
        size: 4,
        visibility: 'private',
        uploadedBy: `student:${student.id}`,
        createdAt: Date.now(),
      });
      signatureOf[coid] = await buildSignature(app, { schoolId, studentId: student.id, courseId: coid, fileId });
    }
    const sub = await buildSubAdmin(app, ['course']);
    await post('/admins/setpermission', { id: sub.id, permissions: ['course'], categories: [a] });
    const cookie = await signIn(sub.username);

    const listed = (await get('/a/comment/list?page=1', cookie)).json().data;
    expect([listed.total, listed.list.map((c: { text: string }) => c.text)]).toEqual([1, ['about A']]);
    expect((await get(`/a/comment/list?coid=${inB}`, cookie)).statusCode).toBe(404);
    expect((await get('/a/comment/list?page=1')).json().data.total).toBe(2);

    expect((await get(`/signature/image/${signatureOf[inA]}`, cookie)).statusCode).toBe(200);
    expect((await get(`/signature/image/${signatureOf[inB]}`, cookie)).statusCode).toBe(404);
    expect((await get(`/signature/image/${signatureOf[inB]}`)).statusCode).toBe(200);
  });
});
