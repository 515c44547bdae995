import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { data, injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { enrol } from '../helpers/learning-factory';
import { signedInStudent } from './records-helpers';
import { multipartBody } from './uploads-helpers';
import { sqlAll, sqlGet, sqlRun } from '../helpers/sql';

type Json = Record<string, unknown>;

/**
 * Signatures and ratings (spec 3 'Signature record', 'Grade payload'; 4 'Signature dialog', 'Rating dialog';
 * 5 Signature, Rating; 7 stu/savesignature, stu/checksignature, grade/add, hasImg, hasVal, chapter grade
 * list/delete, 'Signature images are uploaded as JPEG named signature.jpeg'; 9 rating comment max 100).
 */
describe('signatures and ratings', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  let clock: number;
  beforeEach(async () => {
    clock = new Date(2026, 5, 15, 12, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    ({ post, get } = injectAs(app, null));
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  });
  afterEach(() => app.close());

  const errorOf = (res: { json: () => unknown }) => (res.json() as { error: string }).error;

  /** A published course with two chapters; settings and chapter showgrade as given. */
  const course = async (fields: Json = {}, settings: Json = {}, cookie = admin) => {
    const { coid, code } = data<{ coid: string; code: string }>(
      await post(
        '/course/new',
        { title: 'Feedback course', catid: '0', type: 0, actual: 0, ...fields, settings },
        cookie,
      ),
    );
    const add = async (title: string) =>
      data<{ cid: string }>(await post('/chapter/add', { coid, parent_id: '0', title, type: 4 }, cookie)).cid;
    const first = await add('第一章');
    const second = await add('第二章');
    expect((await post('/course/pub', { coid, pub: '1' }, cookie)).statusCode).toBe(200);
    return { coid, code, first, second };
  };
  const showgrade = async (cid: string, on = true, cookie = admin) =>
    data(await post('/chapter/update', { cid, showgrade: on ? 1 : 0 }, cookie));
  const student = (overrides: Parameters<typeof buildStudent>[1] = {}) => signedInStudent(app, overrides);
  /** The student's course record says the course is finished (what the heartbeats write when the last chapter completes). */
  const finish = (studentId: string, coid: string) =>
    sqlRun(
      app,
      `insert into course_records (student_id, course_id, school_id, last_visit_at, complete_chapter, total_chapter, process, started_at, completed_at, updated_at)
         select ?, id, school_id, ?, 2, 2, 100, ?, ?, ? from courses where id = ?
         on conflict (student_id, course_id) do update set completed_at = excluded.completed_at, process = 100`,
      studentId,
      clock,
      clock,
      clock,
      clock,
      coid,
    );
  const otherSchool = async () => {
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const cookie = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    const made = await buildStudent(app, { schoolId: other.id });
    const studentCookie = (await login(app, { ...made, school: app.ctx.uidCodec.encode(other.id) })).cookie;
    return { ...other, cookie, studentCookie };
  };

  const jpeg = (background = '#eaf4ff') =>
    sharp({ create: { width: 600, height: 216, channels: 3, background } })
      .jpeg({ quality: 80 })
      .toBuffer();
  const png = () =>
    sharp({ create: { width: 600, height: 216, channels: 3, background: '#eaf4ff' } })
      .png()
      .toBuffer();
  const upload = (bytes: Buffer, cookie: string, filename = 'signature.jpeg', field = 'file-select') => {
    const { body, headers: h } = multipartBody([{ name: field, filename, type: 'image/jpeg', data: bytes }]);
    return injectAs(app, cookie).inject({ method: 'POST', url: '/stu/signature/upload', payload: body, headers: h });
  };
  const uploadKey = async (cookie: string, bytes?: Buffer) =>
    data<{ key: string }>(await upload(bytes ?? (await jpeg()), cookie)).key;
  const onDisk = (key: string) => path.join(app.ctx.config.dataDir, key);
  const filesRow = (key: string) => sqlGet<Json>(app, 'select * from files where key = ?', key);

  describe('signature upload (spec 7: JPEG named signature.jpeg, returning a key)', () => {
    it('stores a real JPEG privately under files/userupload/{schoolId}/ and answers its key', async () => {
      const me = await student();
      const key = await uploadKey(me.cookie);
      expect(key).toMatch(new RegExp(`^files/userupload/${(await school(app)).id}/\\d+\\.JPEG$`));
      expect(await filesRow(key)).toMatchObject({
        visibility: 'private',
        original_name: 'signature.jpeg',
        ext: 'JPEG',
        mime: 'image/jpeg',
        uploaded_by: `student:${me.id}`,
      });
      expect((await sharp(fs.readFileSync(onDisk(key))).metadata()).format).toBe('jpeg');
      // Private: never served as a public file.
      expect((await get(`/${key}`)).statusCode).toBe(404);
    });

    it('refuses guests, administrators, and anything that is not a JPEG by its bytes', async () => {
      const me = await student();
      expect((await upload(await jpeg(), '')).statusCode).toBe(401);
      const byAdmin = await upload(await jpeg(), admin);
      expect(byAdmin.statusCode).toBe(403);
      expect(errorOf(byAdmin)).toBe('studentOnly');
      const renamed = await upload(await png(), me.cookie, 'signature.jpeg');
      expect(renamed.statusCode, renamed.body).toBe(415);
      expect(errorOf(renamed)).toBe('not a jpeg image');
      const empty = await upload(Buffer.alloc(0), me.cookie);
      expect(empty.statusCode).toBe(415);
      expect(errorOf(empty)).toBe('not a jpeg image');
      // The JPEG marker alone does not make a picture.
      const fake = await upload(
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
        me.cookie,
      );
      expect(fake.statusCode).toBe(415);
      const wrongName = await upload(await jpeg(), me.cookie, 'signature.png');
      expect(wrongName.statusCode).toBe(415);
      expect(errorOf(wrongName)).toBe('file type not allowed');
      const noFile = await upload(await jpeg(), me.cookie, 'signature.jpeg', 'other-field');
      expect(noFile.statusCode).toBe(400);
      const oversize = await upload(Buffer.concat([await jpeg(), Buffer.alloc(1024 * 1024, 1)]), me.cookie);
      expect(oversize.statusCode, oversize.body).toBe(413);
      // Nothing was stored by the refusals.
      expect(await sqlGet(app, `select count(*) as n from files where uploaded_by = ?`, `student:${me.id}`)).toEqual({
        n: 0,
      });
      expect(fs.readdirSync(path.join(app.ctx.config.dataDir, 'tmp/uploads'))).toEqual([]);
    });

    it('keeps only the picture: bytes after the image (a polyglot tail) are not stored', async () => {
      const me = await student();
      const key = await uploadKey(
        me.cookie,
        Buffer.concat([await jpeg(), Buffer.from('<html><script>alert(1)</script></html>')]),
      );
      expect(fs.readFileSync(onDisk(key)).includes(Buffer.from('<script>'))).toBe(false);
    });

    it('unbound uploads do not pile up: at most four are kept per student', async () => {
      const me = await student();
      const keys: string[] = [];
      for (let i = 0; i < 6; i++) keys.push(await uploadKey(me.cookie));
      const left = (
        await sqlAll<{ key: string }>(
          app,
          `select key from files where uploaded_by = ? order by created_at, id`,
          `student:${me.id}`,
        )
      ).map((r) => r.key);
      expect(left).toEqual(keys.slice(2));
      expect(fs.existsSync(onDisk(keys[0]!))).toBe(false);
    });
  });

  describe('savesignature and checksignature (spec 7: hasImg)', () => {
    it('binds the upload to the course; the student and the school admin see the image through an authenticated address', async () => {
      const c = await course({}, { signature: 1 });
      const me = await student({ name: '李四' });
      expect(data(await get(`/stu/checksignature?coid=${c.code}`, me.cookie))).toEqual({ hasImg: false });
      const key = await uploadKey(me.cookie);
      // Not before the course is finished: a signature attests a finished course.
      const early = await post('/stu/savesignature', { img: key, coid: c.code, cid: c.second }, me.cookie);
      expect(early.statusCode).toBe(403);
      expect(errorOf(early)).toBe('courseNotFinished');
      await finish(me.id, c.coid);
      const saved = data<{ success: boolean; id: string; url: string }>(
        await post('/stu/savesignature', { uid: 'forged', img: key, coid: c.code, cid: c.second }, me.cookie),
      );
      expect(saved).toEqual({ success: true, id: expect.stringMatching(/^\d+$/), url: `/signature/image/${saved.id}` });
      const check = data<{ hasImg: boolean; url: string; time: number }>(
        await get(`/stu/checksignature?coid=${c.coid}`, me.cookie),
      );
      expect(check).toEqual({ hasImg: true, url: saved.url, time: Math.floor(clock / 1000) });
      const image = await get(saved.url, me.cookie);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['cache-control']).toContain('private');
      expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect((await get(saved.url, admin)).statusCode).toBe(200);
      // Nobody else: another student, a guest, another school's admin, a sub-admin without 'course'.
      const other = await student();
      expect((await get(saved.url, other.cookie)).statusCode).toBe(404);
      expect((await get(saved.url)).statusCode).toBe(401);
      expect((await get(saved.url, (await otherSchool()).cookie)).statusCode).toBe(404);
      const sub = await buildSubAdmin(app, ['resource']);
      expect((await get(saved.url, (await login(app, { ...sub, role: 'admin' })).cookie)).statusCode).toBe(403);
      // The row is the spec's record: uid, img, coid, cid.
      expect(await sqlAll(app, 'select student_id, course_id, chapter_id from signatures')).toEqual([
        { student_id: me.id, course_id: c.coid, chapter_id: c.second },
      ]);
    });

    it('signing again replaces the signature; the old image is deleted after the new row is committed', async () => {
      const c = await course({}, { signature: 1 });
      const me = await student();
      await finish(me.id, c.coid);
      const firstKey = await uploadKey(me.cookie);
      const first = data<{ id: string; url: string }>(
        await post('/stu/savesignature', { img: firstKey, coid: c.code, cid: '0' }, me.cookie),
      );
      // The same image saved twice (a double click) is the same signature.
      expect(
        data<{ id: string }>(await post('/stu/savesignature', { img: firstKey, coid: c.code, cid: '0' }, me.cookie)).id,
      ).toBe(first.id);
      clock += 60_000;
      const secondKey = await uploadKey(me.cookie, await jpeg('#ffffff'));
      const second = data<{ id: string; url: string }>(
        await post('/stu/savesignature', { img: secondKey, coid: c.code, cid: '0' }, me.cookie),
      );
      expect(second.id).not.toBe(first.id);
      expect(await sqlGet(app, 'select count(*) as n from signatures')).toEqual({ n: 1 });
      expect(await filesRow(firstKey)).toBeUndefined();
      expect(fs.existsSync(onDisk(firstKey))).toBe(false);
      expect(fs.existsSync(onDisk(secondKey))).toBe(true);
      expect((await get(first.url, me.cookie)).statusCode).toBe(404);
      expect((await get(second.url, me.cookie)).statusCode).toBe(200);
      expect(data<{ url: string }>(await get(`/stu/checksignature?coid=${c.code}`, me.cookie)).url).toBe(second.url);
      // The old key cannot be bound again.
      expect(errorOf(await post('/stu/savesignature', { img: firstKey, coid: c.code, cid: '0' }, me.cookie))).toBe(
        'bad signature image',
      );
    });

    it('refuses what is not this student’s signature upload, a course without signature, and those who may not study the course', async () => {
      const c = await course({}, { signature: 1 });
      const me = await student();
      await finish(me.id, c.coid);
      const mine = await uploadKey(me.cookie);
      const someone = await student();
      const theirs = await uploadKey(someone.cookie);
      const refused = async (payload: Json, cookie: string, status: number, error: string) => {
        const res = await post('/stu/savesignature', payload, cookie);
        expect(res.statusCode, res.body).toBe(status);
        expect(errorOf(res)).toBe(error);
      };
      await refused({ img: theirs, coid: c.code, cid: '0' }, me.cookie, 400, 'bad signature image');
      await refused(
        { img: 'files/userupload/1/2.JPEG', coid: c.code, cid: '0' },
        me.cookie,
        400,
        'bad signature image',
      );
      await refused({ img: '../../etc/passwd', coid: c.code, cid: '0' }, me.cookie, 400, 'bad signature image');
      // A public upload of the same student through lan/upload is not a signature upload.
      const lan = multipartBody([
        { name: 'file-select', filename: 'signature.jpeg', type: 'image/jpeg', data: await jpeg() },
      ]);
      const lanKey = data<{ key: string }>(
        await app.inject({
          method: 'POST',
          url: '/lan/upload/signature.jpeg',
          payload: lan.body,
          headers: { ...lan.headers, cookie: me.cookie },
        }),
      ).key;
      await refused({ img: lanKey, coid: c.code, cid: '0' }, me.cookie, 400, 'bad signature image');
      // A stored file whose bytes were changed afterwards is no longer taken.
      const tampered = await uploadKey(me.cookie);
      fs.writeFileSync(onDisk(tampered), await png());
      await refused({ img: tampered, coid: c.code, cid: '0' }, me.cookie, 400, 'bad signature image');

      const noSignature = await course({ title: 'Plain' });
      await refused({ img: mine, coid: noSignature.code, cid: '0' }, me.cookie, 403, 'signatureOff');
      const paid = await course({ title: 'Paid', actual: 10, price: 10 }, { signature: 1 });
      await refused({ img: mine, coid: paid.code, cid: '0' }, me.cookie, 403, 'endOfTrial');
      // A free audition chapter does not open signing a course not bought.
      data(await post('/chapter/free', { cid: paid.first, free: 1 }, admin));
      await refused({ img: mine, coid: paid.code, cid: paid.first }, me.cookie, 403, 'endOfTrial');
      await enrol(app, me.id, paid.coid);
      await refused({ img: mine, coid: paid.code, cid: paid.first }, me.cookie, 403, 'courseNotFinished');
      await finish(me.id, paid.coid);
      data(await post('/stu/savesignature', { img: mine, coid: paid.code, cid: paid.first }, me.cookie));

      await refused(
        { img: await uploadKey(me.cookie), coid: c.code, cid: noSignature.first },
        me.cookie,
        404,
        'noChapterAlert',
      );
      await refused({ img: mine, coid: c.code, cid: '0' }, '', 401, 'no login');
      await refused({ img: mine, coid: c.code, cid: '0' }, admin, 403, 'studentOnly');
      const other = await otherSchool();
      const foreignKey = await uploadKey(other.studentCookie);
      await refused({ img: foreignKey, coid: c.code, cid: '0' }, other.studentCookie, 403, 'otherSchool');
      expect((await get(`/stu/checksignature?coid=${c.code}`)).statusCode).toBe(401);
      expect((await get(`/stu/checksignature?coid=${c.code}`, admin)).statusCode).toBe(403);
      expect((await get(`/stu/checksignature?coid=garbage!`, me.cookie)).statusCode).toBe(400);
    });
  });

  describe('grade/add and grade/check (spec 4, 5 Rating, 7: hasVal, success flag)', () => {
    it('rates a chapter with showgrade once; hasVal follows; a second rating is 409', async () => {
      const c = await course();
      await showgrade(c.first);
      const me = await student();
      expect(data(await get(`/grade/check?coid=${c.code}&cid=${c.first}`, me.cookie))).toEqual({ hasVal: false });
      const added = data<{ success: boolean; id: string }>(
        await post(
          '/grade/add',
          { uid: 'x', coid: c.code, cid: c.first, score: 4, content: '  讲得很好  ' },
          me.cookie,
        ),
      );
      expect(added).toEqual({ success: true, id: expect.stringMatching(/^\d+$/) });
      expect(await sqlAll(app, 'select student_id, course_id, chapter_id, score, content from grades')).toEqual([
        { student_id: me.id, course_id: c.coid, chapter_id: c.first, score: 4, content: '讲得很好' },
      ]);
      expect(data(await get(`/grade/check?coid=${c.coid}&cid=${c.first}`, me.cookie))).toEqual({ hasVal: true });
      expect(data(await get(`/grade/check?coid=${c.coid}&cid=${c.second}`, me.cookie))).toEqual({ hasVal: false });
      const again = await post('/grade/add', { coid: c.code, cid: c.first, score: 5, content: '再评一次' }, me.cookie);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toBe('already rated');
      // Another student rates on their own.
      const other = await student();
      data(await post('/grade/add', { coid: c.code, cid: c.first, score: 5, content: 'ok' }, other.cookie));
    });

    it('the dialog rules on the server: score required (请先评分), content non-empty (内容不能为空！), at most 100 characters as code points', async () => {
      const c = await course();
      await showgrade(c.first);
      const me = await student();
      const refused = async (payload: Json, status: number, error: string, field?: string) => {
        const res = await post('/grade/add', { coid: c.code, cid: c.first, ...payload }, me.cookie);
        expect(res.statusCode, res.body).toBe(status);
        expect(errorOf(res)).toContain(error);
        if (field) expect((res.json() as { data: Json }).data).toMatchObject({ field, key: error });
        return res;
      };
      const noScore = await refused({ content: '好' }, 400, 'noScore', 'score');
      expect((noScore.json() as { data: { message: string } }).data.message).toBe('请先评分');
      await refused({ score: 0, content: '好' }, 400, 'noScore', 'score');
      await refused({ score: 6, content: '好' }, 400, 'bad input');
      await refused({ score: 2.5, content: '好' }, 400, 'bad input');
      const empty = await refused({ score: 3, content: ' \n\t ' }, 400, 'emptyContent', 'content');
      expect((empty.json() as { data: { message: string } }).data.message).toBe('内容不能为空！');
      await refused({ score: 3 }, 400, 'emptyContent', 'content');
      // 101 characters refused, whether Chinese characters or emoji (two UTF-16 units each).
      await refused({ score: 3, content: '好'.repeat(101) }, 400, 'tooLong', 'content');
      await refused({ score: 3, content: '😀'.repeat(101) }, 400, 'tooLong', 'content');
      await refused({ score: 3, content: 'x'.repeat(401) }, 400, 'bad input');
      expect(await sqlGet(app, 'select count(*) as n from grades')).toEqual({ n: 0 });
      // Exactly 100 is fine (emoji count once each).
      data(await post('/grade/add', { coid: c.code, cid: c.first, score: 1, content: '😀'.repeat(100) }, me.cookie));
      expect(((await sqlGet(app, 'select content from grades')) as { content: string }).content).toBe('😀'.repeat(100));
    });

    it('grading follows showgrade; cid 0 rates the course when one of its chapters takes ratings', async () => {
      const c = await course();
      const me = await student();
      const off = await post('/grade/add', { coid: c.code, cid: c.first, score: 3, content: '好' }, me.cookie);
      expect(off.statusCode).toBe(403);
      expect(errorOf(off)).toBe('gradingOff');
      expect(errorOf(await post('/grade/add', { coid: c.code, cid: '0', score: 3, content: '好' }, me.cookie))).toBe(
        'gradingOff',
      );
      await showgrade(c.second);
      data(await post('/grade/add', { coid: c.code, cid: '0', score: 3, content: '整体不错' }, me.cookie));
      expect(data(await get(`/grade/check?coid=${c.code}&cid=0`, me.cookie))).toEqual({ hasVal: true });
      expect(data(await get(`/grade/check?coid=${c.code}`, me.cookie))).toEqual({ hasVal: true });
    });

    it('refuses guests, administrators, other schools, a chapter of another course and a paid course not bought', async () => {
      const c = await course();
      await showgrade(c.first);
      const paid = await course({ title: 'Paid', actual: 20, price: 20 });
      await showgrade(paid.first);
      const me = await student();
      const refused = async (payload: Json, cookie: string, status: number, error: string) => {
        const res = await post('/grade/add', { score: 3, content: '好', ...payload }, cookie);
        expect(res.statusCode, res.body).toBe(status);
        expect(errorOf(res)).toBe(error);
      };
      await refused({ coid: c.code, cid: c.first }, '', 401, 'no login');
      await refused({ coid: c.code, cid: c.first }, admin, 403, 'studentOnly');
      await refused({ coid: paid.code, cid: paid.first }, me.cookie, 403, 'endOfTrial');
      await refused({ coid: c.code, cid: paid.first }, me.cookie, 404, 'noChapterAlert');
      await refused({ coid: 'nosuchcourse', cid: c.first }, me.cookie, 404, 'not found');
      const other = await otherSchool();
      await refused({ coid: c.code, cid: c.first }, other.studentCookie, 403, 'otherSchool');
      // A free chapter is an audition for anyone of the school, and may be rated; not by another school's student.
      data(await post('/chapter/free', { cid: paid.first, free: 1 }, admin));
      await refused({ coid: paid.code, cid: paid.first }, other.studentCookie, 403, 'otherSchool');
      data(await post('/grade/add', { coid: paid.code, cid: paid.first, score: 3, content: '试听' }, me.cookie));
      expect((await get(`/grade/check?coid=${c.code}&cid=${c.first}`)).statusCode).toBe(401);
      expect((await get(`/grade/check?coid=${c.code}&cid=${c.first}`, admin)).statusCode).toBe(403);
    });
  });

  describe('back office (permission course, school-scoped)', () => {
    const rate = async (c: { code: string }, cid: string, who: { cookie: string }, score: number, content: string) =>
      data(await post('/grade/add', { coid: c.code, cid, score, content }, who.cookie));

    it('lists signatures with the student, chapter, time and image address', async () => {
      const c = await course({}, { signature: 1 });
      const a = await student({ name: '甲' });
      const b = await student({ name: '乙' });
      await finish(a.id, c.coid);
      await finish(b.id, c.coid);
      await post('/stu/savesignature', { img: await uploadKey(a.cookie), coid: c.code, cid: c.second }, a.cookie);
      clock += 1000;
      await post('/stu/savesignature', { img: await uploadKey(b.cookie), coid: c.code, cid: '0' }, b.cookie);
      const list = data<{ list: Json[]; total: number }>(await get(`/course/signature/list?coid=${c.coid}`, admin));
      expect(list.total).toBe(2);
      expect(list.list.map((row) => [row.name, row.cid, row.chapterTitle])).toEqual([
        ['乙', '0', null],
        ['甲', c.second, '第二章'],
      ]);
      expect(list.list[0]).toMatchObject({
        uid: b.id,
        username: b.username,
        time: Math.floor(clock / 1000),
        url: expect.stringMatching(/^\/signature\/image\/\d+$/),
      });
      expect((await get(String(list.list[0]!.url), admin)).statusCode).toBe(200);
      const page2 = data<{ list: Json[]; total: number }>(
        await get(`/course/signature/list?coid=${c.coid}&page=2&num=1`, admin),
      );
      expect(page2.list.map((row) => row.name)).toEqual(['甲']);
    });

    it('lists ratings with the average, filters by chapter, and deletes one (the student may rate again)', async () => {
      const c = await course();
      await showgrade(c.first);
      await showgrade(c.second);
      const a = await student({ name: '甲' });
      const b = await student({ name: '乙' });
      await rate(c, c.first, a, 5, '很好');
      clock += 1000;
      await rate(c, c.first, b, 2, '一般');
      clock += 1000;
      await rate(c, c.second, a, 4, '不错');
      const all = data<{ list: Json[]; total: number; average: number; chapters: Json[] }>(
        await get(`/chapter/grade/list?coid=${c.coid}`, admin),
      );
      expect(all.total).toBe(3);
      expect(all.average).toBe(3.7);
      expect(all.chapters).toEqual([
        { cid: c.first, title: '第一章' },
        { cid: c.second, title: '第二章' },
      ]);
      expect(all.list.map((row) => [row.name, row.score, row.content, row.chapterTitle])).toEqual([
        ['甲', 4, '不错', '第二章'],
        ['乙', 2, '一般', '第一章'],
        ['甲', 5, '很好', '第一章'],
      ]);
      const first = data<{ list: Json[]; total: number; average: number }>(
        await get(`/chapter/grade/list?coid=${c.coid}&cid=${c.first}`, admin),
      );
      expect([first.total, first.average]).toEqual([2, 3.5]);
      const victim = first.list.find((row) => row.name === '乙')!;
      expect(data(await post('/chapter/grade/delete', { ids: [victim.id] }, admin))).toEqual({ deleted: 1 });
      const after = data<{ total: number; average: number }>(
        await get(`/chapter/grade/list?coid=${c.coid}&cid=${c.first}`, admin),
      );
      expect([after.total, after.average]).toEqual([1, 5]);
      expect(data(await get(`/grade/check?coid=${c.code}&cid=${c.first}`, b.cookie))).toEqual({ hasVal: false });
      await rate(c, c.first, b, 3, '再评');
      // Unknown ids: 404, nothing deleted (all or nothing).
      const mixed = await post(
        '/chapter/grade/delete',
        { ids: [String(all.list[0]!.id), '123456789012345678'] },
        admin,
      );
      expect(mixed.statusCode).toBe(404);
      expect(data<{ total: number }>(await get(`/chapter/grade/list?coid=${c.coid}`, admin)).total).toBe(3);
      const empty = data<{ list: Json[]; total: number; average: number | null }>(
        await get(`/chapter/grade/list?coid=${(await course({ title: 'Empty' })).coid}`, admin),
      );
      expect(empty).toMatchObject({ list: [], total: 0, average: null });
    });

    it('another school, a sub-admin without course, a student and a guest are refused', async () => {
      const c = await course({}, { signature: 1 });
      await showgrade(c.first);
      const a = await student();
      await rate(c, c.first, a, 5, '很好');
      const gradeId = String(
        data<{ list: Json[] }>(await get(`/chapter/grade/list?coid=${c.coid}`, admin)).list[0]!.id,
      );
      const other = await otherSchool();
      expect((await get(`/course/signature/list?coid=${c.coid}`, other.cookie)).statusCode).toBe(404);
      expect((await get(`/chapter/grade/list?coid=${c.coid}`, other.cookie)).statusCode).toBe(404);
      expect((await post('/chapter/grade/delete', { ids: [gradeId] }, other.cookie)).statusCode).toBe(404);
      const sub = await buildSubAdmin(app, ['resource']);
      const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
      expect((await get(`/course/signature/list?coid=${c.coid}`, subCookie)).statusCode).toBe(403);
      expect((await get(`/chapter/grade/list?coid=${c.coid}`, subCookie)).statusCode).toBe(403);
      expect((await post('/chapter/grade/delete', { ids: [gradeId] }, subCookie)).statusCode).toBe(403);
      expect((await get(`/chapter/grade/list?coid=${c.coid}`, a.cookie)).statusCode).toBe(403);
      expect((await get(`/chapter/grade/list?coid=${c.coid}`)).statusCode).toBe(401);
      expect((await post('/chapter/grade/delete', { ids: [gradeId] })).statusCode).toBe(401);
      // A sub-admin holding 'course' works as the main admin does.
      const courseSub = await buildSubAdmin(app, ['course']);
      const courseSubCookie = (await login(app, { ...courseSub, role: 'admin' })).cookie;
      expect(data<{ total: number }>(await get(`/chapter/grade/list?coid=${c.coid}`, courseSubCookie)).total).toBe(1);
      expect(data(await post('/chapter/grade/delete', { ids: [gradeId] }, courseSubCookie))).toEqual({ deleted: 1 });
      // Another school's admin does not see this school's course, even by its id.
      const theirs = await course({ title: 'Theirs' }, {}, other.cookie);
      expect((await get(`/chapter/grade/list?coid=${theirs.coid}`, admin)).statusCode).toBe(404);
    });
  });

  it('the calls are in the OpenAPI document', async () => {
    const doc = data<never>(await get('/openapi.json')) ?? (await get('/openapi.json')).json();
    const paths = Object.keys((doc as { paths: Json }).paths);
    for (const p of [
      '/stu/signature/upload',
      '/stu/savesignature',
      '/stu/checksignature',
      '/grade/add',
      '/grade/check',
      '/course/signature/list',
      '/chapter/grade/list',
      '/chapter/grade/delete',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
