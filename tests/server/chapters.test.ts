import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { enrol } from '../helpers/learning-factory';
import { sqlAll, sqlGet } from '../helpers/sql';

type Node = {
  cid: string;
  title: string;
  position: number;
  parent_id: string;
  free: boolean;
  locked: boolean;
  learnType: string;
  children: Node[];
};

describe('chapters: a two-level tree per course (spec 3 Chapter, 7 course/chapter, chapter/*)', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  let coid: string;
  beforeEach(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    ({ post, get } = injectAs(app, admin));
    coid = (await post('/course/new', { title: 'Paid', catid: '0', type: 0, actual: 50 })).json().data.coid;
    await post('/course/pub', { coid, pub: '1' });
  });
  afterEach(() => app.close());

  const add = async (title: string, parent_id = '0', type: number = CHAPTER_TYPE.heading) => {
    const res = await post('/chapter/add', { coid, parent_id, title, type });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.cid as string;
  };
  const tree = async (cookie = admin): Promise<Node[]> =>
    (await get(`/course/chapter/${coid}`, cookie)).json().data.chapters;
  const shape = (nodes: Node[]): unknown =>
    nodes.map((n) => (n.children.length ? [n.title, n.position, shape(n.children)] : [n.title, n.position]));

  it('adds chapters and subchapters in order; refuses a third level and another course’s parent', async () => {
    const one = await add('One');
    await add('1.1', one, CHAPTER_TYPE.video);
    const sub = await add('1.2', one, CHAPTER_TYPE.ppt);
    await add('Two', '0', CHAPTER_TYPE.exam);
    expect(shape(await tree())).toEqual([
      [
        'One',
        0,
        [
          ['1.1', 0],
          ['1.2', 1],
        ],
      ],
      ['Two', 1],
    ]);
    const nodes = await tree();
    expect(nodes[0].children.map((c) => c.learnType)).toEqual(['v', 'ppt']);
    expect(nodes[1].learnType).toBe('oo');

    const deep = await post('/chapter/add', { coid, parent_id: sub, title: 'too deep', type: 1 });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ error: 'too deep', data: { field: 'parent_id' } });
    const otherCourse = (await post('/course/new', { title: 'Other', catid: '0', type: 0 })).json().data.coid;
    const foreign = (await post('/chapter/add', { coid: otherCourse, title: 'F', type: 0 })).json().data.cid;
    expect((await post('/chapter/add', { coid, parent_id: foreign, title: 'x', type: 0 })).statusCode).toBe(404);
  });

  it('students see lock states from purchase; free chapters and free courses are open', async () => {
    const one = await add('One');
    await add('1.1', one, CHAPTER_TYPE.video);
    const two = await add('Two');
    await add('2.1', two, CHAPTER_TYPE.document);
    await add('Three', '0', CHAPTER_TYPE.exercise);
    expect((await post('/chapter/free', { cid: two, free: 1 })).json().data.free).toBe(true);

    const student = await buildStudent(app);
    const cookie = (await login(app, student)).cookie;
    for (const viewer of ['', cookie]) {
      const nodes = await tree(viewer);
      expect(nodes.map((n) => [n.title, n.locked])).toEqual([
        ['One', true],
        ['Two', false],
        ['Three', true],
      ]);
      expect(nodes[0].children[0].locked).toBe(true);
      expect(nodes[1].children[0]).toMatchObject({ free: false, locked: false });
    }
    const list = (await get(`/course/chapter/${coid}`, cookie)).json().data;
    expect(list).toMatchObject({ coid, free: false, isbuy: false, hasFreeChapter: true });

    await enrol(app, student.id, coid, Date.now());
    expect((await tree(cookie)).every((n) => !n.locked && n.children.every((c) => !c.locked))).toBe(true);
    expect((await tree('')).some((n) => n.locked)).toBe(true);
    expect((await tree(admin)).some((n) => n.locked)).toBe(false);

    await post('/course/save', { coid, values: { actual: 0 } });
    expect((await tree('')).some((n) => n.locked)).toBe(false);

    await post('/course/pub', { coid, pub: '0' });
    expect((await get(`/course/chapter/${coid}`, cookie)).statusCode).toBe(404);
    expect((await get(`/course/chapter/${coid}`, '')).json().error).toBe('course removed');
    expect((await get(`/course/chapter/${coid}`, admin)).statusCode).toBe(200);
  });

  it('renames, sets free, kind, download and grading; descriptions are sanitised', async () => {
    const cid = await add('Old');
    expect((await post('/chapter/rename', { cid, title: '  New  ' })).json().data.title).toBe('New');
    const updated = (
      await post('/chapter/update', {
        cid,
        type: CHAPTER_TYPE.office,
        allowdownload: 1,
        showgrade: true,
        description: '<p>Ends 2026-07-01<script>x()</script><a href="javascript:go()">a</a></p>',
      })
    ).json().data;
    expect(updated).toMatchObject({ type: 5, learnType: 'p', allowdownload: true, showgrade: true });
    expect(updated.description).toBe('<p>Ends 2026-07-01<a href="">a</a></p>');
    expect((await post('/chapter/free', { cid, free: 0 })).json().data.free).toBe(false);
    expect((await post('/chapter/update', { cid, showgrade: 0 })).json().data).toMatchObject({
      type: 5,
      allowdownload: true,
      showgrade: false,
    });
    // Nothing to change (a field the call does not take is dropped): the chapter as it is, not a 500.
    const unchanged = await post('/chapter/update', { cid, title: 'Not here' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().data).toMatchObject({ title: 'New', type: 5, showgrade: false });
  });

  it('moves within and between parents keeping positions dense; a chapter with subchapters stays top-level', async () => {
    const a = await add('A');
    const a1 = await add('A1', a, 1);
    const a2 = await add('A2', a, 1);
    const b = await add('B');
    const c = await add('C', '0', 1);

    let res = await post('/chapter/move', { cid: c, parent_id: '0', position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(shape(res.json().data.chapters)).toEqual([
      ['C', 0],
      [
        'A',
        1,
        [
          ['A1', 0],
          ['A2', 1],
        ],
      ],
      ['B', 2],
    ]);

    res = await post('/chapter/move', { cid: a2, parent_id: b, position: 5 });
    expect(shape(res.json().data.chapters)).toEqual([
      ['C', 0],
      ['A', 1, [['A1', 0]]],
      ['B', 2, [['A2', 0]]],
    ]);
    res = await post('/chapter/move', { cid: c, parent_id: a, position: 0 });
    expect(shape(res.json().data.chapters)).toEqual([
      [
        'A',
        0,
        [
          ['C', 0],
          ['A1', 1],
        ],
      ],
      ['B', 1, [['A2', 0]]],
    ]);
    res = await post('/chapter/move', { cid: a1, parent_id: '0', position: 1 });
    expect(shape(res.json().data.chapters)).toEqual([
      ['A', 0, [['C', 0]]],
      ['A1', 1],
      ['B', 2, [['A2', 0]]],
    ]);

    res = await post('/chapter/move', { cid: a, parent_id: b, position: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'chapter has subchapters', data: { field: 'parent_id' } });
    expect((await post('/chapter/move', { cid: a1, parent_id: a1, position: 0 })).statusCode).toBe(400);
    expect((await post('/chapter/move', { cid: a1, parent_id: c, position: 0 })).json().error).toBe('too deep');
    const rows = await sqlAll<{ parent_id: string | null; position: number }>(
      app,
      'select parent_id, position from chapters order by parent_id, position',
    );
    const positions = new Map<string | null, number[]>();
    for (const row of rows) positions.set(row.parent_id, [...(positions.get(row.parent_id) ?? []), row.position]);
    for (const p of positions.values()) expect(p).toEqual(p.map((_, i) => i));
  });

  it('deletes a chapter with its subchapters; siblings close the gap', async () => {
    const a = await add('A');
    await add('A1', a, 1);
    await add('A2', a, 1);
    const b = await add('B');
    await add('C');
    expect((await post('/chapter/delete', { cid: a })).json().data).toEqual({ deleted: 3 });
    expect(shape(await tree())).toEqual([
      ['B', 0],
      ['C', 1],
    ]);
    expect((await post('/chapter/delete', { cid: a })).statusCode).toBe(404);
    expect((await post('/chapter/delete', { cid: b })).json().data).toEqual({ deleted: 1 });
    expect(shape(await tree())).toEqual([['C', 0]]);
  });

  it('bad input names the field; back-office calls are refused to guests, students, sub-admins without course and other schools', async () => {
    const cid = await add('A');
    const bad: [string, object, string][] = [
      ['/chapter/add', { coid, title: 'x', type: 99 }, 'type'],
      ['/chapter/add', { coid, title: '' }, 'title'],
      ['/chapter/add', { title: 'x' }, 'coid'],
      ['/chapter/rename', { cid, title: 'x'.repeat(101) }, 'title'],
      ['/chapter/free', { cid, free: 'yes' }, 'free'],
      ['/chapter/move', { cid, parent_id: '0', position: -1 }, 'position'],
      ['/chapter/delete', { cid: 'x' }, 'cid'],
    ];
    for (const [url, body, field] of bad) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.field, url).toBe(field);
    }
    const calls: [string, object][] = [
      ['/chapter/add', { coid, title: 'x', type: 0 }],
      ['/chapter/rename', { cid, title: 'y' }],
      ['/chapter/free', { cid, free: 1 }],
      ['/chapter/update', { cid, type: 1 }],
      ['/chapter/move', { cid, parent_id: '0', position: 0 }],
      ['/chapter/delete', { cid }],
    ];
    const student = (await login(app, await buildStudent(app))).cookie;
    const noCourse = (await login(app, { ...(await buildSubAdmin(app, ['exam'])), role: 'admin' })).cookie;
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const other = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    for (const [url, body] of calls) {
      expect((await post(url, body, '')).statusCode, url).toBe(401);
      expect((await post(url, body, student)).statusCode, url).toBe(403);
      expect((await post(url, body, noCourse)).statusCode, url).toBe(403);
      expect((await post(url, body, other)).statusCode, url).toBe(404);
    }
    expect(shape(await tree())).toEqual([['A', 0]]);
  });
});

describe('the demo catalogue (DEMO_DATA)', () => {
  it('loads a three-level tree and published courses with chapters of each kind', async () => {
    const app = await makeApp({ DEMO_DATA: true });
    try {
      const { id } = await school(app);
      const tree = (await app.inject({ method: 'GET', url: `/course/catelist?uid=${id}` })).json().data.cates;
      expect(
        tree.some((c: { children: { children: unknown[] }[] }) => c.children.some((d) => d.children.length > 0)),
      ).toBe(true);
      const cards = (await app.inject({ method: 'POST', url: '/course/bycate', payload: { uid: id, num: 500 } })).json()
        .data.courseData;
      expect(cards.length).toBeGreaterThanOrEqual(8);
      const types = new Set<number>();
      for (const card of cards) {
        const chapters = (await app.inject({ method: 'GET', url: `/course/chapter/${card.code}` })).json().data
          .chapters;
        for (const c of chapters) for (const node of [c, ...c.children]) types.add(node.type);
      }
      expect([...types].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(cards.some((c: { actual: number }) => c.actual === 0)).toBe(true);
      expect(cards.some((c: { actual: number; price: number }) => c.actual > 0 && c.price > c.actual)).toBe(true);
      expect(cards.some((c: { type: number }) => c.type === 4)).toBe(true);
      expect(cards.some((c: { type: number }) => c.type === 1)).toBe(true);
      const group = (await sqlGet(app, `select id from student_groups where name = '研发部'`)) as {
        id: string;
      };
      const restricted = (await sqlGet(app, 'select id from courses where authentication_gid = ?', group.id)) as {
        id: string;
      };
      const student = (await login(app, { username: 'student', password: 'student123' })).cookie;
      const lisi = (await login(app, { username: 'lisi', password: 'student123' })).cookie;
      const refusal = async (cookie: string) =>
        (await injectAs(app, cookie).get(`/course/info/${restricted.id}`)).json().data.refusal;
      expect(await refusal(student)).toBe(null);
      expect(await refusal(lisi)).toBe('designatedGroup');
    } finally {
      await app.close();
    }
  });
});
