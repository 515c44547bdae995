import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { enrol } from '../helpers/learning-factory';

/** A paid graphic course's text is paid content: course/info carries its lead only (spec 4 Graphic, 6). */
describe('graphic course text: course/info lead and GET course/graphic/{id}', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  const TEXT =
    '<p>导读：本课讲清楚三件事。</p><h3>第一节 倾听</h3><p>付费正文一：先听后说。</p><h3>第二节 表达</h3><p>付费正文二：结论先行。</p>';
  beforeEach(async () => {
    app = await makeApp();
    ({ get } = injectAs(app, null));
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    ({ post } = injectAs(app, admin));
  });
  afterEach(() => app.close());

  const graphic = async (actual: number, description = TEXT, type = 4) => {
    const catid = (await post('/course/category', { title: 'C' })).json().data.catid;
    const { coid, code } = (
      await post('/course/new', { title: `图文 ${actual}`, catid, type, actual, price: actual })
    ).json().data;
    await post('/course/save', { coid, description });
    await post('/course/pub', { coid, pub: '1' }, admin);
    return { coid, code };
  };

  it('a paid one: everyone gets only the lead in course/info; the text goes to its owners and administrators', async () => {
    const { coid, code } = await graphic(9.9);
    const guestInfo = (await get(`/course/info/${code}`)).json().data;
    expect(guestInfo.description).toBe('<p>导读：本课讲清楚三件事。</p>');
    expect(JSON.stringify(guestInfo)).not.toContain('付费正文');

    expect((await get(`/course/graphic/${code}`)).statusCode).toBe(401);
    const stranger = (await login(app, { ...(await buildStudent(app)), school: (await school(app)).id })).cookie;
    expect(JSON.stringify((await get(`/course/info/${code}`, stranger)).json())).not.toContain('付费正文');
    const refused = await get(`/course/graphic/${code}`, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('graphicAccount');

    const owner = await buildStudent(app);
    await enrol(app, owner.id, coid, Date.now());
    const ownerCookie = (await login(app, { ...owner, school: (await school(app)).id })).cookie;
    const text = await get(`/course/graphic/${code}`, ownerCookie);
    expect(text.statusCode).toBe(200);
    expect(text.headers['cache-control']).toBe('private, no-store');
    expect(text.json().data).toMatchObject({ coid, description: TEXT });

    // The administrator edits the whole text through course/info, and it does not leak into the shared cache.
    expect((await get(`/course/info/${coid}`, admin)).json().data.description).toBe(TEXT);
    expect((await get(`/course/info/${code}`)).json().data.description).toBe('<p>导读：本课讲清楚三件事。</p>');
    expect((await get(`/course/graphic/${coid}`, admin)).json().data.description).toBe(TEXT);
  });

  it('without a lead paragraph the lead is the first 120 characters of the text; a free one is open to all', async () => {
    const long = `<h3>开篇</h3><p>${'正文'.repeat(100)}</p>`;
    const paid = await graphic(5, long);
    const lead = (await get(`/course/info/${paid.code}`)).json().data.description as string;
    expect(lead.startsWith('<p>开篇')).toBe(true);
    expect(lead.length).toBeLessThan(140);

    const free = await graphic(0);
    expect((await get(`/course/info/${free.code}`)).json().data.description).toBe(TEXT);
    expect((await get(`/course/graphic/${free.code}`)).json().data.description).toBe(TEXT);
  });

  it('answers 404 for a course that is not graphic, garbage and drafts', async () => {
    const ordinary = await graphic(0, TEXT, 0);
    expect((await get(`/course/graphic/${ordinary.code}`)).statusCode).toBe(404);
    expect((await get('/course/graphic/garbage')).statusCode).toBe(404);
    const catid = (await post('/course/category', { title: 'D' })).json().data.catid;
    const draft = (await post('/course/new', { title: 'draft', catid, type: 4, actual: 0, price: 0 })).json().data;
    expect((await get(`/course/graphic/${draft.code}`)).statusCode).toBe(404);
  });
});
