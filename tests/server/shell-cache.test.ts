import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zBootstrap } from '../../shared/schemas/bootstrap';
import { buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { sqlRun } from '../helpers/sql';

/** Reads the bootstrap JSON the shell embeds. */
function bootstrapOf(html: string) {
  const match = /<script type="application\/json" id="bootstrap">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no bootstrap in shell');
  return zBootstrap.parse(JSON.parse(match[1]));
}

/**
 * The shell's school and student pieces and its rendered pages are kept in memory (server/modules/pages
 * bootstrap-cache). Whatever writes the rows they come from, the very next page must show the change: these
 * tests write behind the app's back with raw SQL, the way a later module or an administrator's tool would.
 */
describe('the shell page stays exact while it is kept in memory', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await makeApp();
  });
  afterEach(() => app.close());

  const sql = (text: string, ...args: unknown[]) => sqlRun(app, text, ...args);
  const page = async (cookie?: string, urlGiven?: string, headers: Record<string, string> = {}) => {
    const url = urlGiven ?? `/u/${(await school(app)).hashUID}`;
    const res = await injectAs(app, cookie).get(url, undefined, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return { html: res.body, data: bootstrapOf(res.body) };
  };

  it("follows the school's name, settings and custom fields", async () => {
    const { id } = await school(app);
    expect((await page()).data).toMatchObject({
      schoolName: (await school(app)).name,
      registerEnabled: false,
      signUpURL: '',
      phone: '',
    });

    await sql(
      `update schools set name = ?, settings = ? where id = ?`,
      'Renamed <School>',
      JSON.stringify({ phone: '123', registration: true }),
      id,
    );
    const renamed = await page();
    expect(renamed.data).toMatchObject({ schoolName: 'Renamed <School>', registerEnabled: true, phone: '123' });
    expect(renamed.data.signUpURL).toContain('register=1');
    expect(renamed.html).toContain('<title>Renamed &#60;School&#62;</title>');

    const fieldId = app.ctx.ids.next();
    await sql(
      `insert into student_fields (id, school_id, name, kind, required, position, created_at) values (?, ?, 'Dept', 'text', 1, 0, ?)`,
      fieldId,
      id,
      Date.now(),
    );
    expect((await page()).data.fieldSet.map((field) => field.name)).toEqual(['Dept']);
    await sql(`delete from student_fields where id = ?`, fieldId);
    expect((await page()).data.fieldSet).toEqual([]);
  });

  it("follows the signed-in student's row, groups and field values", async () => {
    const { id: schoolId } = await school(app);
    const fieldId = app.ctx.ids.next();
    await sql(
      `insert into student_fields (id, school_id, name, kind, required, position, created_at) values (?, ?, 'Dept', 'text', 1, 0, ?)`,
      fieldId,
      schoolId,
      Date.now(),
    );
    const student = await buildStudent(app, { name: 'Ann' });
    const { cookie } = await login(app, student);
    expect((await page(cookie)).data).toMatchObject({ role: 'student', haveSetSfields: false, studentFields: [] });

    // One write at a time: each must be heard on its own.
    await sql(
      `insert into student_field_values (student_id, field_id, value) values (?, ?, 'Maths')`,
      student.id,
      fieldId,
    );
    expect((await page(cookie)).data).toMatchObject({
      haveSetSfields: true,
      studentFields: [{ sfid: fieldId, value: 'Maths' }],
    });
    await sql(`update students set name = 'Ann B' where id = ?`, student.id);
    expect((await page(cookie)).data.userData.sname).toBe('Ann B');
    const groupId = app.ctx.ids.next();
    await sql(
      `insert into student_groups (id, school_id, name, position, created_at) values (?, ?, 'G', 0, ?)`,
      groupId,
      schoolId,
      Date.now(),
    );
    await sql(`insert into student_group_members (student_id, group_id) values (?, ?)`, student.id, groupId);
    expect((await page(cookie)).data.userData.gid).toEqual([groupId]);

    // The group deleted (its membership goes by cascade) and the student removed: a guest page from then on.
    await sql(`delete from student_groups where id = ?`, groupId);
    expect((await page(cookie)).data.userData.gid).toEqual([]);
    await sql(`delete from students where id = ?`, student.id);
    expect((await page(cookie)).data).toMatchObject({ role: 'guest', studentFields: [], haveSetSfields: true });
  });

  it('exam mode follows exams as they are published and deleted', async () => {
    const { id: schoolId } = await school(app);
    const student = await buildStudent(app);
    const { cookie } = await login(app, student);
    expect((await page(cookie)).data.examModel).toBe(false);

    const now = Date.now();
    await sql(
      `insert into papers (id, school_id, title, created_at, updated_at) values ('p1', ?, 'Paper', ?, ?)`,
      schoolId,
      now,
      now,
    );
    await sql(
      `insert into exams (id, school_id, paper_id, category_id, title, duration_sec, status, created_at, updated_at)
       values ('e1', ?, 'p1', 'c1', 'Exam', 600, 'published', ?, ?)`,
      schoolId,
      now,
      now,
    );
    expect((await page(cookie)).data.examModel).toBe(true);
    await sql(`update exams set deleted = 1 where id = 'e1'`);
    expect((await page(cookie)).data.examModel).toBe(false);
  });

  it('never gives one reader the page made for another, or for another address, language or system', async () => {
    const ann = await buildStudent(app, { name: 'Ann' });
    const bob = await buildStudent(app, { name: 'Bob' });
    const annCookie = (await login(app, ann)).cookie;
    const bobCookie = (await login(app, bob)).cookie;
    for (let round = 0; round < 2; round++) {
      expect((await page(annCookie)).data.userData.sname).toBe('Ann');
      expect((await page(bobCookie)).data.userData.sname).toBe('Bob');
      expect((await page()).data).toMatchObject({ role: 'guest', userData: { sid: '0' } });
    }
    const home = `/u/${(await school(app)).hashUID}`;
    expect((await page(undefined, `${home}?model=yks`)).data.model).toBe('yks');
    expect((await page(undefined, home)).data.model).toBe('');
    expect((await page(undefined, home, { cookie: 'lx_locale=en-gb' })).data.locale).toBe('en-gb');
    expect((await page(undefined, home, { 'user-agent': 'Mozilla/5.0 (iPhone)' })).data.systom).toBe('iOS');
    expect((await page(undefined, home, { host: 'other.example' })).data.websiteURL).toBe('http://other.example');
    expect((await page(undefined, home)).data).toMatchObject({
      locale: 'zh-CN',
      systom: 'Other',
      websiteURL: 'http://localhost:80',
    });
  });
});
