import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { ADMIN, buildStudent, login, makeApp, type TestApp } from '../helpers/app';
import { files, questions, students } from '../../server/db/schema';
import { MULTIPART_ERRORS } from '../../server/plugins/multipart';
import { BOUNDARY, filesUnder, multipartBody } from './uploads-helpers';
import { first } from '../../server/db/client';

/**
 * A malformed form is the client's mistake (rules: a client mistake is a 4xx, never a 500): every call that takes
 * a multipart body answers 400 with a plain envelope error for a body without a boundary and for a body cut short,
 * and writes nothing (no file, no row, no import).
 */
describe('malformed multipart bodies', () => {
  let app: TestApp;
  let admin: string;
  let student: string;

  const calls = [
    { url: '/lan/upload/photo.png', who: 'student', filename: 'photo.png', type: 'image/png' },
    { url: '/stu/avatar', who: 'student', filename: 'me.png', type: 'image/png' },
    { url: '/stu/signature/upload', who: 'student', filename: 'signature.jpeg', type: 'image/jpeg' },
    { url: '/student/import/preview', who: 'admin', filename: 'students.csv', type: 'text/csv' },
    { url: '/student/import', who: 'admin', filename: 'students.csv', type: 'text/csv' },
    { url: '/question/import/preview', who: 'admin', filename: 'bank.xlsx', type: 'application/octet-stream' },
    { url: '/question/import', who: 'admin', filename: 'bank.xlsx', type: 'application/octet-stream' },
    { url: '/resource/upload?cate=0', who: 'admin', filename: 'lesson.pdf', type: 'application/pdf' },
  ] as const;

  const wholeBody = (filename: string, type: string) =>
    multipartBody([
      { name: 'mode', value: 'all' },
      { name: 'file-select', filename, type, data: Buffer.from('username,name\nzhang,张三\n'.repeat(20)) },
    ]).body;

  /** What a failed call must leave as it was. */
  const written = async () => {
    const dataDir = app.ctx.config.dataDir;
    return {
      files: first(await app.ctx.db.select({ n: count() }).from(files))!.n,
      students: first(await app.ctx.db.select({ n: count() }).from(students))!.n,
      questions: first(await app.ctx.db.select({ n: count() }).from(questions))!.n,
      onDisk: [...filesUnder(path.join(dataDir, 'tmp/uploads')), ...filesUnder(path.join(dataDir, 'files/userupload'))],
    };
  };

  beforeAll(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const s = await buildStudent(app);
    student = (await login(app, { username: s.username, password: s.password, role: 'student' })).cookie;
  });
  afterAll(() => app.close());

  for (const call of calls) {
    it(`${call.url}: no boundary in Content-Type → 400, nothing written`, async () => {
      const before = await written();
      const res = await app.inject({
        method: 'POST',
        url: call.url,
        headers: { cookie: call.who === 'admin' ? admin : student, 'content-type': 'multipart/form-data' },
        payload: wholeBody(call.filename, call.type),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ status: 'error', error: MULTIPART_ERRORS.boundary, data: null });
      expect(await written()).toEqual(before);
    });

    it(`${call.url}: body cut short inside the file → 400, nothing written`, async () => {
      const before = await written();
      const whole = wholeBody(call.filename, call.type);
      const cut = whole.subarray(0, whole.length - 60);
      const res = await app.inject({
        method: 'POST',
        url: call.url,
        headers: {
          cookie: call.who === 'admin' ? admin : student,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: cut,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ status: 'error', error: MULTIPART_ERRORS.cutShort, data: null });
      expect(await written()).toEqual(before);
    });
  }

  it('a boundary longer than RFC 2046 allows is refused as a malformed form', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/lan/upload/photo.png',
      headers: { cookie: student, 'content-type': `multipart/form-data; boundary=${'x'.repeat(300)}` },
      payload: wholeBody('photo.png', 'image/png'),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(MULTIPART_ERRORS.boundary);
  });

  it('a body cut inside the part headers is a 400 too', async () => {
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file-select"; filena`);
    const res = await app.inject({
      method: 'POST',
      url: '/stu/avatar',
      headers: { cookie: student, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: head,
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});
