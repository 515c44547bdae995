import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller, type Who } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { saveHomeSetting } from '../../server/modules/homesetting/home-setting.repository';
import { defaultHomeSetting } from '../../shared/schemas/home-setting';

/** The school's home setting (spec 3 'Home setting'): user page data by parent id and its back office. */
describe('home setting: GET userpage/{uid}, GET/POST setting/userpage', () => {
  let app: TestApp;
  let api: Caller;
  let guest: Caller;
  beforeEach(async () => {
    app = await makeApp();
    api = injectAs(app, await login(app, { ...ADMIN, role: 'admin' }));
    guest = injectAs(app, null);
  });
  afterEach(() => app.close());

  const save = (setting: unknown, as?: Who) => api.post('/setting/userpage', { setting }, as);

  it('a new school reads every key with the spec defaults, by hashUID or by school id', async () => {
    const { id, hashUID, name } = await school(app);
    const res = await guest.get(`/userpage/${hashUID}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({
      setting: defaultHomeSetting(),
      userpagetitle: '',
      userpagelogo: '',
      catesetting: [],
      schoolName: name,
      uid: id,
      hashUID,
    });
    expect(data.setting).toMatchObject({
      banners: [],
      ads: [],
      recommends: [],
      teachers: [],
      showgroups: [],
      catesetting: [],
      workday1: 1,
      workday2: 7,
      worktime1: '0:00',
      worktime2: '24:00',
      showPrice: true,
      showteacher: false,
      showads: false,
      showAdminEntry: true,
      showInformation: false,
    });
    expect(Object.keys(data.setting).sort()).toEqual(
      [
        'banners',
        'ads',
        'recommends',
        'teachers',
        'showgroups',
        'catesetting',
        'showteacher',
        'showPrice',
        'showads',
        'phone',
        'workday1',
        'workday2',
        'worktime1',
        'worktime2',
        'aboutustitle',
        'aboutuscontent',
        'qrcode',
        'weixinlink',
        'weibolink',
        'bloglink',
        'qrcodedetails',
        'show',
        'showbottom',
        'showAdminEntry',
        'userpagelogo',
        'userpagetitle',
        'showInformation',
        'examorder',
        'examsort',
      ].sort(),
    );
    expect((await guest.get(`/userpage/${id}`)).json().data.uid).toBe(id);
    expect((await guest.get('/userpage/garbage')).statusCode).toBe(404);
  });

  it('the admin saves the whole setting: unknown keys dropped, 0/1 flags read, rich text sanitised, JSON text accepted', async () => {
    const res = await save({
      banners: [
        { url: '/files/b1.png', urlmoblie: 'https://cdn.example/b1m.png', link: '#/courselist/0', bgc: '#fff' },
      ],
      ads: [{ url: '/files/ad.png', link: 'https://example.com', alt: 'ad' }],
      teachers: [{ name: '王老师', url: '/files/t.png', link: '' }],
      showgroups: ['11', 12],
      catesetting: [{ catid: '11', title: '编程' }],
      showteacher: 1,
      showads: true,
      phone: '010-12345678',
      workday1: 1,
      workday2: '5',
      worktime1: '9:00',
      worktime2: '18:30',
      aboutustitle: '关于我们',
      aboutuscontent: '<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      userpagetitle: '蓝学',
      userpagelogo: '/files/logo.png',
      hacker: 'dropped',
    });
    expect(res.statusCode).toBe(200);
    const setting = res.json().data.setting;
    expect(setting).not.toHaveProperty('hacker');
    expect(setting.showteacher).toBe(true);
    expect(setting.showgroups).toEqual(['11', '12']);
    expect(setting.workday2).toBe(5);
    expect(setting.aboutuscontent).toBe('<p>hi<a href="">x</a></p>');
    expect(res.json().data.updated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const page = (await guest.get(`/userpage/${(await school(app)).hashUID}`)).json().data;
    expect(page).toMatchObject({
      userpagetitle: '蓝学',
      userpagelogo: '/files/logo.png',
      catesetting: [{ catid: '11', title: '编程' }],
    });
    expect(page.setting.banners).toEqual([
      { url: '/files/b1.png', urlmoblie: 'https://cdn.example/b1m.png', link: '#/courselist/0', bgc: '#fff' },
    ]);
    expect((await api.get('/setting/userpage')).json().data.setting).toEqual(page.setting);

    const asText = await save(JSON.stringify({ phone: '400-1' }));
    expect(asText.json().data.setting.phone).toBe('400-1');
    expect(asText.json().data.setting.banners).toEqual([]);
  });

  it('a bad URL (or any bad value) is refused with the field named and nothing is saved', async () => {
    await save({ phone: '123' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ banners: [{ url: 'javascript:alert(1)' }] }, /^bad input: body\.setting\.banners\.0\.url /],
      [{ ads: [{ url: '/a.png', link: 'vbscript:x' }] }, /body\.setting\.ads\.0\.link/],
      [{ weibolink: '//evil.example/x' }, /body\.setting\.weibolink/],
      [{ workday1: 8 }, /body\.setting\.workday1/],
      [{ worktime2: '25:00' }, /body\.setting\.worktime2/],
      [{ banners: [{ url: '/a.png', bgc: 'red;background:url(x)' }] }, /body\.setting\.banners\.0\.bgc/],
      [{ catesetting: [{ catid: 'x', title: 'a' }] }, /body\.setting\.catesetting\.0\.catid/],
    ];
    for (const [setting, field] of cases) {
      const res = await save({ phone: 'changed', ...setting });
      expect(res.statusCode, JSON.stringify(setting)).toBe(400);
      expect(res.json().error).toMatch(field);
    }
    expect((await save('{not json')).statusCode).toBe(400);
    expect((await api.get('/setting/userpage')).json().data.setting.phone).toBe('123');
  });

  it('a stored value a newer rule refuses loses only that value; the rest of the setting stays', async () => {
    const { id, hashUID } = await school(app);
    const stored = {
      banners: [
        { url: '/files/b1.png', link: 'ftp://old.example/file', bgc: '#fff' },
        { url: 'javascript:alert(1)', link: '#/a' },
        { url: '/files/b3.png', link: '#/courselist/0' },
      ],
      teachers: [{ name: '王老师', url: '/files/t.png', link: '//elsewhere.example/' }],
      weibolink: 'data:text/html,x',
      phone: '010-1234',
      showPrice: false,
    };
    await saveHomeSetting(app.ctx.db, id, JSON.stringify(stored), Date.now());
    const { setting } = (await guest.get(`/userpage/${hashUID}`)).json().data;
    expect(setting.banners).toEqual([
      { url: '/files/b1.png', urlmoblie: '', link: '', bgc: '#fff' },
      { url: '/files/b3.png', urlmoblie: '', link: '#/courselist/0' },
    ]);
    expect(setting.teachers).toEqual([{ name: '王老师', url: '/files/t.png', link: '' }]);
    expect(setting).toMatchObject({ weibolink: '', phone: '010-1234', showPrice: false });
  });

  it('answers If-None-Match with 304 and gives a new ETag after a save', async () => {
    const url = `/userpage/${(await school(app)).hashUID}`;
    const first = await guest.get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['content-type']).toMatch(/application\/json/);
    const again = await guest.get(url, null, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await save({ phone: '999' });
    const after = await guest.get(url, null, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.setting.phone).toBe('999');
  });

  it('the back office needs the userpage permission; students and guests are refused', async () => {
    const student = await login(app, await buildStudent(app));
    const teacher = await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' });
    const editor = await login(app, { ...(await buildSubAdmin(app, ['userpage'])), role: 'admin' });
    expect((await guest.get('/setting/userpage')).statusCode).toBe(401);
    expect((await save({}, '')).statusCode).toBe(401);
    expect((await guest.get('/setting/userpage', student.cookie)).statusCode).toBe(403);
    expect((await save({ phone: '1' }, student.cookie)).statusCode).toBe(403);
    expect((await guest.get('/setting/userpage', teacher.cookie)).statusCode).toBe(403);
    expect((await save({ phone: '1' }, teacher.cookie)).statusCode).toBe(403);
    expect((await save({ phone: '2' }, editor.cookie)).statusCode).toBe(200);
    expect((await guest.get('/setting/userpage', editor.cookie)).json().data.setting.phone).toBe('2');
  });

  it("another school's admin edits only their own setting", async () => {
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const otherAdmin = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    await save({ phone: 'ours' });
    expect((await guest.get('/setting/userpage', otherAdmin)).json().data.setting.phone).toBe('');
    await save({ phone: 'theirs' }, otherAdmin);
    expect((await guest.get(`/userpage/${(await school(app)).hashUID}`)).json().data.setting.phone).toBe('ours');
    expect((await guest.get(`/userpage/${app.ctx.uidCodec.encode(other.id)}`)).json().data).toMatchObject({
      schoolName: 'Other',
      setting: { phone: 'theirs' },
    });
  });
});
