import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { data, injectAs, type Caller } from '../helpers/kit';
import { seedChapterExercises, seedPaper } from '../helpers/exam-factory';
import { createSchool } from '../../server/modules/schools/schools.service';
import { sqlGet } from '../helpers/sql';

type Json = Record<string, unknown>;
interface Issue {
  field: string;
  code: string;
}

/**
 * The question bank (back office): the four kinds and their checks, permission
 * 'question' and the school, sanitising, versions, delete refused while used, search and filters, categories.
 */
describe('question bank', () => {
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

  const issuesOf = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { data: { issues: Issue[] } }).data.issues.map((issue) => `${issue.field}:${issue.code}`);
  };
  const single = (fields: Json = {}) => ({
    type: 0,
    content: '<p>1 + 1 = ?</p>',
    optiondata: [
      { oid: '1', content: '1' },
      { oid: '2', content: '2' },
      { oid: '3', content: '3' },
    ],
    answer: '2',
    point: 2,
    ...fields,
  });
  const add = async (fields: Json = {}, cookie = admin) =>
    data<Json & { qid: string }>(await post('/question/add', single(fields), cookie));

  it('creates each kind: option ids 1, 2 ... in order, multiple answers ascending, true/false 0 = true, short answers with a model answer', async () => {
    const one = await add({
      difficulty: 2,
      tags: ['maths', ' maths ', 'easy'],
      explanation: '<p>Count.</p>',
      showAnswer: false,
    });
    expect(one).toMatchObject({
      type: 0,
      answer: '2',
      point: 2,
      difficulty: 2,
      tags: ['maths', 'easy'],
      showAnswer: false,
      version: 1,
      categoryId: '',
    });
    expect(one.optiondata).toEqual([
      { oid: '1', content: '1' },
      { oid: '2', content: '2' },
      { oid: '3', content: '3' },
    ]);
    // The editor may make up ids for new options: the server numbers them and maps the answer.
    const many = await add({
      type: 1,
      optiondata: [
        { oid: '7', content: 'a' },
        { oid: '', content: 'b' },
        { oid: '9', content: 'c' },
      ],
      answer: '9,7',
    });
    expect(many.optiondata).toEqual([
      { oid: '1', content: 'a' },
      { oid: '2', content: 'b' },
      { oid: '3', content: 'c' },
    ]);
    expect(many.answer).toBe('1,3');
    const tf = await add({ type: 2, optiondata: [], answer: '0' });
    expect(tf).toMatchObject({ type: 2, answer: '0', optiondata: [] });
    const short = await add({ type: 3, optiondata: [], answer: '  A prime has two divisors.  ' });
    expect(short).toMatchObject({ type: 3, answer: 'A prime has two divisors.' });
    expect(data(await post('/question/add', single({ type: 3, optiondata: [], answer: '' }))).answer).toBe('');
    expect(data(await get(`/question/item?qid=${many.qid}`))).toMatchObject({ qid: many.qid, answer: '1,3' });
  });

  it('refuses each kind with field errors and writes nothing', async () => {
    expect(issuesOf(await post('/question/add', single({ content: '<p> </p><script>x</script>' })))).toEqual([
      'content:contentRequired',
    ]);
    expect(
      issuesOf(await post('/question/add', single({ optiondata: [{ oid: '1', content: 'only' }], answer: '1' }))),
    ).toEqual(['optiondata:optionsTooFew']);
    expect(issuesOf(await post('/question/add', single({ answer: '1,2' })))).toEqual(['answer:oneCorrect']);
    expect(issuesOf(await post('/question/add', single({ answer: '' })))).toEqual(['answer:oneCorrect']);
    expect(issuesOf(await post('/question/add', single({ answer: '5' })))).toEqual(['answer:unknownOption']);
    expect(
      issuesOf(
        await post(
          '/question/add',
          single({
            optiondata: [
              { oid: '1', content: 'a' },
              { oid: '2', content: '<p></p>' },
            ],
            answer: '1',
          }),
        ),
      ),
    ).toEqual(['optiondata.1.content:optionEmpty']);
    const fifteen = Array.from({ length: 15 }, (_, i) => ({ oid: String(i + 1), content: `o${i}` }));
    expect(issuesOf(await post('/question/add', single({ optiondata: fifteen, answer: '1' })))).toEqual([
      'optiondata:optionsTooMany',
    ]);
    expect(issuesOf(await post('/question/add', single({ type: 1, answer: '' })))).toEqual(['answer:someCorrect']);
    expect(
      issuesOf(await post('/question/add', single({ type: 1, optiondata: [{ oid: '1', content: 'a' }], answer: '1' }))),
    ).toEqual(['optiondata:optionsTooFew']);
    expect(issuesOf(await post('/question/add', single({ type: 2, optiondata: [], answer: '2' })))).toEqual([
      'answer:trueOrFalse',
    ]);
    expect(issuesOf(await post('/question/add', single({ type: 2, answer: '0' })))).toEqual([
      'optiondata:optionsNotAllowed',
    ]);
    expect(
      issuesOf(await post('/question/add', single({ type: 3, optiondata: [], answer: '字'.repeat(501) }))),
    ).toEqual(['answer:answerTooLong']);
    expect(data(await post('/question/add', single({ type: 3, optiondata: [], answer: '字'.repeat(500) }))).type).toBe(
      3,
    );
    expect(issuesOf(await post('/question/add', single({ categoryId: '123456789' })))).toEqual([
      'categoryId:categoryMissing',
    ]);
    // The schema's own limits: points > 0, difficulty 1 to 5, a known kind.
    for (const bad of [{ point: 0 }, { point: -1 }, { difficulty: 6 }, { difficulty: 0 }, { type: 4 }])
      expect((await post('/question/add', single(bad))).statusCode).toBe(400);
    const res = await post('/question/add', single({ answer: '1,2' }));
    expect(res.json()).toMatchObject({ status: 'error', error: expect.stringContaining('answer') });
    expect(data<{ total: number }>(await get('/question/list')).total).toBe(1);
  });

  it('sanitises content, options and explanation', async () => {
    const q = await add({
      content: '<p onclick="steal()">Which?<script>alert(1)</script><img src="javascript:alert(1)"></p>',
      optiondata: [
        { oid: '1', content: '<b>bold</b><iframe src="http://x"></iframe>' },
        { oid: '2', content: '<a href="javascript:x">two</a>' },
      ],
      answer: '1',
      explanation: '<p>Because<script>x()</script></p>',
    });
    const stored = data<Json & { optiondata: { content: string }[] }>(await get(`/question/item?qid=${q.qid}`));
    expect(stored.content).not.toMatch(/script|onclick|javascript/);
    expect(stored.content).toContain('Which?');
    expect(stored.optiondata[0].content).toBe('<b>bold</b>');
    expect(stored.optiondata[1].content).not.toContain('javascript');
    expect(stored.explanation).toBe('<p>Because</p>');
  });

  it('edit bumps the version; stored options keep their ids, new ones never reuse a removed id', async () => {
    const made = await add({ type: 1, answer: '1,3' });
    // Remove option 3, edit option 2, add a new option the editor called '4' and mark it right.
    const edited = data<Json & { optiondata: { oid: string; content: string }[] }>(
      await post('/question/update', {
        ...single({ type: 1 }),
        qid: made.qid,
        optiondata: [
          { oid: '1', content: 'a' },
          { oid: '2', content: 'B!' },
          { oid: '', content: 'new' },
        ],
        answer: '1',
      }),
    );
    expect(edited.version).toBe(2);
    expect(edited.optiondata).toEqual([
      { oid: '1', content: 'a' },
      { oid: '2', content: 'B!' },
      { oid: '4', content: 'new' },
    ]);
    const again = data<Json & { optiondata: { oid: string }[] }>(
      await post('/question/update', {
        ...single({ type: 1 }),
        qid: made.qid,
        optiondata: [
          { oid: '4', content: 'new' },
          { oid: '3', content: 'made-up id 3' },
        ],
        answer: '3,4',
      }),
    );
    // '3' was removed earlier, so the editor's '3' is a new option: it gets 5, and the answer follows.
    expect(again.optiondata).toEqual([
      { oid: '4', content: 'new' },
      { oid: '5', content: 'made-up id 3' },
    ]);
    expect(again.answer).toBe('4,5');
    expect(again.version).toBe(3);
    // A refused edit changes nothing.
    expect((await post('/question/update', { ...single(), qid: made.qid, answer: '' })).statusCode).toBe(400);
    expect(data(await get(`/question/item?qid=${made.qid}`)).version).toBe(3);
  });

  it('delete is refused while a paper or an exercise set uses the question, and soft otherwise', async () => {
    const used = await add();
    const inSet = await add();
    const free = await add();
    const main = await school(app);
    await seedPaper(app, { schoolId: main.id, questionIds: [used.qid] });
    await seedPaper(app, { schoolId: main.id, questionIds: [used.qid, inSet.qid] });
    const course = data<{ coid: string }>(await post('/course/new', { title: 'C', catid: '0', type: 0, actual: 0 }));
    const cid = data<{ cid: string }>(
      await post('/chapter/add', { coid: course.coid, parent_id: '0', title: 'one', type: 4 }),
    ).cid;
    await seedChapterExercises(app, {
      schoolId: main.id,
      courseId: course.coid,
      chapterId: cid,
      questionIds: [inSet.qid, used.qid],
    });
    const refused = await post('/question/delete', { qid: used.qid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'question in use: 2 paper(s), 1 exercise set(s)',
      data: { papers: 2, exerciseSets: 1 },
    });
    expect((await post('/question/delete', { qid: inSet.qid })).json()).toMatchObject({
      data: { papers: 1, exerciseSets: 1 },
    });
    expect(data(await post('/question/delete', { qid: free.qid }))).toEqual({ qid: free.qid, deleted: true });
    // Kept with deleted = true, gone from the list and the item call.
    expect(await sqlGet(app, 'select deleted from questions where id = ?', free.qid)).toEqual({ deleted: 1 });
    expect(
      data<{ list: { qid: string }[] }>(await get('/question/list'))
        .list.map((row) => row.qid)
        .sort(),
    ).toEqual([used.qid, inSet.qid].sort());
    expect((await get(`/question/item?qid=${free.qid}`)).statusCode).toBe(404);
    expect((await post('/question/delete', { qid: free.qid })).statusCode).toBe(404);
  });

  it("needs permission 'question' (the pickers of 'exam' and 'course' only read the list) and stays within the school", async () => {
    const q = await add();
    const none = await buildSubAdmin(app, ['student', 'resource']);
    const noneCookie = (await login(app, { ...none, role: 'admin' })).cookie;
    expect((await get('/question/list', noneCookie)).statusCode).toBe(403);
    expect((await get('/question/category/list', noneCookie)).statusCode).toBe(403);
    const sub = await buildSubAdmin(app, ['course', 'exam']);
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    expect(data<{ total: number }>(await get('/question/list', subCookie)).total).toBe(1);
    expect((await get('/question/category/list', subCookie)).statusCode).toBe(200);
    expect((await get(`/question/item?qid=${q.qid}`, subCookie)).statusCode).toBe(403);
    expect((await post('/question/add', single(), subCookie)).statusCode).toBe(403);
    expect((await post('/question/category/add', { title: 'x' }, subCookie)).statusCode).toBe(403);
    expect((await get('/question/export', subCookie)).statusCode).toBe(403);
    expect((await get('/question/list', '')).statusCode).toBe(401);
    const allowed = await buildSubAdmin(app, ['question']);
    const allowedCookie = (await login(app, { ...allowed, role: 'admin' })).cookie;
    expect(data<{ total: number }>(await get('/question/list', allowedCookie)).total).toBe(1);

    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const other = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect(data<{ total: number }>(await get('/question/list', other)).total).toBe(0);
    expect((await get(`/question/item?qid=${q.qid}`, other)).statusCode).toBe(404);
    expect((await post('/question/update', { ...single(), qid: q.qid }, other)).statusCode).toBe(404);
    expect((await post('/question/delete', { qid: q.qid }, other)).statusCode).toBe(404);
    const cat = data<{ catid: string }>(await post('/question/category/add', { title: 'Mine' }));
    expect((await post('/question/category/rename', { catid: cat.catid, title: 'Theirs' }, other)).statusCode).toBe(
      404,
    );
    expect((await post('/question/add', single({ categoryId: cat.catid }), other)).statusCode).toBe(400);
    expect(data<{ total: number }>(await get(`/question/list?catid=${cat.catid}`, other)).total).toBe(0);
  });

  it('searches by keyword and filters by category (with sub-categories), kind, difficulty and tag, paged', async () => {
    const maths = data<{ catid: string }>(await post('/question/category/add', { title: 'Maths' }));
    const algebra = data<{ catid: string }>(
      await post('/question/category/add', { title: 'Algebra', parent_id: maths.catid }),
    );
    const history = data<{ catid: string }>(await post('/question/category/add', { title: 'History' }));
    const a = await add({
      content: '<p>Solve x + 1 = 2 (100%)</p>',
      categoryId: algebra.catid,
      difficulty: 4,
      tags: ['equations'],
    });
    const b = await add({
      content: '<p>Sum of angles</p>',
      categoryId: maths.catid,
      type: 2,
      optiondata: [],
      answer: '1',
    });
    const c = await add({
      content: '<p>When did the war end?</p>',
      categoryId: history.catid,
      type: 3,
      optiondata: [],
      answer: '1945',
      tags: ['dates'],
    });
    const qids = async (query: string) =>
      data<{ list: { qid: string }[]; total: number }>(await get(`/question/list?${query}`)).list.map((row) => row.qid);
    expect(await qids('')).toEqual([c.qid, b.qid, a.qid]);
    expect(await qids('keyword=angles')).toEqual([b.qid]);
    expect(await qids('keyword=100%25')).toEqual([a.qid]);
    expect(await qids('keyword=_')).toEqual([]);
    expect(await qids(`catid=${maths.catid}`)).toEqual([b.qid, a.qid]);
    expect(await qids(`catid=${algebra.catid}`)).toEqual([a.qid]);
    expect(await qids('type=3')).toEqual([c.qid]);
    expect(await qids('difficulty=4')).toEqual([a.qid]);
    expect(await qids('tag=dates')).toEqual([c.qid]);
    expect(await qids(`tag=dates&catid=${maths.catid}`)).toEqual([]);
    const page = data<{ list: { qid: string; excerpt: string; categoryTitle: string }[]; total: number }>(
      await get('/question/list?page=2&num=2'),
    );
    expect(page.total).toBe(3);
    expect(page.list.map((row) => row.qid)).toEqual([a.qid]);
    expect(page.list[0]).toMatchObject({ excerpt: 'Solve x + 1 = 2 (100%)', categoryTitle: 'Algebra' });
    expect((await get('/question/list?type=9')).statusCode).toBe(400);
  });

  it('categories: a tree with counts; rename, move (never under itself), delete refused while it holds questions', async () => {
    const maths = data<{ catid: string }>(await post('/question/category/add', { title: 'Maths' }));
    const algebra = data<{ catid: string }>(
      await post('/question/category/add', { title: 'Algebra', parent_id: maths.catid }),
    );
    const geometry = data<{ catid: string }>(
      await post('/question/category/add', { title: 'Geometry', parent_id: maths.catid }),
    );
    const history = data<{ catid: string }>(await post('/question/category/add', { title: 'History' }));
    await add({ categoryId: algebra.catid });
    await add({ categoryId: maths.catid });
    type Node = { catid: string; title: string; count: number; total: number; position: number; children: Node[] };
    const tree = async () => data<{ tree: Node[] }>(await get('/question/category/list')).tree;
    let now = await tree();
    expect(now.map((node) => [node.title, node.count, node.total])).toEqual([
      ['Maths', 1, 2],
      ['History', 0, 0],
    ]);
    expect(now[0].children.map((node) => node.title)).toEqual(['Algebra', 'Geometry']);
    expect(data(await post('/question/category/rename', { catid: geometry.catid, title: 'Shapes' }))).toEqual({
      catid: geometry.catid,
      title: 'Shapes',
    });
    // Move Shapes first among Maths's children, then History under Shapes.
    await post('/question/category/move', { catid: geometry.catid, parent_id: maths.catid, position: 0 });
    now = await tree();
    expect(now[0].children.map((node) => [node.title, node.position])).toEqual([
      ['Shapes', 0],
      ['Algebra', 1],
    ]);
    await post('/question/category/move', { catid: history.catid, parent_id: geometry.catid });
    now = await tree();
    expect(now.map((node) => node.title)).toEqual(['Maths']);
    expect(now[0].children[0].children.map((node) => node.title)).toEqual(['History']);
    // Never under itself or its own sub-category.
    expect((await post('/question/category/move', { catid: maths.catid, parent_id: history.catid })).statusCode).toBe(
      400,
    );
    expect((await post('/question/category/move', { catid: maths.catid, parent_id: maths.catid })).statusCode).toBe(
      400,
    );
    // Delete: refused while it (or a sub-category) holds questions; an empty one goes with its empty sub-categories.
    const refused = await post('/question/category/delete', { catid: maths.catid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ data: { questions: 2 } });
    expect((await post('/question/category/delete', { catid: algebra.catid })).statusCode).toBe(409);
    expect(data(await post('/question/category/delete', { catid: geometry.catid }))).toEqual({
      catid: geometry.catid,
      deleted: true,
    });
    now = await tree();
    expect(now[0].children.map((node) => [node.title, node.position])).toEqual([['Algebra', 0]]);
    expect(await sqlGet(app, 'select count(*) AS n from question_categories')).toEqual({ n: 2 });
  });

  it('is in the OpenAPI document with tags and summaries', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    const paths = Object.keys(doc.paths ?? {}).filter((path) => path.includes('/question/'));
    for (const path of [
      '/question/list',
      '/question/item',
      '/question/add',
      '/question/update',
      '/question/delete',
      '/question/category/list',
      '/question/category/move',
      '/question/export',
      '/question/import/preview',
      '/question/import',
    ]) {
      expect(
        paths.some((known) => known.endsWith(path)),
        path,
      ).toBe(true);
    }
    for (const path of paths)
      for (const op of Object.values(doc.paths[path])) expect(op.tags?.length && op.summary, path).toBeTruthy();
  });

  it('never lets the browser cache the bank: the declared calls and the files alike', async () => {
    for (const url of ['/question/list', '/question/category/list', '/question/export', '/question/template']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
    }
  });
});
