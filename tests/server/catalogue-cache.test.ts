import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { enrol } from '../helpers/learning-factory';

describe('cached public catalogue replies: ETag, 304, invalidation, and no viewer data shared', () => {
  let app: TestApp;
  let admin: string;
  let api: Caller;
  let visitor: Caller;
  let coid: string;
  let code: string;
  let catid: string;
  beforeEach(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    // Writes come from the main admin and reads from a guest unless another user is named.
    api = injectAs(app, admin);
    visitor = injectAs(app, null);
    catid = (await api.post('/course/category', { title: 'Cat' })).json().data.catid;
    ({ coid, code } = (
      await api.post('/course/new', { title: 'Cached', catid, type: 0, actual: 10, price: 20 })
    ).json().data);
    await api.post('/course/pub', { coid, pub: '1' });
  });
  afterEach(() => app.close());

  /** The public reads, each as a function of extra headers. */
  const reads = async () => {
    const { id, hashUID } = await school(app);
    return {
      catelist: (h: Record<string, string> = {}) => visitor.get(`/course/catelist?uid=${hashUID}`, '', h),
      cates: (h: Record<string, string> = {}) => visitor.get(`/course/cates?uid=${id}&catid=0`, '', h),
      bycate: (h: Record<string, string> = {}) => api.post('/course/bycate', { uid: id, page: 1, num: 500 }, '', h),
      search: (h: Record<string, string> = {}) => api.post('/course/search', { uid: id, keyword: 'Cach' }, '', h),
      hot: (h: Record<string, string> = {}) => visitor.get(`/watch/hot/${hashUID}`, '', h),
      info: (h: Record<string, string> = {}) => visitor.get(`/course/info/${code}`, '', h),
    };
  };

  it('every public read answers with an ETag and 304 when If-None-Match holds it', async () => {
    for (const [name, read] of Object.entries(await reads())) {
      const first = await read();
      expect(first.statusCode, name).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      const etag = first.headers.etag as string;
      expect(etag, name).toMatch(/^W\/".+"$/);
      expect(first.json()).toMatchObject({ status: 'ok', error: null });
      const again = await read();
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(etag);
      const cached = await read({ 'if-none-match': etag });
      expect(cached.statusCode, name).toBe(304);
      expect(cached.body).toBe('');
      expect((await read({ 'if-none-match': `W/"other", ${etag}` })).statusCode).toBe(304);
      expect((await read({ 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);
    }
  });

  it('a write gives fresh bodies and ETags; the old ETag no longer answers 304', async () => {
    const before = Object.fromEntries(
      await Promise.all(
        Object.entries(await reads()).map(async ([name, read]) => [name, (await read()).headers.etag as string]),
      ),
    );
    await api.post('/course/save', { coid, values: { title: 'Cached renamed' } });
    await api.post('/course/cate/update', { catid, title: 'Cat renamed' });
    for (const [name, read] of Object.entries(await reads())) {
      const res = await read({ 'if-none-match': before[name] });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers.etag, name).not.toBe(before[name]);
    }
    expect((await (await reads()).bycate()).json().data.courseData[0].title).toBe('Cached renamed');
    expect((await (await reads()).catelist()).json().data.cates[0].title).toBe('Cat renamed');
  });

  it('each kind of write invalidates: publish, delete, pin, chapters, categories', async () => {
    const { bycate, info, catelist } = await reads();
    const etag = async (read: () => ReturnType<typeof bycate>) => (await read()).headers.etag as string;

    let tag = await etag(info);
    await api.post('/chapter/add', { coid, title: 'Free one', type: 1 });
    const cid = (await api.get(`/course/chapter/${coid}`)).json().data.chapters[0].cid;
    await api.post('/chapter/free', { cid, free: 1 });
    expect(await etag(info)).not.toBe(tag);
    expect((await info()).json().data.hasFreeChapter).toBe(true);

    tag = await etag(bycate);
    await api.post('/course/pub', { coid, pub: '0' });
    expect((await bycate()).json().data.total).toBe(0);
    expect((await info()).statusCode).toBe(404);
    await api.post('/course/pub', { coid, pub: '1' });
    expect(await etag(bycate)).toBe(tag);

    tag = await etag(catelist);
    await api.post('/course/category', { title: 'Another' });
    expect(await etag(catelist)).not.toBe(tag);

    await api.post('/course/delete', { coids: [coid] });
    expect((await bycate()).json().data.total).toBe(0);
    expect((await info()).json().error).toBe('course removed');
  });

  it('viewer fields are computed per request, never taken from another viewer', async () => {
    const buyer = await buildStudent(app);
    const other = await buildStudent(app);
    const buyerCookie = (await login(app, buyer)).cookie;
    const otherCookie = (await login(app, other)).cookie;
    await enrol(app, buyer.id, coid, Date.now());
    await api.post('/collectcourse', { uid: (await school(app)).id, coid, collect: 1 }, buyerCookie);

    const view = async (cookie: string) => (await visitor.get(`/course/info/${code}`, cookie)).json().data;
    const mine = await view(buyerCookie);
    const theirs = await view(otherCookie);
    const guest = await view('');
    expect(mine).toMatchObject({ isbuy: true, isCollect: true, courseStatus: 0, refusal: null });
    expect(theirs).toMatchObject({ isbuy: false, isCollect: false, courseStatus: 3, refusal: null });
    expect(guest).toMatchObject({ isbuy: false, isCollect: false, courseStatus: 3, refusal: 'noLogin' });
    // The shared part is the same for everyone.
    expect(mine.title).toBe(guest.title);
    expect(mine.discount).toEqual(guest.discount);

    // Different viewers get different ETags, so one's 304 never serves the other's fields.
    const buyerTag = (await visitor.get(`/course/info/${code}`, buyerCookie)).headers.etag as string;
    const otherTag = (await visitor.get(`/course/info/${code}`, otherCookie)).headers.etag as string;
    expect(buyerTag).not.toBe(otherTag);
    expect((await visitor.get(`/course/info/${code}`, otherCookie, { 'if-none-match': buyerTag })).statusCode).toBe(
      200,
    );
    expect((await visitor.get(`/course/info/${code}`, buyerCookie, { 'if-none-match': buyerTag })).statusCode).toBe(
      304,
    );

    await api.post('/collectcourse', { uid: (await school(app)).id, coid, collect: 0 }, buyerCookie);
    expect((await view(buyerCookie)).isCollect).toBe(false);
    expect((await visitor.get(`/course/info/${code}`, buyerCookie, { 'if-none-match': buyerTag })).statusCode).toBe(
      200,
    );
  });

  it("a student's reply is kept, yet follows their purchases, the course's edits and the clock", async () => {
    const student = await buildStudent(app);
    const cookie = (await login(app, student)).cookie;
    const view = async () => (await visitor.get(`/course/info/${code}`, cookie)).json().data;
    expect(await view()).toMatchObject({ isbuy: false, courseStatus: 3, title: 'Cached' });
    // A raw insert (no service call) reaches the kept reply through the change feed.
    await enrol(app, student.id, coid, Date.now());
    expect(await view()).toMatchObject({ isbuy: true, courseStatus: 0 });
    await api.post('/course/save', { coid, values: { title: 'Renamed' } });
    expect(await view()).toMatchObject({ isbuy: true, title: 'Renamed' });
  });

  it('a kept student reply is at most 10 s behind the clock (the status of a validity that ends)', async () => {
    let clock = Date.now();
    const timed = await makeApp({}, { now: () => clock });
    try {
      const cookieOf = async () => (await login(timed, { ...ADMIN, role: 'admin' })).cookie;
      const adminCookie = await cookieOf();
      const call = (url: string, payload: object) =>
        timed.inject({ method: 'POST', url, payload, headers: { cookie: adminCookie } });
      const cat = (await call('/course/category', { title: 'Cat' })).json().data.catid;
      const made = (await call('/course/new', { title: 'One day', catid: cat, type: 0, actual: 10, price: 10 })).json()
        .data;
      await call('/course/save', { coid: made.coid, values: { ce_type: 1, ce_time: 1 } });
      await timed.inject({
        method: 'POST',
        url: '/course/pub',
        payload: { coid: made.coid, pub: '1' },
        headers: { cookie: adminCookie },
      });
      const student = await buildStudent(timed);
      const cookie = (await login(timed, student)).cookie;
      // Bought a day ago, less three seconds: still valid now, over in three seconds.
      await enrol(timed, student.id, made.coid, clock - 86_400_000 + 3000);
      const status = async () =>
        (await injectAs(timed, cookie).get(`/course/info/${made.code}`)).json().data.courseStatus;
      expect(await status()).toBe(0);
      clock += 11_000;
      expect(await status()).not.toBe(0);
    } finally {
      await timed.close();
    }
  });

  it('cached replies are gzipped once for clients that accept it; a reply made for one viewer is not', async () => {
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    // Replies under 1 KB go as they are: make both long enough.
    await api.post('/course/descr', { coid, description: `<p>${'描述'.repeat(400)}</p>` });
    for (let i = 0; i < 6; i++) {
      const more = (await api.post('/course/new', { title: `More ${i}`, catid, type: 0 })).json().data;
      await api.post('/course/pub', { coid: more.coid, pub: '1' });
    }
    for (const read of [(await reads()).bycate, (await reads()).info]) {
      const plain = await read();
      const packed = await read(gzip);
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(packed.headers.vary).toBe('accept-encoding');
      expect(packed.headers.etag).toBe(plain.headers.etag);
      expect(gunzipSync(packed.rawPayload).toString()).toBe(plain.body);
      expect((await read({ 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    }
    const student = (await login(app, await buildStudent(app))).cookie;
    const own = await visitor.get(`/course/info/${code}`, student, gzip);
    expect(own.headers['content-encoding']).toBeUndefined();
    expect(own.json().data.title).toBe('Cached');
  });

  it('an administrator’s draft is never cached for students', async () => {
    const draft = (await api.post('/course/new', { title: 'Draft', catid, type: 0 })).json().data;
    const adminView = await api.get(`/course/info/${draft.code}`);
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json().data.published).toBe(false);
    expect((await visitor.get(`/course/info/${draft.code}`)).statusCode).toBe(404);
    expect((await api.post('/course/bycate', { uid: (await school(app)).id }, '')).json().data.total).toBe(1);
  });
});
