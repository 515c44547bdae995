import { readSheet } from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { students as studentRows } from '../../server/db/schema';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { createSchool } from '../../server/modules/schools/schools.service';
import { LICENCE_ERRORS } from '../../shared/schemas/licence';
import { STUDENT_IMPORT_ERRORS, type ImportPreview, type ImportStatus } from '../../shared/schemas/student-import';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { buildStudentField } from '../helpers/factories';
import { data, injectAs, waitUntil } from '../helpers/kit';
import { csvFile, xlsxFile, type Cell } from '../helpers/student-files';
import { multipartBody } from './uploads-helpers';
import { first } from '../../server/db/client';
import { sqlAll, sqlGet, sqlRun } from '../helpers/sql';
import { refuseWrites } from '../helpers/refuse';

/** Student import from CSV and XLSX (spec 7 Students: import, getImport, repeatdata). */
describe('student import', () => {
  let app: TestApp;
  let admin: string;
  const setup = async (overrides: Record<string, unknown> = {}) => {
    app = await makeApp(overrides);
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  };
  beforeEach(() => setup());
  afterEach(() => app.close());

  const send = (
    url: string,
    file: Buffer,
    fields: Record<string, string> = {},
    cookie = admin,
    filename = 'students.csv',
  ) => {
    const { body, headers } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file-select', filename, data: file },
    ]);
    return injectAs(app, cookie).inject({ method: 'POST', url: '/student/import' + url, payload: body, headers });
  };
  const preview = async (file: Buffer, fields: Record<string, string> = {}, filename = 'students.csv') =>
    data<ImportPreview>(await send('/preview', file, fields, admin, filename));
  const getImport = async (cookie = admin) =>
    data<ImportStatus | null>(await injectAs(app, cookie).get('/student/getImport'));
  /** Starts an import and follows getImport until it has finished, as the screen does. */
  const importFile = async (file: Buffer, fields: Record<string, string> = {}, filename = 'students.csv') => {
    const { id } = data<{ id: string }>(await send('', file, fields, admin, filename));
    return waitUntil('the import to finish', async () => {
      const status = await getImport();
      return status && status.id === id && status.status !== 'running' ? status : null;
    });
  };
  const students = async () =>
    sqlAll<{ username: string; name: string; email: string; phone: string; password_hash: string }>(
      app,
      'select username, name, email, phone, password_hash from students where school_id = ? order by username',
      (await school(app)).id,
    );
  const valuesOf = async (username: string) =>
    Object.fromEntries(
      (
        await sqlAll<{ name: string; value: string }>(
          app,
          'select f.name, v.value from student_field_values v join student_fields f on f.id = v.field_id join students s on s.id = v.student_id where s.username = ?',
          username,
        )
      ).map((r) => [r.name, r.value]),
    );
  const groupsOf = async (username: string) =>
    (
      await sqlAll<{ name: string }>(
        app,
        'select g.name from student_group_members m join student_groups g on g.id = m.group_id join students s on s.id = m.student_id where s.username = ? order by g.name',
        username,
      )
    ).map((r) => r.name);
  const addGroup = async (name: string, parentId: string | null = null) => {
    const id = app.ctx.ids.next();
    await insertGroup(app.ctx.db, {
      id,
      schoolId: (await school(app)).id,
      parentId,
      name,
      position: 0,
      createdAt: Date.now(),
    });
    return id;
  };
  const addField = async (
    name: string,
    kind: 'text' | 'number' | 'date' | 'choice',
    required = false,
    options: string[] = [],
  ) => await buildStudentField(app, { name, kind, options: JSON.stringify(options), required, createdAt: Date.now() });
  const canLogin = async (username: string, password: string) =>
    (await app.inject({ method: 'POST', url: '/do/login', payload: { username, password } })).statusCode === 200;

  it('each role: guests 401, students and sub-admins without student 403, sub-admins with it and the main admin work; another school sees none of ours', async () => {
    const file = csvFile([
      ['用户名', '姓名', '密码'],
      ['s1', 'One', 'secret-1'],
    ]);
    const student = await login(app, await buildStudent(app));
    const teacher = (await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' })).cookie;
    const clerk = (await login(app, { ...(await buildSubAdmin(app, ['student'])), role: 'admin' })).cookie;
    const calls = (cookie: string) => [
      send('/preview', file, {}, cookie),
      send('', file, {}, cookie),
      injectAs(app, cookie).get('/student/getImport'),
      injectAs(app, cookie).get('/student/import/template?format=csv'),
      injectAs(app, cookie).post('/student/repeatdata', { usernames: ['s1'] }),
    ];
    for (const res of await Promise.all(calls(''))) expect(res.statusCode, res.body).toBe(401);
    for (const res of await Promise.all(calls(student.cookie))) expect(res.statusCode, res.body).toBe(403);
    for (const res of await Promise.all(calls(teacher))) expect(res.statusCode, res.body).toBe(403);

    const started = data<{ id: string }>(await send('', file, {}, clerk));
    const status = await waitUntil('the import to finish', async () => {
      const s = await getImport(clerk);
      return s?.status !== 'running' && s;
    });
    expect(status).toMatchObject({
      id: started.id,
      status: 'done',
      created: 1,
      fileName: 'students.csv',
      mode: 'rows',
      duplicates: 'skip',
    });
    expect((await getImport(admin))?.id).toBe(started.id);
    const s1 = first(await app.ctx.db.select().from(studentRows).where(eq(studentRows.username, 's1')))!;
    expect(
      data<{ count: number }>(
        await app.inject({
          method: 'POST',
          url: '/student/repeatdata',
          payload: { usernames: ['s1', 'nobody'] },
          headers: { cookie: admin },
        }),
      ),
    ).toEqual({
      count: 1,
      list: [{ username: 's1', sid: s1.id, source: 'local' }],
    });

    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const other = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect(await getImport(other)).toBeNull();
    expect(
      data<{ count: number }>(
        await app.inject({
          method: 'POST',
          url: '/student/repeatdata',
          payload: { usernames: ['s1'] },
          headers: { cookie: other },
        }),
      ).count,
    ).toBe(0);
    const theirs = data<ImportPreview>(await send('/preview', file, {}, other));
    expect(theirs.duplicates.count).toBe(0);
    expect(theirs.seats.used).toBe(0);
  });

  it('CSV: leading zeros stay, UTF-8 with a BOM and GBK (as Excel in China saves) read alike; unknown columns listed', async () => {
    const rows: Cell[][] = [
      ['用户名', '姓名', '手机', '备注'],
      ['00123', '张三', '013800138000', 'x'],
      ['00456', '李四', '', ''],
    ];
    for (const encoding of ['utf8-bom', 'gbk'] as const) {
      const seen = await preview(csvFile(rows, encoding), { initialPassword: 'start-123' });
      expect(
        seen.columns.map((c) => c.kind),
        encoding,
      ).toEqual(['username', 'name', 'phone']);
      expect(seen.unknownColumns).toEqual(['备注']);
      expect(seen.rows.map((r) => [r.row, r.username, r.name, r.phone])).toEqual([
        [2, '00123', '张三', '013800138000'],
        [3, '00456', '李四', ''],
      ]);
      expect(seen.problems).toEqual([]);
    }
    expect(await students()).toEqual([]);
    const done = await importFile(csvFile(rows, 'gbk'), { initialPassword: 'start-123' });
    expect(done).toMatchObject({ status: 'done', total: 2, processed: 2, created: 2, failed: 0 });
    expect((await students()).map((s) => [s.username, s.name, s.phone])).toEqual([
      ['00123', '张三', '013800138000'],
      ['00456', '李四', ''],
    ]);
    expect(await canLogin('00123', 'start-123')).toBe(true);
  });

  it('XLSX: a number cell is its text (123, not 123.0), a date cell yyyy-MM-dd; fields checked with their kind', async () => {
    await addField('入学日期', 'date');
    await addField('学分', 'number');
    await addField('年级', 'choice', false, ['一年级', '二年级']);
    const file = await xlsxFile([
      ['username', 'name', 'password', 'phone', '入学日期', '学分', '年级'],
      [123, 'Number Name', 'pass-123', 13800138000, new Date(Date.UTC(2024, 2, 5)), 1.5, '二年级'],
      ['b', 'Bad Row', 'pass-123', null, 'yesterday', 'many', '三年级'],
    ]);
    const seen = await preview(file, {}, 'students.xlsx');
    expect(seen.rows[0]).toMatchObject({
      username: '123',
      phone: '13800138000',
      fields: { 入学日期: '2024-03-05', 学分: '1.5', 年级: '二年级' },
      hasPassword: true,
    });
    expect(seen.problems).toEqual([
      { row: 3, field: '入学日期', reason: 'notDate', value: 'yesterday' },
      { row: 3, field: '学分', reason: 'notNumber', value: 'many' },
      { row: 3, field: '年级', reason: 'notChoice', value: '三年级' },
    ]);
    expect(seen.badRows).toBe(1);
    const done = await importFile(file, { mode: 'rows' }, 'students.xlsx');
    expect(done).toMatchObject({ status: 'done', created: 1, failed: 1 });
    expect(done.report.map((p) => p.row)).toEqual([3, 3, 3]);
    expect((await students()).map((s) => [s.username, s.phone])).toEqual([['123', '13800138000']]);
    expect(await valuesOf('123')).toEqual({ 入学日期: '2024-03-05', 学分: '1.5', 年级: '二年级' });
  });

  const MIXED: Cell[][] = [
    ['用户名', '姓名', '密码', '邮箱'],
    ['good1', 'Good One', 'pass-111', 'one@example.com'],
    ['bad', '', 'pass-222', 'not-an-email'],
    ['good2', 'Good Two', '', ''],
    ['good1', 'Again', 'pass-333', ''],
  ];

  it("'all' mode: one bad row and nothing is written; 'rows' mode: the good rows only, the bad ones reported by row", async () => {
    const all = await importFile(csvFile(MIXED), { mode: 'all', initialPassword: 'initial-1' });
    expect(all).toMatchObject({ status: 'failed', message: STUDENT_IMPORT_ERRORS.badRows, created: 0, failed: 2 });
    expect(all.report).toEqual([
      { row: 3, field: '姓名', reason: 'required' },
      { row: 3, field: '邮箱', reason: 'badEmail', value: 'not-an-email' },
      { row: 5, field: '用户名', reason: 'repeatedInFile', value: 'good1 (2)' },
    ]);
    expect(await students()).toEqual([]);

    const rows = await importFile(csvFile(MIXED), { mode: 'rows', initialPassword: 'initial-1' });
    expect(rows).toMatchObject({ status: 'done', total: 4, processed: 4, created: 2, failed: 2, skipped: 0 });
    expect((await students()).map((s) => [s.username, s.name, s.email])).toEqual([
      ['good1', 'Good One', 'one@example.com'],
      ['good2', 'Good Two', ''],
    ]);
    expect(await canLogin('good1', 'pass-111')).toBe(true);
    expect(await canLogin('good2', 'initial-1')).toBe(true);
    // Both new students without their own password share one hash of the initial password.
    const again = await importFile(
      csvFile([
        ['username', 'name'],
        ['n1', 'N1'],
        ['n2', 'N2'],
      ]),
      { initialPassword: 'shared-pw' },
    );
    expect(again.created).toBe(2);
    const hashes = (await students()).filter((s) => s.username.startsWith('n')).map((s) => s.password_hash);
    expect(hashes[0]).toBe(hashes[1]);
  });

  it("a new student without a password and no initial password is the row's problem", async () => {
    const seen = await preview(
      csvFile([
        ['username', 'name', 'password'],
        ['a', 'A', ''],
        ['b', 'B', 'pass-bbb'],
      ]),
    );
    expect(seen.problems).toEqual([{ row: 2, field: 'password', reason: 'passwordRequired' }]);
    expect(seen.seats).toMatchObject({ needed: 1 });
  });

  it("duplicates: 'skip' leaves the student; 'update' changes name, e-mail, groups, fields and the password only when given", async () => {
    const classA = await addGroup('Class A');
    await addGroup('Class B');
    await addField('学号', 'text');
    const old = await buildStudent(app, { username: 'old', name: 'Old Name', password: 'old-pass-1' });
    await sqlRun(app, 'insert into student_group_members (student_id, group_id) values (?, ?)', old.id, classA);
    const file = csvFile([
      ['username', 'name', 'email', 'groups', '学号'],
      ['old', 'New Name', 'new@example.com', 'Class B', '0099'],
      ['fresh', 'Fresh', '', '', ''],
    ]);
    const seen = await preview(file, { duplicates: 'skip', initialPassword: 'initial-1' });
    expect(seen.duplicates).toEqual({ count: 1, sample: ['old'] });
    expect(seen.rows.map((r) => r.exists)).toEqual([true, false]);

    const skipped = await importFile(file, { duplicates: 'skip', initialPassword: 'initial-1' });
    expect(skipped).toMatchObject({ status: 'done', created: 1, skipped: 1, updated: 0 });
    expect((await students()).find((s) => s.username === 'old')?.name).toBe('Old Name');

    const updated = await importFile(file, { duplicates: 'update', initialPassword: 'initial-1' });
    expect(updated).toMatchObject({ status: 'done', created: 0, updated: 2 });
    expect((await students()).find((s) => s.username === 'old')).toMatchObject({
      name: 'New Name',
      email: 'new@example.com',
    });
    expect(await groupsOf('old')).toEqual(['Class B']);
    expect(await valuesOf('old')).toEqual({ 学号: '0099' });
    // No password in the file: the old one still works (the initial password is for new students only).
    expect(await canLogin('old', 'old-pass-1')).toBe(true);

    const session = await login(app, { username: 'old', password: 'old-pass-1' });
    await importFile(
      csvFile([
        ['username', 'name', 'password'],
        ['old', 'New Name', 'changed-1'],
      ]),
      { duplicates: 'update' },
    );
    // A new password from the file signs the student out, like an administrator's reset.
    expect(
      (await app.inject({ method: 'GET', url: '/checkLogin', headers: { cookie: session.cookie } })).json().data.login,
    ).toBe(false);
    expect(await canLogin('old', 'changed-1')).toBe(true);
    // A directory account keeps its password with the directory.
    await sqlRun(app, "update students set source = 'ldap' where username = 'old'");
    const before = (await students()).find((s) => s.username === 'old')!.password_hash;
    await importFile(
      csvFile([
        ['username', 'name', 'password'],
        ['old', 'Dir Name', 'changed-2'],
      ]),
      { duplicates: 'update' },
    );
    expect((await students()).find((s) => s.username === 'old')).toMatchObject({
      name: 'Dir Name',
      password_hash: before,
    });
  });

  it('groups by name or Parent/Child path; an unknown or ambiguous name is a problem, never a new group', async () => {
    const grade = await addGroup('Grade 1');
    await addGroup('Class 1', grade);
    const grade2 = await addGroup('Grade 2');
    await addGroup('Class 1', grade2);
    await addGroup('Choir');
    const file = csvFile([
      ['username', 'name', 'password', 'groups'],
      ['a', 'A', 'pass-aaa', 'Grade 1/Class 1；Choir'],
      ['b', 'B', 'pass-bbb', 'Nowhere, Choir'],
      ['c', 'C', 'pass-ccc', 'Class 1'],
    ]);
    const seen = await preview(file);
    expect(seen.rows[0].groups).toEqual(['Grade 1/Class 1', 'Choir']);
    expect(seen.problems).toEqual([
      { row: 3, field: 'groups', reason: 'unknownGroup', value: 'Nowhere' },
      { row: 4, field: 'groups', reason: 'ambiguousGroup', value: 'Class 1' },
    ]);
    await importFile(file, { mode: 'rows' });
    expect(await groupsOf('a')).toEqual(['Choir', 'Class 1']);
    expect((await students()).map((s) => s.username)).toEqual(['a']);
    expect(((await sqlGet(app, 'select count(*) AS n from student_groups')) as { n: number }).n).toBe(5);
  });

  it('a required custom field: its column missing or its cell empty is a problem of each new row', async () => {
    await addField('班级', 'text', true);
    const missing = await preview(
      csvFile([
        ['username', 'name', 'password'],
        ['a', 'A', 'pass-aaa'],
      ]),
    );
    expect(missing.problems).toEqual([{ row: 2, field: '班级', reason: 'required' }]);
    const empty = await preview(
      csvFile([
        ['username', 'name', 'password', '班级'],
        ['a', 'A', 'pass-aaa', ''],
        ['b', 'B', 'pass-bbb', '三班'],
      ]),
    );
    expect(empty.problems).toEqual([{ row: 2, field: '班级', reason: 'required' }]);
  });

  it('seats: too few → the whole file refused in all mode with nothing written; rows mode fills the seats left', async () => {
    await app.close();
    await setup({ LICENCE_TRIAL_SEATS: 3 });
    await buildStudent(app, { username: 'here' });
    const file = csvFile([
      ['username', 'name'],
      ['a', 'A'],
      ['b', 'B'],
      ['c', 'C'],
    ]);
    expect((await preview(file, { initialPassword: 'initial-1' })).seats).toEqual({ limit: 3, used: 1, needed: 3 });
    const all = await importFile(file, { mode: 'all', initialPassword: 'initial-1' });
    expect(all).toMatchObject({ status: 'failed', message: LICENCE_ERRORS.seatsFull, created: 0 });
    expect((await students()).map((s) => s.username)).toEqual(['here']);
    const rows = await importFile(file, { mode: 'rows', initialPassword: 'initial-1' });
    expect(rows).toMatchObject({ status: 'done', created: 2, failed: 1 });
    expect(rows.report).toEqual([{ row: 4, field: 'username', reason: 'seatsFull', value: 'c' }]);
    expect((await students()).map((s) => s.username)).toEqual(['a', 'b', 'here']);
  });

  it('one import per school at a time: a second while one runs is 409; afterwards it is accepted', async () => {
    const many = csvFile([
      ['username', 'name', 'password'],
      ...Array.from({ length: 40 }, (_, i) => [`u${i}`, `U${i}`, `distinct-${i}`]),
    ]);
    const first = data<{ id: string }>(await send('', many));
    const second = await send(
      '',
      csvFile([
        ['username', 'name', 'password'],
        ['x', 'X', 'pass-xxx'],
      ]),
    );
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ error: STUDENT_IMPORT_ERRORS.running });
    const running = await getImport();
    expect(running).toMatchObject({ id: first.id, status: 'running', total: 40 });
    await waitUntil('the first import to finish', async () => (await getImport())?.status !== 'running');
    expect(await getImport()).toMatchObject({ id: first.id, status: 'done', created: 40 });
    expect(
      (
        await importFile(
          csvFile([
            ['username', 'name', 'password'],
            ['x', 'X', 'pass-xxx'],
          ]),
        )
      ).created,
    ).toBe(1);
    expect((await students()).length).toBe(41);
  });

  it("a write that fails: 'all' records the import failed with the message and writes nothing; 'rows' reports the rows it could not write", async () => {
    await refuseWrites(app, 'refuse_x', 'students', 'disk says no', { when: "new.username like 'x%'" });
    const file = csvFile([
      ['username', 'name', 'password'],
      ['a', 'A', 'pass-aaa'],
      ['x1', 'X', 'pass-xxx'],
      ['b', 'B', 'pass-bbb'],
    ]);
    const all = await importFile(file, { mode: 'all' });
    expect(all).toMatchObject({ status: 'failed', message: 'disk says no', created: 0 });
    expect(all.finishedAt).toBeTypeOf('number');
    expect(await students()).toEqual([]);
    const rows = await importFile(file, { mode: 'rows' });
    expect(rows).toMatchObject({
      status: 'done',
      created: 2,
      failed: 1,
      report: [{ row: 3, field: 'username', reason: 'writeFailed', value: 'x1' }],
    });
    expect((await students()).map((s) => s.username)).toEqual(['a', 'b']);
  });

  it('refusals: not a spreadsheet, no name column, more than 20,000 rows, a bad option', async () => {
    expect((await send('/preview', Buffer.from('PK\u0003\u0004garbage'), {}, admin, 'x.xlsx')).json()).toMatchObject({
      error: STUDENT_IMPORT_ERRORS.badFile,
    });
    const noName = await send(
      '/preview',
      csvFile([
        ['username', 'email'],
        ['a', 'a@example.com'],
      ]),
    );
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ error: STUDENT_IMPORT_ERRORS.missingColumns, data: { missing: ['name'] } });
    const huge = csvFile([['username', 'name'], ...Array.from({ length: 20_001 }, (_, i) => [`u${i}`, 'N'])]);
    const tooMany = await send('/preview', huge);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: STUDENT_IMPORT_ERRORS.tooManyRows });
    expect((await send('/preview', csvFile(MIXED), { mode: 'some' })).statusCode).toBe(400);
    expect((await send('/preview', csvFile(MIXED), { initialPassword: '123' })).statusCode).toBe(400);
    expect(await getImport()).toBeNull();
  });

  it('the template: the header row with the custom fields, as CSV (with BOM) and XLSX', async () => {
    await addField('学号', 'text', true);
    const csv = await app.inject({
      method: 'GET',
      url: '/student/import/template?format=csv',
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body.replace(/^\uFEFF/, '').trim()).toBe('用户名,姓名,密码,邮箱,手机,分组,学号');
    const xlsx = await app.inject({
      method: 'GET',
      url: '/student/import/template?format=xlsx',
      headers: { cookie: admin },
    });
    expect((await readSheet(xlsx.rawPayload))[0]).toEqual(['用户名', '姓名', '密码', '邮箱', '手机', '分组', '学号']);
    // The template, filled in, imports.
    const filled = Buffer.concat([csv.rawPayload, Buffer.from('t1,Tee,pass-ttt,,,,A1\r\n')]);
    expect(await importFile(filled)).toMatchObject({ created: 1 });
  });

  it('the CSV template guards a field name that reads as a formula, and the guarded header still imports into that field', async () => {
    await addField('=SUM(1,2)', 'text', false);
    const csv = await app.inject({
      method: 'GET',
      url: '/student/import/template?format=csv',
      headers: { cookie: admin },
    });
    expect(csv.body.replace(/^\uFEFF/, '').trim()).toBe(`用户名,姓名,密码,邮箱,手机,分组,"'=SUM(1,2)"`);
    const filled = Buffer.concat([csv.rawPayload, Buffer.from('f1,Eff,pass-fff,,,,kept\r\n')]);
    expect(await importFile(filled)).toMatchObject({ created: 1 });
    expect(await valuesOf('f1')).toEqual({ '=SUM(1,2)': 'kept' });
  });
});
