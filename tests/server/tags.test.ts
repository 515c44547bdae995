import { mapAsync } from '../../server/lib/sequential';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { buildCourse } from '../helpers/factories';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';

/** Tags: the home page's tag sections ('Get tags of user', spec 7) and their back office. */
describe('tags', () => {
  let app: TestApp;
  let admin: string;
  let api: Caller;
  let guest: Caller;
  let otherSchool: string;
  let otherAdmin: string;

  const addTag = async (name: string, cookie = admin) => {
    const res = await guest.post('/tag/add', { name }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const sections = async () =>
    (await guest.get(`/tags/${(await school(app)).hashUID}`)).json().data.tags as {
      id: string;
      name: string;
      courses: { coid: string }[];
    }[];

  beforeAll(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    // The main admin, and a guest who may name another user for one request.
    api = injectAs(app, admin);
    guest = injectAs(app, null);
    otherSchool = (
      await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' })
    ).id;
    otherAdmin = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
  });
  afterAll(() => app.close());

  it('tag sections show visible courses in the tag order, at most 8, and leave out empty tags', async () => {
    const hot = await addTag('Hot');
    const empty = await addTag('Empty');
    const ids = await mapAsync(
      Array.from({ length: 10 }, (_, i) => i),
      async (i) => await buildCourse(app, { title: `c${i}`, actualFen: 1250 }),
    );
    const hidden = await buildCourse(app, { published: false });
    const gone = await buildCourse(app, { deleted: true });
    const secret = await buildCourse(app, { isPrivate: true });
    const order = [ids[9], hidden, gone, secret, ...ids.slice(0, 9)];
    const set = await api.post('/tag/courses', { tag_id: hot, coids: order.filter((id) => id !== gone) });
    expect(set.statusCode, set.body).toBe(200);
    await api.post('/tag/courses', { tag_id: empty, coids: [hidden] });
    const tags = await sections();
    expect(tags.map((t) => t.name)).toEqual(['Hot']);
    expect(tags[0].courses.map((c) => c.coid)).toEqual([ids[9], ...ids.slice(0, 7)]);
    expect(tags[0].courses[0]).toMatchObject({
      title: 'c9',
      actual: 12.5,
      count: 0,
      code: app.ctx.courseCodec.encode(ids[9]),
    });
    const adminList = (await api.get('/tag/admin/list')).json().data.tags;
    expect(adminList.find((t: { id: string }) => t.id === hot).coids).toEqual(order.filter((id) => id !== gone));
    await api.post('/tag/courses', { tag_id: hot, coids: [ids[1], ids[0]] });
    expect((await sections())[0].courses.map((c) => c.coid)).toEqual([ids[1], ids[0]]);
  });

  it('add, rename (unique names), delete; bad input names the field', async () => {
    const a = await addTag('Alpha');
    expect((await api.post('/tag/add', { name: 'alpha' })).statusCode).toBe(409);
    expect((await api.post('/tag/add', { name: ' ' })).json().error).toMatch(/body\.name/);
    expect((await api.post('/tag/add', { name: 'x'.repeat(31) })).json().error).toMatch(/body\.name/);
    const renamed = (await api.post('/tag/rename', { tag_id: a, name: 'Beta' })).json().data.tags;
    expect(renamed.find((t: { id: string }) => t.id === a).name).toBe('Beta');
    expect((await api.post('/tag/rename', { tag_id: a, name: 'BETA' })).statusCode).toBe(200);
    const remaining = (await api.post('/tag/delete', { tag_id: a })).json().data.tags;
    expect(remaining.map((t: { id: string }) => t.id)).not.toContain(a);
    expect(remaining.map((t: { position: number }) => t.position)).toEqual(remaining.map((_: unknown, i: number) => i));
    expect((await api.post('/tag/delete', { tag_id: a })).statusCode).toBe(404);
    expect((await api.post('/tag/courses', { tag_id: 'x', coids: [] })).json().error).toMatch(/body\.tag_id/);
  });

  it('a course of another school is refused with 404 and nothing changes', async () => {
    const tag = await addTag('Mixed');
    const ours = await buildCourse(app);
    const theirs = app.ctx.ids.next();
    await buildCourse(app, { id: theirs, schoolId: otherSchool, title: 'theirs' });
    await api.post('/tag/courses', { tag_id: tag, coids: [ours] });
    expect((await api.post('/tag/courses', { tag_id: tag, coids: [ours, theirs] })).statusCode).toBe(404);
    const list = (await api.get('/tag/admin/list')).json().data.tags;
    expect(list.find((t: { id: string }) => t.id === tag).coids).toEqual([ours]);
  });

  it('the back office needs the course permission; another school gets 404 and sees nothing of ours', async () => {
    const tag = await addTag('Guarded');
    const student = await login(app, await buildStudent(app));
    const editor = await login(app, { ...(await buildSubAdmin(app, ['userpage'])), role: 'admin' });
    const teacher = await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' });
    const attempts: ['GET' | 'POST', string, object?][] = [
      ['POST', '/tag/add', { name: 'x' }],
      ['POST', '/tag/rename', { tag_id: tag, name: 'y' }],
      ['POST', '/tag/delete', { tag_id: tag }],
      ['POST', '/tag/courses', { tag_id: tag, coids: [] }],
      ['GET', '/tag/admin/list'],
    ];
    for (const [method, url, body] of attempts) {
      expect((await guest.inject({ method, url, payload: body })).statusCode, url).toBe(401);
      expect((await guest.inject({ method, url, payload: body }, student.cookie)).statusCode, url).toBe(403);
      expect((await guest.inject({ method, url, payload: body }, editor.cookie)).statusCode, url).toBe(403);
    }
    expect((await guest.post('/tag/rename', { tag_id: tag, name: 'Guarded 2' }, teacher.cookie)).statusCode).toBe(200);
    for (const [method, url, body] of attempts.slice(1, 4))
      expect((await guest.inject({ method, url, payload: body }, otherAdmin)).statusCode, url).toBe(404);
    expect((await guest.get('/tag/admin/list', otherAdmin)).json().data.tags).toEqual([]);
    expect((await guest.get(`/tags/${app.ctx.uidCodec.encode(otherSchool)}`)).json().data.tags).toEqual([]);
    expect((await guest.get('/tags/garbage')).statusCode).toBe(404);
  });

  it('tag sections are cached: 304 on If-None-Match, a new ETag after a change', async () => {
    const url = `/tags/${(await school(app)).id}`;
    const first = await guest.get(url);
    const etag = first.headers.etag as string;
    expect((await guest.get(url, null, { 'if-none-match': etag })).statusCode).toBe(304);
    const tag = await addTag('Fresh');
    await api.post('/tag/courses', { tag_id: tag, coids: [await buildCourse(app)] });
    const next = await guest.get(url, null, { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    expect(next.json().data.tags.map((t: { name: string }) => t.name)).toContain('Fresh');
  });
});
