import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { sqlAll, sqlGet } from '../helpers/sql';

type Row = { id: string; parent_id: string; position: number; depth: number; lft: number; rgt: number };

describe('course categories: a nested set of three levels (spec 3 Category, 7 course/catelist ...)', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  beforeEach(async () => {
    app = await makeApp();
    ({ get } = injectAs(app, null));
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    ({ post } = injectAs(app, admin));
  });
  afterEach(() => app.close());

  const add = async (title: string, parent_id = '0', cookie = admin) => {
    const res = await post('/course/category', { title, parent_id }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.catid as string;
  };
  const rows = async (schoolIdGiven?: string) => {
    const schoolId = schoolIdGiven ?? (await school(app)).id;
    return sqlAll<Row>(
      app,
      `select id, parent_id, position, depth, lft, rgt from categories where school_id = ? and kind = 'course' order by lft`,
      schoolId,
    );
  };
  const newCourse = async (title: string, catid: string) => {
    const res = await post('/course/new', { title, catid, type: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const { coid } = res.json().data;
    await post('/course/pub', { coid, pub: '1' }, admin);
    return coid as string;
  };

  /** lft/rgt agree with parent_id and position: numbered depth-first from 1 under a root with lft 0. */
  function expectConsistent(list: Row[]) {
    const byParent = new Map<string, Row[]>();
    for (const row of list) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
    let counter = 0;
    const walk = (parentId: string, depth: number) => {
      const children = (byParent.get(parentId) ?? []).sort((a, b) => a.position - b.position);
      expect(children.map((c) => c.position)).toEqual(children.map((_, i) => i));
      for (const child of children) {
        expect(child.lft).toBe(++counter);
        expect(child.depth).toBe(depth);
        walk(child.id, depth + 1);
        expect(child.rgt).toBe(++counter);
      }
    };
    walk('0', 1);
    expect(counter).toBe(list.length * 2);
  }

  /** Descendants by walking parent_id, to compare with the range query. */
  const descendants = (list: Row[], id: string): string[] =>
    list.filter((r) => r.parent_id === id).flatMap((r) => [r.id, ...descendants(list, r.id)]);

  it('adds up to three levels, refuses a fourth (400 too deep), and keeps the set consistent', async () => {
    const a = await add('A');
    const a1 = await add('A1', a);
    const a11 = await add('A11', a1);
    await add('B');
    await add('A2', a);
    expectConsistent(await rows());
    const res = await post('/course/category', { title: 'too deep', parent_id: a11 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'too deep', data: { field: 'parent_id' } });
    expect(await rows()).toHaveLength(5);
    const tree = (await get(`/course/catelist`, admin)).json().data.cates;
    expect(tree.map((c: { title: string }) => c.title)).toEqual(['A', 'B']);
    expect(tree[0].children.map((c: { title: string }) => c.title)).toEqual(['A1', 'A2']);
    expect(tree[0].children[0].children[0]).toMatchObject({
      title: 'A11',
      catname: 'A11',
      depth: 3,
      isColumn: false,
      children: [],
    });
  });

  it('moves, reorders and renames; refuses moving under its own subtree or past three levels', async () => {
    const a = await add('A');
    const a1 = await add('A1', a);
    const a11 = await add('A11', a1);
    const b = await add('B');
    const b1 = await add('B1', b);
    const c = await add('C');

    let res = await post('/course/cate/update', { catid: a1, parent_id: b, position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ catid: a1, parent_id: b, depth: 2, position: 0 });
    expectConsistent(await rows());
    expect((await rows()).find((r) => r.id === a11)).toMatchObject({ depth: 3, parent_id: a1 });

    res = await post('/course/cate/update', { catid: c, position: 0, title: 'C first' });
    expect(res.json().data).toMatchObject({ title: 'C first', position: 0, lft: 1 });
    expectConsistent(await rows());

    res = await post('/course/cate/update', { catid: b, parent_id: a11 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'cannot move a category under itself', data: { field: 'parent_id' } });
    res = await post('/course/cate/update', { catid: b, parent_id: b });
    expect(res.statusCode).toBe(400);
    // B has three levels (B, A1, A11): under C it would reach a fourth.
    res = await post('/course/cate/update', { catid: b, parent_id: c });
    expect(res.json()).toMatchObject({ error: 'too deep' });
    res = await post('/course/cate/update', { catid: b1, parent_id: a11 });
    expect(res.json()).toMatchObject({ error: 'too deep' });
    expectConsistent(await rows());

    res = await post('/course/cate/update', { catid: a11, parent_id: '0', position: 99 });
    expect(res.json().data).toMatchObject({ parent_id: '0', depth: 1, position: 3 });
    expectConsistent(await rows());
  });

  it('a subtree is one range query that returns exactly the descendants, and the catalogue uses it', async () => {
    const a = await add('A');
    const a1 = await add('A1', a);
    const a11 = await add('A11', a1);
    const a2 = await add('A2', a);
    const b = await add('B');
    const b1 = await add('B1', b);
    await post('/course/cate/update', { catid: a2, parent_id: b1 });
    const list = await rows();
    for (const row of list) {
      const schoolId = (await school(app)).id;
      const range = await sqlAll<{ id: string }>(
        app,
        `select id from categories where school_id = ? and lft > ? and lft < ?`,
        schoolId,
        row.lft,
        row.rgt,
      );
      expect(range.map((r) => r.id).sort()).toEqual(descendants(list, row.id).sort());
    }
    const inA11 = await newCourse('in A11', a11);
    const inA2 = await newCourse('in A2', a2);
    const inA = await newCourse('in A', a);
    const bycate = async (catid: string) =>
      (
        (await post('/course/bycate', { uid: (await school(app)).id, catid }, '')).json().data.courseData as {
          coid: string;
        }[]
      )
        .map((c) => c.coid)
        .sort();
    expect(await bycate(a)).toEqual([inA, inA11].sort());
    expect(await bycate(b)).toEqual([inA2]);
    expect(await bycate(a1)).toEqual([inA11]);
    expect(await bycate('0')).toHaveLength(3);
  });

  it('refuses deleting a category with courses (409); movebeforedelcate moves them to the target first', async () => {
    const a = await add('A');
    const a1 = await add('A1', a);
    const b = await add('B');
    const course = await newCourse('in A1', a1);
    const gone = await newCourse('deleted in A1', a1);
    await post('/course/delete', { coids: [gone] });

    let res = await post('/course/cate/delete', { catid: a });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'category has courses', data: { courses: 1 } });
    expect(await rows()).toHaveLength(3);

    res = await post('/course/movebeforedelcate', { catid: a, targetCatid: a1 });
    expect(res.statusCode).toBe(400);
    res = await post('/course/movebeforedelcate', { catid: a, targetCatid: b });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: 2, movedCourses: 2 });
    expect((await rows()).map((r) => r.id)).toEqual([b]);
    expectConsistent(await rows());
    const info = (await get(`/course/info/${course}`, admin)).json().data;
    expect(info.catid).toBe(b);

    const c = await add('C');
    await add('C1', c);
    const d = await newCourse('in C then deleted', c);
    await post('/course/delete', { coids: [d] });
    res = await post('/course/cate/delete', { catid: c });
    expect(res.json().data).toEqual({ deleted: 2, movedCourses: 0 });
    expect(await sqlGet(app, 'select catid from courses where id = ?', d)).toEqual({ catid: '0' });
    expectConsistent(await rows());
  });

  it('course/cates gives the children with their child counts and the path (named operation: category list)', async () => {
    const a = await add('A');
    const a1 = await add('A1', a);
    await add('A11', a1);
    await add('A12', a1);
    await add('A2', a);
    const { hashUID } = await school(app);
    const top = (await get(`/course/cates?uid=${hashUID}`)).json().data;
    expect(top.allCates).toMatchObject([{ catid: a, childCount: 2 }]);
    expect(top.path).toEqual([]);
    const under = (await get(`/course/cates?uid=${hashUID}&catid=${a1}`)).json().data;
    expect(under.allCates.map((c: { title: string; childCount: number }) => [c.title, c.childCount])).toEqual([
      ['A11', 0],
      ['A12', 0],
    ]);
    expect(under.path.map((c: { title: string }) => c.title)).toEqual(['A', 'A1']);
    expect((await get(`/course/cates?uid=${hashUID}&catid=12345678901234`)).statusCode).toBe(404);
  });

  it('the tree is public by the page school (uid = id or hashUID); garbage is 404', async () => {
    await add('A');
    const { id, hashUID } = await school(app);
    for (const uid of [id, hashUID]) {
      const res = await get(`/course/catelist?uid=${uid}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.cates).toHaveLength(1);
    }
    expect((await get('/course/catelist')).json().data.cates).toHaveLength(1);
    expect((await get('/course/catelist?uid=nonsense')).statusCode).toBe(404);
    expect((await get('/course/catelist?uid=bad!')).statusCode).toBe(400);
  });

  it('bad input names the field', async () => {
    const cases: [string, object, string][] = [
      ['/course/category', { title: '' }, 'title'],
      ['/course/category', { title: 'x'.repeat(101) }, 'title'],
      ['/course/category', { title: 'ok', parent_id: 'abc' }, 'parent_id'],
      ['/course/cate/update', { catid: 'x' }, 'catid'],
      ['/course/cate/update', { catid: '1', position: -1 }, 'position'],
      ['/course/cate/delete', {}, 'catid'],
      ['/course/movebeforedelcate', { catid: '1' }, 'targetCatid'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().data.field, url).toBe(field);
      expect(res.json().error).toContain(`body.${field}`);
    }
    const trimmed = await post('/course/category', { title: '  spaced  ' });
    expect(trimmed.json().data.title).toBe('spaced');
  });

  it('writes need an administrator with the course permission of the same school', async () => {
    const a = await add('A');
    const calls: [string, object][] = [
      ['/course/category', { title: 'x' }],
      ['/course/cate/update', { catid: a, title: 'y' }],
      ['/course/cate/delete', { catid: a }],
      ['/course/movebeforedelcate', { catid: a, targetCatid: '0' }],
    ];
    const student = (await login(app, await buildStudent(app))).cookie;
    const noCourse = (await login(app, { ...(await buildSubAdmin(app, ['resource'])), role: 'admin' })).cookie;
    for (const [url, body] of calls) {
      expect((await post(url, body, '')).statusCode, url).toBe(401);
      expect((await post(url, body, student)).statusCode, url).toBe(403);
      expect((await post(url, body, noCourse)).statusCode, url).toBe(403);
    }
    const teacher = (await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' })).cookie;
    expect((await post('/course/category', { title: 'by teacher', parent_id: a }, teacher)).statusCode).toBe(200);

    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const them = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    const theirs = await add('Theirs', '0', them);
    for (const [url, body] of calls.slice(1)) expect((await post(url, body, them)).statusCode, url).toBe(404);
    expect((await post('/course/category', { title: 'x', parent_id: a }, them)).statusCode).toBe(404);
    expect((await post('/course/cate/update', { catid: theirs, parent_id: a }, them)).statusCode).toBe(404);
    expect((await post('/course/movebeforedelcate', { catid: theirs, targetCatid: a }, them)).statusCode).toBe(404);
    const theirTree = (await get('/course/catelist', them)).json().data.cates;
    expect(theirTree.map((c: { catid: string }) => c.catid)).toEqual([theirs]);
    expect(await rows(other.id)).toHaveLength(1);
    expect((await rows()).map((r) => r.id)).not.toContain(theirs);
    expectConsistent(await rows());
    expectConsistent(await rows(other.id));
  });

  it('every catalogue call is in the OpenAPI document with its input and reply', async () => {
    const doc = (await get('/openapi.json')).json();
    const calls: [string, string][] = [
      ['get', '/course/catelist'],
      ['get', '/course/cates'],
      ['post', '/course/category'],
      ['post', '/course/cate/update'],
      ['post', '/course/cate/delete'],
      ['post', '/course/movebeforedelcate'],
      ['post', '/getcourselist'],
      ['post', '/course/new'],
      ['post', '/course/save'],
      ['get', '/course/info/{id}'],
      ['post', '/course/delete'],
      ['post', '/course/copy'],
      ['post', '/course/pub'],
      ['post', '/course/descr'],
      ['post', '/course/updateSet'],
      ['post', '/course/topClass'],
      ['post', '/course/bycate'],
      ['post', '/course/search'],
      ['get', '/watch/hot/{id}'],
      ['post', '/collectcourse'],
      ['get', '/collect/status'],
      ['get', '/course/chapter/{id}'],
      ['post', '/chapter/add'],
      ['post', '/chapter/rename'],
      ['post', '/chapter/free'],
      ['post', '/chapter/update'],
      ['post', '/chapter/move'],
      ['post', '/chapter/delete'],
    ];
    for (const [method, path] of calls) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.responses['200'], `${method} ${path}`).toBeDefined();
      if (method === 'post') expect(op.requestBody, `${method} ${path}`).toBeDefined();
    }
  });
});
