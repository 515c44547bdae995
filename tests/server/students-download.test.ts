import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { buildStudentField } from '../helpers/factories';

/** GET student/download: the filtered list as XLSX and CSV. */
describe('student/download', () => {
  let app: TestApp;
  let admin: string;
  let gid: string;
  let city: string;

  beforeEach(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    gid = app.ctx.ids.next();
    await insertGroup(app.ctx.db, {
      id: gid,
      schoolId: (await school(app)).id,
      parentId: null,
      name: '一班',
      position: 0,
      createdAt: 1,
    });
    city = await buildStudentField(app, { name: '城市' });
    const add = (body: object) =>
      app.inject({
        method: 'POST',
        url: '/student/add',
        headers: { cookie: admin },
        payload: { password: 'secret-1', gids: [], ...body },
      });
    expect(
      (
        await add({
          username: 'zhang',
          name: '张三',
          email: 'z@example.com',
          phone: '+86 138',
          gids: [gid],
          infoStr: JSON.stringify([{ sfid: city, value: '北京, 朝阳' }]),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await add({
          username: 'evil',
          name: '=HYPERLINK("http://x","y")',
          infoStr: JSON.stringify([{ sfid: city, value: '@SUM(A1)' }]),
        })
      ).statusCode,
    ).toBe(200);
    expect((await add({ username: 'quote', name: 'Say "hi"\nthere' })).statusCode).toBe(200);
  });
  afterEach(() => app.close());

  const download = (query: string, cookie = admin, locale = 'zh-CN') =>
    app.inject({
      method: 'GET',
      url: `/student/download?${query}`,
      headers: { cookie: `${cookie}; lx_locale=${locale}` },
    });

  it('CSV: UTF-8 with BOM, quoted cells, formula-like cells neutralised, every column and custom field, the filters applied', async () => {
    const res = await download('format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="students-\d{8}-\d{4}\.csv"; filename\*=UTF-8''/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.rawPayload.subarray(3).toString('utf8'), { relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual(['用户名', '姓名', '邮箱', '手机号', '分组', '来源', '状态', '创建时间', '城市']);
    const byUser = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(rows).toHaveLength(4);
    expect(byUser.get('zhang')!.slice(0, 7)).toEqual([
      'zhang',
      '张三',
      'z@example.com',
      "'+86 138",
      '一班',
      '本地账号',
      '已启用',
    ]);
    expect(byUser.get('zhang')![8]).toBe('北京, 朝阳');
    expect(byUser.get('evil')![1]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(byUser.get('evil')![8]).toBe("'@SUM(A1)");
    expect(byUser.get('quote')![1]).toBe('Say "hi"\nthere');

    // The list's filters: group, keyword, status.
    const grouped = parse(
      (await download(`format=csv&gid=${gid}`)).rawPayload.subarray(3).toString('utf8'),
    ) as string[][];
    expect(grouped.slice(1).map((row) => row[0])).toEqual(['zhang']);
    const keyword = parse(
      (await download('format=csv&keyword=quo')).rawPayload.subarray(3).toString('utf8'),
    ) as string[][];
    expect(keyword.slice(1).map((row) => row[0])).toEqual(['quote']);
    const disabled = parse(
      (await download('format=csv&status=disabled')).rawPayload.subarray(3).toString('utf8'),
    ) as string[][];
    expect(disabled).toHaveLength(1);
  });

  it('XLSX: the same rows in a sheet, headings in English with the English locale, formula-like text neutralised', async () => {
    const res = await download('format=xlsx', admin, 'en-gb');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['User name', 'Name', 'Email', 'Phone', 'Groups', 'Source', 'Status', 'Created', '城市']);
    const evil = rows.find((row) => row[0] === 'evil')!;
    expect(evil[1]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(evil[8]).toBe("'@SUM(A1)");
    const zhang = rows.find((row) => row[0] === 'zhang')!;
    expect(zhang.slice(4, 7)).toEqual(['一班', 'Local account', 'Enabled']);
    expect(rows).toHaveLength(4);
  });

  it('roles: guest 401, student 403, sub-admin without student 403; another school gets only its own (empty) list', async () => {
    expect((await app.inject({ method: 'GET', url: '/student/download?format=csv' })).statusCode).toBe(401);
    const s = await buildStudent(app);
    expect(
      (
        await download(
          'format=csv',
          (
            await login(app, { username: s.username, password: s.password, role: 'student' })
          ).cookie,
        )
      ).statusCode,
    ).toBe(403);
    const sub = await buildSubAdmin(app, ['course']);
    expect((await download('format=csv', (await login(app, { ...sub, role: 'admin' })).cookie)).statusCode).toBe(403);
    const withPerm = await buildSubAdmin(app, ['student']);
    expect((await download('format=xlsx', (await login(app, { ...withPerm, role: 'admin' })).cookie)).statusCode).toBe(
      200,
    );
    await createSchool(app.ctx, { name: 'Other school', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const foreign = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    const theirs = parse((await download('format=csv', foreign)).rawPayload.subarray(3).toString('utf8')) as string[][];
    expect(theirs).toHaveLength(1);
    expect(theirs[0]![0]).toBe('用户名');
    expect((await download('format=pdf')).statusCode).toBe(400);
  });
});
