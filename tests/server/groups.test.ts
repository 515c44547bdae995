import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { sqlGet, sqlRun } from '../helpers/sql';

describe('s/group/list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('lists the school’s groups for admins who manage courses, students or exams (an exam’s audience), and nobody else', async () => {
    const student = await buildStudent(app, { groups: ['研发部', '市场部'] });
    const other = await createSchool(app.ctx, { name: 'Other', adminUsername: 'other', adminPassword: 'other-pass-1' });
    await buildStudent(app, { schoolId: other.id, groups: ['别校组'] });
    const list = (cookie?: string) => injectAs(app, cookie).get('/s/group/list');

    const main = await login(app, { ...ADMIN, role: 'admin' });
    const groups = (await list(main.cookie)).json().data.groups;
    expect(groups.map((g: { name: string }) => g.name).sort()).toEqual(['市场部', '研发部']);
    expect(groups[0]).toMatchObject({ parent_id: '0', position: 0 });

    const courseAdmin = await buildSubAdmin(app, ['course']);
    expect((await list((await login(app, { ...courseAdmin, role: 'admin' })).cookie)).json().data.groups).toHaveLength(
      2,
    );
    const examAdmin = await buildSubAdmin(app, ['exam']);
    expect((await list((await login(app, { ...examAdmin, role: 'admin' })).cookie)).json().data.groups).toHaveLength(2);
    const resourceAdmin = await buildSubAdmin(app, ['resource', 'question']);
    expect((await list((await login(app, { ...resourceAdmin, role: 'admin' })).cookie)).statusCode).toBe(403);
    expect((await list((await login(app, student)).cookie)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
    const otherAdmin = await login(app, { username: 'other', password: 'other-pass-1', role: 'admin' });
    expect((await list(otherAdmin.cookie)).json().data.groups.map((g: { name: string }) => g.name)).toEqual(['别校组']);
  });
});

describe('s/group and a/group writes (spec 7 add, list, rename, move, delete)', () => {
  let app: TestApp;
  let main: string;
  let other: { cookie: string; id: string };
  beforeAll(async () => {
    app = await makeApp();
    main = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const otherSchool = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other',
      adminPassword: 'other-pass-1',
    });
    other = {
      id: otherSchool.id,
      cookie: (await login(app, { username: 'other', password: 'other-pass-1', role: 'admin' })).cookie,
    };
  });
  afterAll(() => app.close());

  const call = (url: string, payload?: unknown, cookie?: string) =>
    injectAs(app, cookie).inject({ method: payload === undefined ? 'GET' : 'POST', url, payload: payload as never });
  type G = { gid: string; name: string; parent_id: string; position: number; members: number };
  const tree = async (prefix: string, cookie = main): Promise<G[]> =>
    (await call(`/${prefix}/list`, undefined, cookie)).json().data.groups;
  const add = async (prefix: string, name: string, parent = '0', cookie = main) => {
    const res = await call(`/${prefix}/add`, { name, parent_id: parent }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.gid as string;
  };
  const shape = (groups: G[]) =>
    groups.map((g) => `${groups.find((p) => p.gid === g.parent_id)?.name ?? '-'}>${g.name}#${g.position}`).sort();

  for (const prefix of ['s/group', 'a/group']) {
    it(`${prefix}: builds a tree; names trimmed and unique among siblings; rename; bad input`, async () => {
      const grade = await add(prefix, '  一年级  ');
      const class1 = await add(prefix, '一班', grade);
      await add(prefix, '二班', grade);
      const grade2 = await add(prefix, '二年级');
      await add(prefix, '一班', grade2); // the same name under another parent is fine
      expect(shape(await tree(prefix))).toEqual(
        ['-一年级#0', '-二年级#1', '一年级>一班#0', '一年级>二班#1', '二年级>一班#0'].map((x) => x.replace('-', '->')),
      );

      const taken = await call(`/${prefix}/add`, { name: '一班 ', parent_id: grade }, main);
      expect(taken.statusCode).toBe(409);
      expect((await call(`/${prefix}/rename`, { gid: class1, name: '二班' }, main)).statusCode).toBe(409);
      const renamed = await call(`/${prefix}/rename`, { gid: class1, name: ' 三班 ' }, main);
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data.groups.find((g: G) => g.gid === class1).name).toBe('三班');

      for (const bad of [
        { name: '', parent_id: '0' },
        { name: '   ' },
        { name: 'x'.repeat(51) },
        { name: 'ok', parent_id: 'abc' },
        {},
      ]) {
        expect((await call(`/${prefix}/add`, bad, main)).statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect((await call(`/${prefix}/add`, { name: 'x'.repeat(50) }, main)).statusCode).toBe(200);
      expect((await call(`/${prefix}/add`, { name: 'orphan', parent_id: '999999' }, main)).statusCode).toBe(404);
      expect((await call(`/${prefix}/rename`, { gid: '999999', name: 'x' }, main)).statusCode).toBe(404);
      expect((await call(`/${prefix}/move`, { gid: class1, parent_id: '0' }, main)).statusCode).toBe(400);
    });

    it(`${prefix}: moves within and across parents, never into its own branch; delete refuses a group with sub-groups`, async () => {
      const a = await add(prefix, 'A');
      const b = await add(prefix, 'B', a);
      const c = await add(prefix, 'C', b);
      const d = await add(prefix, 'D', a);
      for (const parent of [a, b, c]) {
        const res = await call(`/${prefix}/move`, { gid: a, parent_id: parent, position: 0 }, main);
        expect(res.statusCode, parent).toBe(400);
      }
      expect((await call(`/${prefix}/move`, { gid: b, parent_id: c, position: 0 }, main)).statusCode).toBe(400);
      // D first among A's children.
      let res = await call(`/${prefix}/move`, { gid: d, parent_id: a, position: 0 }, main);
      expect(res.statusCode, res.body).toBe(200);
      const under = (groups: G[], parent: string) =>
        groups
          .filter((g) => g.parent_id === parent)
          .sort((x, y) => x.position - y.position)
          .map((g) => g.name);
      expect(under(res.json().data.groups, a)).toEqual(['D', 'B']);
      // C up to A's level, last; B left with nothing.
      res = await call(`/${prefix}/move`, { gid: c, parent_id: a, position: 99 }, main);
      expect(under(res.json().data.groups, a)).toEqual(['D', 'B', 'C']);
      expect(under(res.json().data.groups, b)).toEqual([]);
      // A sibling with the same name refuses the move.
      const c2 = await add(prefix, 'C', d);
      expect((await call(`/${prefix}/move`, { gid: c2, parent_id: a, position: 0 }, main)).statusCode).toBe(409);

      const refused = await call(`/${prefix}/delete`, { gid: a }, main);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().data).toEqual({ children: 3 });
      expect((await call(`/${prefix}/delete`, { gid: b }, main)).statusCode).toBe(200);
      res = await call(`/${prefix}/delete`, { gid: c2 }, main);
      expect(res.statusCode).toBe(200);
      expect(under(res.json().data.groups, a)).toEqual(['D', 'C']);
      expect(res.json().data.groups.find((g: G) => g.gid === a).position).toBeGreaterThanOrEqual(0);
      expect((await call(`/${prefix}/delete`, { gid: b }, main)).statusCode).toBe(404);
    });

    it(`${prefix}: another school's groups are unknown and its list is its own`, async () => {
      const mine = await add(prefix, 'Mine');
      const theirs = await add(prefix, 'Theirs', '0', other.cookie);
      expect((await tree(prefix, other.cookie)).map((g) => g.name)).toEqual(['Theirs']);
      for (const [url, body] of [
        ['rename', { gid: mine, name: 'x' }],
        ['move', { gid: mine, parent_id: '0', position: 0 }],
        ['delete', { gid: mine }],
        ['add', { name: 'x', parent_id: mine }],
      ] as const) {
        expect((await call(`/${prefix}/${url}`, body, other.cookie)).statusCode, url).toBe(404);
      }
      // Nor may a group of this school move under theirs.
      expect((await call(`/${prefix}/move`, { gid: mine, parent_id: theirs, position: 0 }, main)).statusCode).toBe(404);
      expect((await tree(prefix)).some((g) => g.gid === mine)).toBe(true);
    });
  }

  it('roles: s/group writes need student, a/group needs admin; guests 401, students 403', async () => {
    const student = await login(app, await buildStudent(app));
    const studentAdmin = (await login(app, { ...(await buildSubAdmin(app, ['student'])), role: 'admin' })).cookie;
    const courseAdmin = (await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' })).cookie;
    const adminAdmin = (await login(app, { ...(await buildSubAdmin(app, ['admin'])), role: 'admin' })).cookie;
    const sGid = await add('s/group', 'Roles');
    const aGid = await add('a/group', 'Roles');
    const writes = (prefix: string, gid: string) =>
      [
        ['add', { name: `n${Math.random()}` }],
        ['rename', { gid, name: `r${Math.random()}` }],
        ['move', { gid, parent_id: '0', position: 0 }],
      ] as const;
    for (const [prefix, gid, allowed, refused] of [
      ['s/group', sGid, studentAdmin, [courseAdmin, adminAdmin]],
      ['a/group', aGid, adminAdmin, [studentAdmin, courseAdmin]],
    ] as const) {
      for (const [url, body] of writes(prefix, gid)) {
        expect((await call(`/${prefix}/${url}`, body)).statusCode, `${prefix}/${url} guest`).toBe(401);
        expect((await call(`/${prefix}/${url}`, body, student.cookie)).statusCode, `${prefix}/${url} student`).toBe(
          403,
        );
        for (const cookie of refused)
          expect((await call(`/${prefix}/${url}`, body, cookie)).statusCode, `${prefix}/${url} refused`).toBe(403);
        expect((await call(`/${prefix}/${url}`, body, allowed)).statusCode, `${prefix}/${url} allowed`).toBe(200);
      }
      expect((await call(`/${prefix}/delete`, { gid })).statusCode).toBe(401);
      expect((await call(`/${prefix}/delete`, { gid }, student.cookie)).statusCode).toBe(403);
      for (const cookie of refused) expect((await call(`/${prefix}/delete`, { gid }, cookie)).statusCode).toBe(403);
      expect((await call(`/${prefix}/delete`, { gid }, allowed)).statusCode).toBe(200);
    }
    // a/group/list: admin holders and the main admin only.
    expect((await call('/a/group/list', undefined, adminAdmin)).statusCode).toBe(200);
    expect((await call('/a/group/list', undefined, studentAdmin)).statusCode).toBe(403);
    expect((await call('/a/group/list', undefined, student.cookie)).statusCode).toBe(403);
    expect((await call('/a/group/list')).statusCode).toBe(401);
  });

  it('deleting a student group: members leave it, refused while a course, plan or exam is restricted to it', async () => {
    const member = await buildStudent(app, { groups: ['Members'] });
    const [gid] = member.groupIds;
    expect((await tree('s/group')).find((g) => g.gid === gid)?.members).toBe(1);
    const course = await call('/course/new', { title: 'Restricted', catid: '0', type: 0 }, main);
    const coid = course.json().data.coid as string;
    await sqlRun(app, 'update courses set authentication_gid = ? where id = ?', `1,${gid}`, coid);
    await sqlRun(
      app,
      "insert into plan_assignments (course_id, school_id, target_type, target_id, assigned_by, created_at) values (?, ?, 'group', ?, 'x', 0)",
      coid,
      (await school(app)).id,
      gid,
    );
    let res = await call('/s/group/delete', { gid }, main);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ courses: 1, plans: 1, exams: 0 });
    await sqlRun(app, 'delete from plan_assignments where target_id = ?', gid);
    // A longer id that merely contains this one does not count.
    await sqlRun(app, 'update courses set authentication_gid = ? where id = ?', `${gid}9`, coid);
    res = await call('/s/group/delete', { gid }, main);
    expect(res.statusCode, res.body).toBe(200);
    expect(await sqlGet(app, 'select count(*) AS n from student_group_members where group_id = ?', gid)).toEqual({
      n: 0,
    });
    expect(await sqlGet(app, 'select count(*) AS n from students where id = ?', member.id)).toEqual({ n: 1 });
  });

  it('deleting an admin group leaves its sub-admins without a group; members count sub-admins', async () => {
    const gid = await add('a/group', 'Editors');
    const sub = await buildSubAdmin(app, ['course']);
    await sqlRun(app, 'update admins set group_id = ? where id = ?', gid, sub.id);
    expect((await tree('a/group')).find((g) => g.gid === gid)?.members).toBe(1);
    expect((await call('/a/group/delete', { gid }, main)).statusCode).toBe(200);
    expect(await sqlGet(app, 'select group_id from admins where id = ?', sub.id)).toEqual({ group_id: null });
  });
});
