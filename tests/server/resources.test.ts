import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { srtToVtt, toWebVtt } from '../../server/modules/resources/subtitles';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { chapterTypesFor, kindsForChapter, resourceFitsChapter } from '../../shared/schemas/resources';
import { messages as resZh } from '../../shared/i18n/admin-resources.zh-CN';
import { messages as resEn } from '../../shared/i18n/admin-resources.en-gb';
import { multipartBody } from './uploads-helpers';
import { sqlRun } from '../helpers/sql';

type Item = {
  rid: string;
  title: string;
  kind: string;
  status: string;
  ext: string;
  usedBy: number;
  thumb: string | null;
  key: string;
  category: { id: string; title: string };
  subtitles: number;
};
type Folder = { id: string; title: string; parent_id: string; count: number; children: Folder[] };

const png = (width = 64, height = 48, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('resource library (spec 7 Resources)', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  beforeEach(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    ({ post, get } = injectAs(app, admin));
  });
  afterEach(() => app.close());

  const sendFile = (url: string, filename: string, data: Buffer, type = 'application/octet-stream', cookie = admin) => {
    const { body, headers } = multipartBody([{ name: 'file-select', filename, type, data }]);
    return injectAs(app, cookie).inject({ method: 'POST', url, payload: body, headers });
  };
  /** Uploads through lan/upload and adds the file to the library. */
  const addFile = async (
    filename: string,
    data: Buffer,
    type: string,
    extra: { cate?: string; title?: string } = {},
  ): Promise<Item> => {
    const up = await sendFile(`/lan/upload/${encodeURIComponent(filename)}`, filename, data, type);
    expect(up.statusCode, up.body).toBe(200);
    const res = await post('/resource/add', { fileId: up.json().data.fileId, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const list = async (query = '', cookie = admin): Promise<{ list: Item[]; total: number }> => {
    const res = await get(`/resource/list${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const addFolder = async (title: string, parent_id = '0'): Promise<string> => {
    const res = await post('/resource/category/add', { title, parent_id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id;
  };
  const uploadsOnDisk = async () => {
    const dir = path.join(app.ctx.config.dataDir, 'files/userupload', (await school(app)).id);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const newCourse = async () =>
    (await post('/course/new', { title: 'Course A', catid: '0', type: 0 })).json().data.coid as string;
  const newChapter = async (coid: string, title: string, type: number) =>
    (await post('/chapter/add', { coid, parent_id: '0', title, type })).json().data.cid as string;

  it('adds an uploaded image as a private resource of its kind, lists it with a signed thumbnail, refuses the same file twice', async () => {
    const item = await addFile('封面.png', await png(), 'image/png');
    expect(item).toMatchObject({
      title: '封面',
      kind: 'image',
      ext: 'PNG',
      usedBy: 0,
      category: { id: '0', title: '' },
    });
    expect(['queued', 'converting', 'ready']).toContain(item.status);
    // The file left the public space: /{key} no longer serves it, the signed thumbnail does.
    expect((await get(`/${item.key}`, '')).statusCode).toBe(404);
    expect(item.thumb).toMatch(new RegExp(`^/media/[^/]+/${item.rid}/`));
    const thumb = await get(item.thumb!, '');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\//);

    const again = await post('/resource/add', {
      fileId: (await get(`/resource/hash?key=${item.key}`)).json().data.fileId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('file already belongs to a resource');
    expect((await post('/resource/add', { fileId: '123' })).statusCode).toBe(404);
    expect((await post('/resource/add', { fileId: 'x/../1' })).json().error).toMatch(/^bad input: body\.fileId/);
    expect((await post('/resource/add', { fileId: '123', cate: 'abc' })).statusCode).toBe(400);
    expect((await list()).list.map((row) => row.rid)).toEqual([item.rid]);
  });

  it('uploads in one call into a folder (cate and title in the query); a bad folder stores nothing', async () => {
    const folder = await addFolder('讲义');
    const res = await sendFile(
      `/resource/upload?cate=${folder}&title=${encodeURIComponent('第一讲')}`,
      'lecture.pdf',
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      'application/pdf',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: '第一讲',
      kind: 'pdf',
      ext: 'PDF',
      category: { id: folder, title: '讲义' },
    });
    expect(await uploadsOnDisk()).toHaveLength(1);

    const refused = await sendFile('/resource/upload?cate=999', 'x.pdf', Buffer.from('%PDF'), 'application/pdf');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('folder not found');
    expect((await sendFile(`/resource/upload?title=${'x'.repeat(101)}`, 'x.pdf', Buffer.from('%PDF'))).statusCode).toBe(
      400,
    );
    expect((await sendFile('/resource/upload', 'evil.exe', Buffer.from('MZ'))).statusCode).toBe(415);
    expect(await uploadsOnDisk()).toHaveLength(1);
    expect((await list()).total).toBe(1);
  });

  it('lists by folder with or without sub-folders, searches, filters by kind, pages and orders; bad queries are 400', async () => {
    const docs = await addFolder('Docs');
    const sub = await addFolder('Sub', docs);
    const a = await addFile('alpha.png', await png(), 'image/png', { cate: docs });
    const b = await addFile('beta.pdf', Buffer.from('%PDF-1.4'), 'application/pdf', { cate: sub });
    const c = await addFile('gamma.mp3', Buffer.from('ID3fake'), 'audio/mpeg');
    const ids = (rows: Item[]) => rows.map((row) => row.rid).sort();

    expect(ids((await list()).list)).toEqual(ids([a, b, c]));
    expect(ids((await list('?cate=0&showSub=0')).list)).toEqual([c.rid]);
    expect(ids((await list(`?cate=${docs}`)).list)).toEqual(ids([a, b]));
    expect(ids((await list(`?cate=${docs}&showSub=false`)).list)).toEqual([a.rid]);
    expect(ids((await list('?searchStr=BET')).list)).toEqual([b.rid]);
    expect(ids((await list('?searchStr=%25')).list)).toEqual([]);
    expect(ids((await list('?fileType=audio')).list)).toEqual([c.rid]);
    expect((await list('?order=title')).list.map((row) => row.title)).toEqual(['alpha', 'beta', 'gamma']);
    const page2 = await list('?order=title&num=2&page=2');
    expect([page2.total, page2.list.map((row) => row.title)]).toEqual([3, ['gamma']]);

    for (const query of ['?num=1000', '?page=0', '?fileType=exe', '?order=random', '?cate=abc'])
      expect((await get(`/resource/list${query}`)).statusCode, query).toBe(400);
    expect((await get('/resource/list?cate=42')).statusCode).toBe(404);

    const tree = (await get('/resource/category')).json().data as {
      categories: Folder[];
      rootCount: number;
      total: number;
    };
    expect(tree).toMatchObject({
      rootCount: 1,
      total: 3,
      categories: [{ title: 'Docs', count: 1, children: [{ title: 'Sub', count: 1, children: [] }] }],
    });
  });

  it('folders: rename, move (never into itself), at most five deep, delete only when empty', async () => {
    const a = await addFolder('A');
    const b = await addFolder('B', a);
    expect(
      (await post('/resource/category/rename', { id: b, title: 'B2' })).json().data.categories[0].children[0].title,
    ).toBe('B2');
    expect((await post('/resource/category/rename', { id: b, title: '  ' })).statusCode).toBe(400);
    const into = await post('/resource/category/move', { id: a, parent_id: b });
    expect([into.statusCode, into.json().error]).toEqual([400, 'cannot move a folder into itself']);
    expect((await post('/resource/category/move', { id: a, parent_id: a })).statusCode).toBe(400);
    const moved = (await post('/resource/category/move', { id: b, parent_id: '0' })).json().data.categories as Folder[];
    expect(moved.map((f) => f.title)).toEqual(['A', 'B2']);

    let parent = a;
    for (const title of ['L2', 'L3', 'L4', 'L5']) parent = await addFolder(title, parent);
    const deep = await post('/resource/category/add', { title: 'L6', parent_id: parent });
    expect([deep.statusCode, deep.json().error]).toEqual([400, 'folders too deep']);
    // B2 under L4 would make six levels.
    expect((await post('/resource/category/move', { id: b, parent_id: parent })).statusCode).toBe(400);

    const c = await addFolder('C');
    await addFile('x.png', await png(), 'image/png', { cate: c });
    const full = await post('/resource/category/delete', { id: c });
    expect([full.statusCode, full.json().error, full.json().data]).toEqual([
      409,
      'folder not empty',
      { resources: 1, folders: 0 },
    ]);
    expect((await post('/resource/category/delete', { id: a })).statusCode).toBe(409);
    expect((await post('/resource/category/delete', { id: b })).statusCode).toBe(200);
    expect((await post('/resource/category/delete', { id: b })).statusCode).toBe(404);
    expect((await post('/resource/category/add', { title: 'x', parent_id: '777' })).statusCode).toBe(404);
  });

  it('renames, moves, lists by rid in the asked order; an unknown id moves nothing', async () => {
    const folder = await addFolder('F');
    const a = await addFile('a.png', await png(), 'image/png');
    const b = await addFile('b.png', await png(), 'image/png');
    const renamed = await post('/resource/rename', { rid: a.rid, title: ' 新名字 ' });
    expect(renamed.json().data.title).toBe('新名字');
    expect((await post('/resource/rename', { rid: a.rid, title: '' })).statusCode).toBe(400);
    expect((await post('/resource/move', { rids: [a.rid, '999'], cate: folder })).statusCode).toBe(404);
    expect((await list(`?cate=${folder}`)).total).toBe(0);
    const moved = await post('/resource/move', { rids: [a.rid, b.rid], cate: folder });
    expect(moved.json().data.list.map((row: Item) => row.category.title)).toEqual(['F', 'F']);
    expect((await post('/resource/move', { rids: [], cate: folder })).statusCode).toBe(400);

    const byRid = await get(`/resource/listbyrid?rids=${b.rid},999,${a.rid}`);
    expect(byRid.json().data.list.map((row: Item) => row.rid)).toEqual([b.rid, a.rid]);
    expect((await post('/resource/listbyrid', { rids: [a.rid] })).json().data.list[0].title).toBe('新名字');
    expect((await get('/resource/listbyrid?rids=')).statusCode).toBe(400);
  });

  it('refuses guests (401), students and sub-admins without the resource permission (403); a sub-admin with it works', async () => {
    const item = await addFile('a.png', await png(), 'image/png');
    const student = (await login(app, await buildStudent(app))).cookie;
    const noResource = (await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' })).cookie;
    const withResource = (await login(app, { ...(await buildSubAdmin(app, ['resource'])), role: 'admin' })).cookie;
    const calls: [string, string, object?][] = [
      ['GET', '/resource/list'],
      ['GET', '/resource/category'],
      ['POST', '/resource/category/add', { title: 'x' }],
      ['POST', '/resource/add', { fileId: '1' }],
      ['POST', '/resource/rename', { rid: item.rid, title: 'y' }],
      ['POST', '/resource/move', { rids: [item.rid], cate: '0' }],
      ['POST', '/resource/delete', { rid: item.rid }],
      ['GET', `/resource/listbyrid?rids=${item.rid}`],
      ['GET', `/resource/url?rid=${item.rid}`],
      ['GET', `/resource/hash?key=${item.key}`],
      ['GET', `/resource/ppt?rid=${item.rid}`],
      ['POST', '/resource/retry', { rid: item.rid }],
      ['GET', '/res/live'],
    ];
    for (const [method, url, body] of calls) {
      const send = (cookie: string) =>
        injectAs(app, cookie).inject({ method: method as 'GET', url, payload: body as never });
      expect((await send('')).statusCode, url).toBe(401);
      expect((await send(student)).statusCode, url).toBe(403);
      expect((await send(noResource)).statusCode, url).toBe(403);
    }
    expect((await list('', withResource)).list.map((row) => row.rid)).toEqual([item.rid]);
    expect((await sendFile('/resource/upload', 'b.png', await png(), 'image/png', noResource)).statusCode).toBe(403);
    expect(await uploadsOnDisk()).toHaveLength(1);
  });

  it("another school's ids look like no ids at all", async () => {
    const mine = await addFile('mine.png', await png(), 'image/png');
    const folder = await addFolder('Mine');
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const other = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect((await list('', other)).total).toBe(0);
    expect((await get(`/resource/list?cate=${folder}`, other)).statusCode).toBe(404);
    for (const [url, body] of [
      ['/resource/rename', { rid: mine.rid, title: 'stolen' }],
      ['/resource/move', { rids: [mine.rid], cate: '0' }],
      ['/resource/delete', { rid: mine.rid, force: true }],
      ['/resource/retry', { rid: mine.rid }],
      ['/resource/category/rename', { id: folder, title: 'x' }],
      ['/resource/category/delete', { id: folder }],
      ['/resource/add', { fileId: (await get(`/resource/hash?key=${mine.key}`)).json().data.fileId }],
    ] as const) {
      expect((await post(url, body, other)).statusCode, url).toBe(404);
    }
    expect((await get(`/resource/url?rid=${mine.rid}`, other)).statusCode).toBe(404);
    expect((await get(`/resource/hash?key=${mine.key}`, other)).statusCode).toBe(404);
    expect((await get(`/resource/listbyrid?rids=${mine.rid}`, other)).json().data.list).toEqual([]);
    // Their course cannot take my resource either.
    const otherCourse = (await post('/course/new', { title: 'Theirs', catid: '0', type: 0 }, other)).json().data.coid;
    const otherChapter = (
      await post('/chapter/add', { coid: otherCourse, title: 'Pic', type: CHAPTER_TYPE.imageText }, other)
    ).json().data.cid;
    expect((await post('/chapter/ware', { cid: otherChapter, rid: mine.rid }, other)).statusCode).toBe(404);
    expect((await list()).list[0]).toMatchObject({ title: 'mine' });
  });

  it('attaches to chapters when the kinds fit; the delete is refused naming the chapters, then forced and detached', async () => {
    const coid = await newCourse();
    const pic = await newChapter(coid, '图文一', CHAPTER_TYPE.imageText);
    const video = await newChapter(coid, '视频一', CHAPTER_TYPE.video);
    const heading = await newChapter(coid, '第一章', CHAPTER_TYPE.heading);
    const image = await addFile('diagram.png', await png(), 'image/png');

    const mismatch = await post('/chapter/ware', { cid: video, rid: image.rid });
    expect([mismatch.statusCode, mismatch.json().error]).toEqual([400, 'resource kind does not fit the chapter']);
    expect(mismatch.json().data).toMatchObject({ field: 'rid', kind: 'image', accepts: ['video', 'audio'] });
    expect((await post('/chapter/ware', { cid: heading, rid: image.rid })).json().error).toBe(
      'this chapter kind takes no resource',
    );
    expect((await post('/chapter/ware', { cid: pic, rid: '999' })).statusCode).toBe(404);
    expect((await post('/chapter/ware', { cid: pic, rid: 'abc' })).statusCode).toBe(400);

    const attached = await post('/chapter/ware', { cid: pic, rid: image.rid });
    expect(attached.json().data).toMatchObject({ cid: pic, ware: { rid: image.rid, kind: 'image', title: 'diagram' } });
    expect((await get(`/chapter/wares?coid=${coid}`)).json().data.wares).toMatchObject([{ cid: pic, rid: image.rid }]);
    expect((await list()).list[0].usedBy).toBe(1);
    const candidates = (await get(`/chapter/ware/candidates?cid=${pic}`)).json().data;
    expect([candidates.accepts, candidates.list.map((row: Item) => row.rid)]).toEqual([['image'], [image.rid]]);
    expect((await get(`/chapter/ware/candidates?cid=${video}`)).json().data.list).toEqual([]);
    expect((await get(`/chapter/ware/candidates?cid=${heading}`)).statusCode).toBe(400);

    // A course-only sub-admin attaches; a resource-only one may not.
    const courseOnly = (await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' })).cookie;
    const resourceOnly = (await login(app, { ...(await buildSubAdmin(app, ['resource'])), role: 'admin' })).cookie;
    expect((await post('/chapter/ware', { cid: pic, rid: image.rid }, courseOnly)).statusCode).toBe(200);
    expect((await post('/chapter/ware', { cid: pic, rid: image.rid }, resourceOnly)).statusCode).toBe(403);
    expect((await get(`/chapter/wares?coid=${coid}`, resourceOnly)).statusCode).toBe(403);

    const refused = await post('/resource/delete', { rid: image.rid });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'resource in use']);
    expect(refused.json().data.chapters).toEqual([{ cid: pic, title: '图文一', coid, courseTitle: 'Course A' }]);
    expect((await list()).total).toBe(1);

    const derived = path.join(app.ctx.config.dataDir, 'files/derived', image.rid);
    fs.mkdirSync(derived, { recursive: true });
    fs.writeFileSync(path.join(derived, 'leftover.txt'), 'x');
    const forced = await post('/resource/delete', { rid: image.rid, force: true });
    expect(forced.json().data).toEqual({ rid: image.rid, detached: 1 });
    expect((await get(`/chapter/wares?coid=${coid}`)).json().data.wares).toEqual([]);
    expect((await list()).total).toBe(0);
    expect(fs.existsSync(derived)).toBe(false);
    expect(await uploadsOnDisk()).toEqual([]);
    expect((await get(`/resource/hash?key=${image.key}`)).statusCode).toBe(404);
    expect((await post('/resource/delete', { rid: image.rid })).statusCode).toBe(404);

    // Detach with ''.
    const doc = await addFile('notes.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    const docChapter = await newChapter(coid, '讲义', CHAPTER_TYPE.document);
    expect((await post('/chapter/ware', { cid: docChapter, rid: doc.rid })).statusCode).toBe(200);
    expect((await post('/chapter/ware', { cid: docChapter, rid: '' })).json().data).toEqual({
      cid: docChapter,
      ware: null,
    });
    expect((await post('/resource/delete', { rid: doc.rid })).json().data).toEqual({ rid: doc.rid, detached: 0 });
  });

  it('serves previews through signed URLs and finds a file by its storage key', async () => {
    const data = await png(80, 40, '#ff0000');
    const item = await addFile('red.png', data, 'image/png');
    const urls = (await get(`/resource/url?rid=${item.rid}`)).json().data;
    expect(urls).toMatchObject({ rid: item.rid, kind: 'image', mime: 'image/png', hls: null, subtitles: [] });
    expect(urls.url).toBe(`${urls.prefix}source`);
    expect(urls.expiresAt).toBeGreaterThan(Date.now());
    const source = await get(urls.url, '');
    expect([source.statusCode, source.rawPayload.equals(data)]).toEqual([200, true]);
    expect((await get(urls.url.replace(/\/media\/[^/]+\//, '/media/1.v.AAAAAAAAAAAAAAAAAAAAAA/'), '')).statusCode).toBe(
      403,
    );
    expect((await get('/resource/url?rid=nope')).statusCode).toBe(400);

    const hash = (await get(`/resource/hash?key=/${item.key}`)).json().data;
    expect(hash).toMatchObject({
      key: item.key,
      name: 'red.png',
      ext: 'PNG',
      visibility: 'private',
      resource: { rid: item.rid },
    });
    const loose = await sendFile('/lan/upload/loose.png', 'loose.png', await png(), 'image/png');
    expect((await get(`/resource/hash?key=${loose.json().data.key}`)).json().data).toMatchObject({
      visibility: 'public',
      resource: null,
    });
    expect((await get('/resource/hash?key=files/userupload/1/2.PNG')).statusCode).toBe(404);
    expect((await get('/resource/hash')).statusCode).toBe(400);

    expect((await get('/res/live')).json().data).toEqual({ list: [], total: 0, liveServer: '' });
    // Every call is in the OpenAPI document, made from the same schemas.
    const openapi = (await get('/openapi.json', '')).json() as { paths: Record<string, unknown> };
    for (const call of [
      '/resource/list',
      '/resource/upload',
      '/resource/category',
      '/resource/listbyrid',
      '/resource/poster',
      '/chapter/ware',
      '/res/live',
    ])
      expect(openapi.paths, call).toHaveProperty([call]);
    const retried = await post('/resource/retry', { rid: item.rid });
    expect(retried.statusCode).toBe(200);
    expect((await post('/resource/retry', { rid: '5' })).statusCode).toBe(404);
  });

  it('subtitles for a video: .srt converted to WebVTT under files/derived/{rid}/subtitles, bad files refused with nothing left', async () => {
    const video = await addFile('clip.mp4', Buffer.from('not really a video'), 'video/mp4');
    const image = await addFile('still.png', await png(), 'image/png');
    const srt =
      '1\r\n00:00:01,000 --> 00:00:02,500\r\n你好，世界\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nSecond line\r\n';
    const added = await sendFile(
      `/resource/subtitle?rid=${video.rid}&label=${encodeURIComponent('中文')}&lang=zh-CN`,
      'clip.srt',
      Buffer.from(srt),
      'application/x-subrip',
    );
    expect(added.statusCode, added.body).toBe(200);
    const entry = added.json().data.subtitles[0];
    expect(entry).toMatchObject({ index: 0, label: '中文', lang: 'zh-CN' });
    const vtt = fs.readFileSync(path.join(app.ctx.config.dataDir, 'files/derived', video.rid, entry.path), 'utf8');
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n你好，世界\n\n00:00:03.000 --> 00:00:04.000\nSecond line\n',
    );
    const urls = (await get(`/resource/url?rid=${video.rid}`)).json().data;
    const served = await get(urls.subtitles[0].url, '');
    expect([served.statusCode, served.body]).toEqual([200, vtt]);
    expect(served.headers['content-type']).toMatch(/^text\/vtt/);

    const uploadsBefore = (await uploadsOnDisk()).length;
    const junk = await sendFile(`/resource/subtitle?rid=${video.rid}`, 'junk.vtt', Buffer.from('hello'), 'text/vtt');
    expect([junk.statusCode, junk.json().error]).toEqual([400, 'subtitle must be a .vtt or .srt text file']);
    expect(
      (
        await sendFile(
          `/resource/subtitle?rid=${video.rid}`,
          'x.txt',
          Buffer.from('00:00:01,000 --> 00:00:02,000'),
          'text/plain',
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await sendFile(
          `/resource/subtitle?rid=${image.rid}`,
          'a.vtt',
          Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nx\n'),
        )
      ).json().error,
    ).toBe('not a video or audio resource');
    expect(
      (
        await sendFile(
          `/resource/subtitle?rid=${video.rid}&lang=${encodeURIComponent('../x')}`,
          'a.vtt',
          Buffer.from('WEBVTT'),
        )
      ).statusCode,
    ).toBe(400);
    expect(await uploadsOnDisk()).toHaveLength(uploadsBefore);

    expect((await get(`/resource/subtitle?rid=${video.rid}`)).json().data.subtitles).toHaveLength(1);
    expect((await post('/resource/subtitle/delete', { rid: video.rid, index: 3 })).statusCode).toBe(404);
    expect((await post('/resource/subtitle/delete', { rid: video.rid, index: 0 })).json().data.subtitles).toEqual([]);
    expect(fs.existsSync(path.join(app.ctx.config.dataDir, 'files/derived', video.rid, entry.path))).toBe(false);
  });

  it('a custom poster for a video from an uploaded image (multipart or an earlier upload); not for other kinds', async () => {
    const video = await addFile('clip.mp4', Buffer.from('fake'), 'video/mp4');
    const res = await sendFile(`/resource/poster?rid=${video.rid}`, 'poster.png', await png(320, 180), 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const poster = await get(res.json().data.poster, '');
    expect([poster.statusCode, poster.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await sharp(poster.rawPayload).metadata()).width).toBe(320);
    expect((await list()).list.find((row) => row.rid === video.rid)?.thumb).toMatch(/poster-custom\.jpg$/);

    const loose = (await sendFile('/lan/upload/frame.png', 'frame.png', await png(100, 50), 'image/png')).json().data;
    expect((await post('/resource/poster', { rid: video.rid, fileId: loose.fileId })).statusCode).toBe(200);
    expect((await get(`/${loose.key}`, '')).statusCode).toBe(200);
    expect((await post('/resource/poster', { rid: video.rid })).json().error).toMatch(/^bad input: body\.fileId/);
    const image = await addFile('still.png', await png(), 'image/png');
    expect((await post('/resource/poster', { rid: image.rid, fileId: loose.fileId })).json().error).toBe(
      'not a video or audio resource',
    );
    expect(
      (await sendFile(`/resource/poster?rid=${video.rid}`, 'x.pdf', Buffer.from('%PDF'), 'application/pdf')).json()
        .error,
    ).toBe('not an image');
  });

  it('ppt: the slide list and a chosen cover slide', async () => {
    const deck = await addFile(
      'deck.pptx',
      Buffer.from('PK fake'),
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    const image = await addFile('still.png', await png(), 'image/png');
    expect((await get(`/resource/ppt?rid=${image.rid}`)).json().error).toBe('not a presentation');
    expect((await post('/resource/ppt/cover', { rid: deck.rid, index: 0 })).json().error).toBe('no slides yet');
    // What the conversion writes, written here: two slide images.
    const { cancelConversion } = await import('../../server/modules/media/media.service');
    await cancelConversion(app.ctx, deck.rid);
    const dir = path.join(app.ctx.config.dataDir, 'files/derived', deck.rid, 'slides');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'slide-1.png'), await png(400, 300, '#00ff00'));
    fs.writeFileSync(path.join(dir, 'slide-2.png'), await png(400, 300, '#0000ff'));
    await sqlRun(
      app,
      "update resources set status = 'ready', outputs = ? where id = ?",
      JSON.stringify({ slides: ['slides/slide-1.png', 'slides/slide-2.png'], pages: 2 }),
      deck.rid,
    );
    const slides = (await get(`/resource/ppt?rid=${deck.rid}`)).json().data;
    expect([slides.cover, slides.slides.map((s: { index: number }) => s.index)]).toEqual([0, [0, 1]]);
    expect((await get(slides.slides[1].url, '')).statusCode).toBe(200);
    expect((await post('/resource/ppt/cover', { rid: deck.rid, index: 2 })).statusCode).toBe(400);
    expect((await post('/resource/ppt/cover', { rid: deck.rid, index: -1 })).statusCode).toBe(400);
    const cover = await post('/resource/ppt/cover', { rid: deck.rid, index: 1 });
    expect(cover.json().data.cover).toBe(1);
    const thumb = (await list()).list.find((row) => row.rid === deck.rid)!.thumb!;
    expect(thumb).toMatch(/cover\.jpg$/);
    const { data } = await sharp((await get(thumb, '')).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The second slide is blue.
    expect(data[0]).toBeLessThan(30);
    expect(data[2]).toBeGreaterThan(220);
  });
});

describe('resource rules', () => {
  it('chapter kinds take the resource kinds the spec pairs them with', () => {
    expect(kindsForChapter(CHAPTER_TYPE.video)).toEqual(['video', 'audio']);
    expect(kindsForChapter(CHAPTER_TYPE.office)).toEqual(['pdf', 'office']);
    expect(kindsForChapter(CHAPTER_TYPE.exam)).toEqual([]);
    expect(resourceFitsChapter(CHAPTER_TYPE.ppt, 'ppt')).toBe(true);
    expect(resourceFitsChapter(CHAPTER_TYPE.ppt, 'pdf')).toBe(false);
    expect(chapterTypesFor('image')).toEqual([CHAPTER_TYPE.imageText]);
    expect(chapterTypesFor('other')).toEqual([]);
  });

  it('SubRip becomes WebVTT; WebVTT stays; text without cues is refused', () => {
    // SubRip's X1/Y1 coordinates mean nothing to WebVTT and are dropped.
    expect(
      srtToVtt('\uFEFF1\n0:00:01,5 --> 0:00:02,000 X1:10 X2:20\nA --> B\n\n\n2\n00:00:03,000 --> 00:00:04,000\n'),
    ).toBe('WEBVTT\n\n00:00:01.500 --> 00:00:02.000\nA -> B\n\n00:00:03.000 --> 00:00:04.000\n');
    expect(toWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nhi')).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nhi\n');
    expect(toWebVtt('just text')).toBeNull();
    expect(toWebVtt('WEBVTT\n\nno cues')).toBeNull();
    expect(toWebVtt('1\n00:00:01,000 --> 00:00:02,000\nok\u0000')).toBeNull();
  });

  it('the resource screen has the same message keys in both languages, none empty', () => {
    expect(Object.keys(resEn).sort()).toEqual(Object.keys(resZh).sort());
    for (const [key, text] of [...Object.entries(resZh), ...Object.entries(resEn)]) expect(text, key).not.toBe('');
  });
});
