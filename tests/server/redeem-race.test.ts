/**
 * The last use of a code or an enrolment key, claimed at the same moment over HTTP against the real app
 * (issue 15: 'two students redeeming the last use at the same moment get exactly one success').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDEEM_ERRORS } from '../../shared/schemas/redeem';
import { useCode, useKey } from '../../server/modules/redeem/redeem.repository';
import { makeApp, type TestApp } from '../helpers/factories';
import { data, envelope, injectAs, type Reply } from '../helpers/kit';
import { adminCookie, learnCourse, signedInStudent } from './records-helpers';
import { sqlGet } from '../helpers/sql';

describe('racing for the last use', () => {
  let app: TestApp;
  let admin: string;

  const codesFor = async (coid: string, count: number, uses: number) => {
    const batch = data<{ id: string }>(
      await injectAs(app, admin).post('/code/batch/add', { kind: 'course', id: coid, count, uses }),
    );
    const list = data<{ list: { code: string; used: number }[] }>(
      await injectAs(app, admin).get(`/code/list?batch=${batch.id}`),
    );
    return { batch: batch.id, codes: list.list.map((row) => row.code) };
  };
  const students = (n: number) => Promise.all(Array.from({ length: n }, () => signedInStudent(app)));
  const outcome = (replies: Reply[]) => ({
    ok: replies.filter((res) => res.statusCode === 200).length,
    errors: [...new Set(replies.filter((res) => res.statusCode !== 200).map((res) => envelope(res).error))],
  });
  const count = async (sql: string, ...args: string[]) => ((await sqlGet(app, sql, ...args)) as { n: number }).n;

  beforeAll(async () => {
    app = await makeApp();
    admin = await adminCookie(app);
  });
  afterAll(() => app.close());

  it('two students redeeming the last use of a code at once: exactly one success', async () => {
    const course = await learnCourse(app, admin, { title: 'Race', actual: 20 });
    const { codes } = await codesFor(course.coid, 1, 1);
    const [a, b] = await students(2);
    const replies = await Promise.all([a, b].map((s) => injectAs(app, s.cookie).post('/redeem', { code: codes[0] })));
    expect(outcome(replies)).toEqual({ ok: 1, errors: [REDEEM_ERRORS.codeUsedUp] });
    expect(await count('select used as n from redeem_codes where code = ?', codes[0].replace(/-/g, ''))).toBe(1);
    expect(
      await count("select count(*) as n from course_grants where course_id = ? and via = 'code'", course.coid),
    ).toBe(1);
  });

  it('forty students for a code of five uses, and one student clicking twice: the uses are never exceeded', async () => {
    const course = await learnCourse(app, admin, { title: 'Race many', actual: 20 });
    const { codes, batch } = await codesFor(course.coid, 2, 5);
    const crowd = await students(40);
    const replies = await Promise.all(crowd.map((s) => injectAs(app, s.cookie).post('/redeem', { code: codes[0] })));
    expect(outcome(replies)).toEqual({ ok: 5, errors: [REDEEM_ERRORS.codeUsedUp] });
    const [twice] = await students(1);
    const double = await Promise.all([1, 2].map(() => injectAs(app, twice.cookie).post('/redeem', { code: codes[1] })));
    expect(outcome(double).ok).toBe(1);
    expect(await count('select sum(used) as n from redeem_codes where batch_id = ?', batch)).toBe(6);
    expect(await count('select count(*) as n from code_redemptions where batch_id = ?', batch)).toBe(6);
  });

  it('the guarded use itself refuses a use past the limit, whatever the caller read before', async () => {
    const course = await learnCourse(app, admin, { title: 'Guard', actual: 20 });
    const { codes } = await codesFor(course.coid, 1, 2);
    const code = codes[0].replace(/-/g, '');
    const id = ((await sqlGet(app, 'select id from redeem_codes where code = ?', code)) as { id: string }).id;
    expect([await useCode(app.ctx.db, id), await useCode(app.ctx.db, id), await useCode(app.ctx.db, id)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await count('select used as n from redeem_codes where id = ?', id)).toBe(2);
    data(await injectAs(app, admin).post('/key/set', { coid: course.coid, secret: 'guarded', max_uses: 1 }));
    const key = (
      (await sqlGet(app, 'select id from enrolment_keys where course_id = ?', course.coid)) as { id: string }
    ).id;
    expect([await useKey(app.ctx.db, key), await useKey(app.ctx.db, key)]).toEqual([true, false]);
    expect(await count('select used as n from enrolment_keys where id = ?', key)).toBe(1);
  });

  it('ten students typing a key of three uses at once: exactly three enrol', async () => {
    const course = await learnCourse(app, admin, { title: 'Race key', actual: 20 });
    data(await injectAs(app, admin).post('/key/set', { coid: course.coid, secret: 'open-sesame', max_uses: 3 }));
    const crowd = await students(10);
    const replies = await Promise.all(
      crowd.map((s) => injectAs(app, s.cookie).post('/enrol/key', { coid: course.coid, key: 'open-sesame' })),
    );
    expect(outcome(replies)).toEqual({ ok: 3, errors: [REDEEM_ERRORS.keyUsedUp] });
    expect(await count('select used as n from enrolment_keys where course_id = ?', course.coid)).toBe(3);
    expect(
      await count("select count(*) as n from course_grants where course_id = ? and via = 'key'", course.coid),
    ).toBe(3);
  });
});
