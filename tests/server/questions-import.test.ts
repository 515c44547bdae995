import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { data, injectAs, type Caller } from '../helpers/kit';
import { multipartBody } from './uploads-helpers';
import { sqlGet } from '../helpers/sql';

type Json = Record<string, unknown>;
type Cell = string | number | null;

/** The bank's XLSX files: import and export with a row-by-row error report. */
describe('question bank import and export', () => {
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

  const HEAD = [
    '题型',
    '分类',
    '题干',
    '选项A',
    '选项B',
    '选项C',
    '选项D',
    '答案',
    '分值',
    '解析',
    '难度',
    '标签',
    '显示答案',
  ];
  const xlsx = (rows: Cell[][], head: string[] = HEAD) => writeXlsxFile([head, ...rows], {}).toBuffer();
  const upload = async (url: string, file: Buffer, cookie = admin, filename = 'questions.xlsx') => {
    const { body, headers } = multipartBody([
      {
        name: 'file-select',
        filename,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: file,
      },
    ]);
    return injectAs(app, cookie).inject({ method: 'POST', url, payload: body, headers });
  };
  const count = async () => ((await sqlGet(app, 'select count(*) AS n from questions')) as { n: number }).n;
  const GOOD: Cell[][] = [
    ['单选', '数学', '1 + 1 = ?', '1', '2', '3', null, 'B', 2, '数一数', 1, '算术', '是'],
    ['多选题', '数学', 'Which are even?', '2', '3', '4', '6', 'A, C,D', 3, null, null, 'numbers，even', null],
    ['判断', '历史', '0 是偶数 <script>x</script>', null, null, null, null, '对', 1, null, 5, null, '否'],
    ['short answer', null, 'What is a prime?', null, null, null, null, 'Two divisors', 5, null, 3, null, 'no'],
  ];

  it('a good file: the preview lists the rows and writes nothing; the import creates them all, with the categories it names', async () => {
    const maths = data<{ catid: string }>(await post('/question/category/add', { title: '数学' }));
    const file = await xlsx([
      ...GOOD.slice(0, 2),
      [null, null, null, null, null, null, null, null, null, null, null, null, null],
      ...GOOD.slice(2),
    ]);
    const preview = data<{
      ok: boolean;
      committed: boolean;
      issues: unknown[];
      rows: { row: number; type: number; excerpt: string; categoryTitle: string; point: number }[];
      newCategories: string[];
    }>(await upload('/question/import/preview', file));
    expect(preview).toMatchObject({ ok: true, committed: false, issues: [], newCategories: ['历史'] });
    // The blank row 4 is skipped; row numbers are the sheet's.
    expect(preview.rows.map((row) => [row.row, row.type, row.categoryTitle, row.point])).toEqual([
      [2, 0, '数学', 2],
      [3, 1, '数学', 3],
      [5, 2, '历史', 1],
      [6, 3, '', 5],
    ]);
    expect(await count()).toBe(0);

    const done = data<{ committed: boolean; rows: unknown[] }>(await upload('/question/import', file));
    expect(done.committed).toBe(true);
    expect(await count()).toBe(4);
    const list = data<{ list: { qid: string; type: number; categoryId: string }[] }>(
      await get('/question/list?num=10'),
    ).list;
    const item = async (type: number) =>
      data<Json>(await get(`/question/item?qid=${list.find((row) => row.type === type)!.qid}`));
    expect(await item(0)).toMatchObject({
      content: '<p>1 + 1 = ?</p>',
      answer: '2',
      point: 2,
      difficulty: 1,
      tags: ['算术'],
      showAnswer: true,
      categoryId: maths.catid,
      explanation: '<p>数一数</p>',
    });
    expect(await item(1)).toMatchObject({
      answer: '1,3,4',
      optiondata: [
        { oid: '1', content: '<p>2</p>' },
        { oid: '2', content: '<p>3</p>' },
        { oid: '3', content: '<p>4</p>' },
        { oid: '4', content: '<p>6</p>' },
      ],
      tags: ['numbers', 'even'],
      difficulty: 3,
    });
    const tf = await item(2);
    expect(tf).toMatchObject({ answer: '0', showAnswer: false, difficulty: 5, optiondata: [] });
    expect(tf.content).toBe('<p>0 是偶数 &lt;script&gt;x&lt;/script&gt;</p>');
    expect(await item(3)).toMatchObject({ answer: 'Two divisors', categoryId: '', showAnswer: false });
    const cats = data<{ tree: { title: string; count: number }[] }>(await get('/question/category/list')).tree;
    expect(cats.map((node) => [node.title, node.count])).toEqual([
      ['数学', 2],
      ['历史', 1],
    ]);
  });

  it('bad rows: the preview reports row, column and reason and writes nothing; the import of a file with one bad row creates none', async () => {
    const bad: Cell[][] = [
      ['单选', null, 'Pick one', 'a', 'b', null, null, 'A,B', 1, null, null, null, null],
      ['填空', null, 'Fill in', null, null, null, null, 'x', 1, null, null, null, null],
      ['多选', null, null, 'a', null, 'c', null, 'D', 0, null, 9, null, 'maybe'],
      ['判断', null, 'True?', null, null, null, null, 'yes', 1, null, null, null, null],
      ['简答', null, 'Explain', null, null, null, null, '字'.repeat(501), 1, null, null, null, null],
      ['单选', null, 'Fine', 'a', 'b', null, null, 'A', 1, null, null, null, null],
    ];
    const preview = data<{ ok: boolean; issues: { row: number; column: string; reason: string }[]; rows: unknown[] }>(
      await upload('/question/import/preview', await xlsx(bad)),
    );
    expect(preview.ok).toBe(false);
    expect(preview.rows).toEqual([]);
    expect(preview.issues).toEqual([
      { row: 2, column: '答案', reason: '单选题必须且只能有一个正确选项' },
      { row: 3, column: '题型', reason: '题型应为 单选、多选、判断 或 简答' },
      { row: 4, column: '题干', reason: '不能为空' },
      { row: 4, column: '选项A', reason: '选项之间不能留空' },
      { row: 4, column: '答案', reason: '答案中的选项 D 没有内容' },
      { row: 4, column: '分值', reason: '分值应为大于 0 的数字' },
      { row: 4, column: '难度', reason: '难度应为 1 到 5 的整数' },
      { row: 4, column: '显示答案', reason: '应为 是 或 否' },
      { row: 5, column: '答案', reason: '判断题答案应为 对 或 错' },
      { row: 6, column: '答案', reason: '参考答案最多 500 个字' },
    ]);
    expect(await count()).toBe(0);

    // A true/false or short-answer row with options filled in is refused as the form refuses it.
    const withOptions = await xlsx([
      ['判断', null, 'True?', 'yes', 'no', null, null, '对', 1, null, null, null, null],
      ['简答', null, 'Explain', 'a', null, null, null, 'Because', 1, null, null, null, null],
    ]);
    expect(data<{ issues: unknown[] }>(await upload('/question/import/preview', withOptions)).issues).toEqual([
      { row: 2, column: '选项A', reason: '此题型没有选项' },
      { row: 3, column: '选项A', reason: '此题型没有选项' },
    ]);

    // One bad row among good ones: nothing is created, not even the categories; the reply is 400 with the report.
    const oneBad = await xlsx([
      ...GOOD,
      ['单选', '新分类', 'Broken', 'a', 'b', null, null, 'Z', 1, null, null, null, null],
    ]);
    const refused = await upload('/question/import', oneBad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'import has bad rows',
      data: { ok: false, committed: false, issues: [{ row: 6, column: '答案', reason: '答案应为选项字母，例如 A,C' }] },
    });
    expect(await count()).toBe(0);
    expect(await sqlGet(app, 'select count(*) AS n from question_categories')).toEqual({ n: 0 });
  });

  it('English headings and words are read too; reasons follow the locale cookie', async () => {
    const head = ['Type', 'Category', 'Question', 'A', 'B', 'Answer', 'Points', 'Show answer'];
    const file = await xlsx(
      [
        ['Single choice', null, 'Pick', 'x', 'y', 'b', 1, 'Yes'],
        ['true/false', null, 'Sure?', null, null, 'maybe', 1, null],
      ],
      head,
    );
    const res = await app.inject({
      method: 'POST',
      url: '/question/import/preview',
      ...(() => {
        const { body, headers } = multipartBody([
          { name: 'file', filename: 'q.xlsx', type: 'application/octet-stream', data: file },
        ]);
        return { payload: body, headers: { ...headers, cookie: `${admin}; lx_locale=en-gb` } };
      })(),
    });
    const report = data<{ issues: { row: number; column: string; reason: string }[] }>(res);
    expect(report.issues).toEqual([{ row: 3, column: 'Answer', reason: 'A true/false answer is True or False' }]);
  });

  it('a file that is not an XLSX, or has no heading row, is reported; without permission it is refused', async () => {
    const notXlsx = data<{ ok: boolean; issues: { row: number; reason: string }[] }>(
      await upload('/question/import/preview', Buffer.from('just text'), admin, 'q.xlsx'),
    );
    expect(notXlsx.ok).toBe(false);
    expect(notXlsx.issues[0]).toMatchObject({ row: 0, reason: expect.stringContaining('.xlsx') });
    const noHead = data<{ issues: { reason: string }[] }>(
      await upload('/question/import/preview', await xlsx([['x', 'y']], ['foo', 'bar'])),
    );
    expect(noHead.issues[0].reason).toContain('列标题');
    const empty = data<{ issues: { reason: string }[] }>(await upload('/question/import/preview', await xlsx([])));
    expect(empty.issues[0].reason).toBe('文件中没有试题');
    expect((await upload('/question/import', Buffer.from('x'))).statusCode).toBe(400);
    const sub = await buildSubAdmin(app, ['exam']);
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    expect((await upload('/question/import', await xlsx(GOOD), subCookie)).statusCode).toBe(403);
    expect((await get('/question/template', subCookie)).statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  it('export: the filtered bank as an XLSX in the import columns, which imports again; the template imports too', async () => {
    await upload('/question/import', await xlsx(GOOD));
    const res = await get('/question/export?type=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="questions-\d{8}-\d{4}\.xlsx"; filename\*=UTF-8''/,
    );
    const rows = await readSheet(res.rawPayload);
    expect(rows[0].slice(0, 4)).toEqual(['题型', '分类', '题干', '选项A']);
    expect(rows.length).toBe(2);
    const [row] = rows.slice(1);
    expect(row[0]).toBe('多选题');
    expect(row[1]).toBe('数学');
    expect(row[2]).toBe('Which are even?');
    expect(row.slice(3, 7)).toEqual(['2', '3', '4', '6']);
    expect(row[17]).toBe('A,C,D');
    expect(row[18]).toBe(3);
    expect(row[20]).toBe(3);
    expect(row[21]).toBe('numbers,even');
    expect(row[22]).toBe('是');
    // The whole bank exported imports again as the same questions.
    const all = (await get('/question/export')).rawPayload;
    expect((await readSheet(all)).length).toBe(5);
    const again = data<{ ok: boolean; rows: { type: number }[] }>(await upload('/question/import/preview', all));
    expect(again.ok).toBe(true);
    expect(again.rows.map((r) => r.type).sort()).toEqual([0, 1, 2, 3]);
    // The template: one example of each kind, which passes the preview.
    const template = await get('/question/template');
    expect(template.statusCode).toBe(200);
    expect((await readSheet(template.rawPayload)).length).toBe(5);
    expect(
      data<{ ok: boolean; rows: unknown[] }>(await upload('/question/import/preview', template.rawPayload)).rows,
    ).toHaveLength(4);
  });
});
