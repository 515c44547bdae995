import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { data, injectAs, type Caller } from '../helpers/kit';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';
import { createSchool } from '../../server/modules/schools/schools.service';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { zWare, type Ware } from '../../shared/schemas/learning';
import { enqueueConversion } from '../../server/modules/media/media.service';
import { addResource, makeVideo, missingTools, scratch, waitForStatus } from './media-helpers';
import { eq } from 'drizzle-orm';
import { enrolments, resources } from '../../server/db/schema';
import fs from 'node:fs';
import path from 'node:path';

const DAY = 86_400_000;

describe('learn/ware: the chapter a learning page shows, behind the one study-access check (spec 2, 3 Ware info, 6, 8)', () => {
  let app: TestApp;
  let clock: number;
  let admin: string;
  let api: Caller;
  let guest: Caller;
  let schoolId: string;

  beforeEach(async () => {
    clock = Date.now();
    app = await makeApp({}, { now: () => clock });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    api = injectAs(app, admin);
    guest = injectAs(app, null);
    schoolId = (await school(app)).id;
  });
  afterEach(() => app.close());

  const ware = (coid: string, cid: string, cookie = '') => guest.get(`/learn/ware/${coid}/${cid}`, cookie);
  const okWare = async (coid: string, cid: string, cookie = ''): Promise<Ware> => {
    const res = await ware(coid, cid, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return zWare.parse(res.json().data);
  };
  const refused = async (coid: string, cid: string, cookie: string, status: number, error: string) => {
    const res = await ware(coid, cid, cookie);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status: 'error', error });
    return res.json();
  };

  /** A published course with a free video chapter, a paid PDF chapter (download allowed), a graphic chapter and an exercise. */
  async function course(values: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
    const { coid } = data<{ coid: string }>(
      await api.post('/course/new', {
        title: 'Learning course',
        catid: '0',
        type: 0,
        actual: 50,
        ...values,
        settings,
      }),
    );
    const add = (title: string, type: number, parent_id = '0') =>
      api.post('/chapter/add', { coid, parent_id, title, type }).then((res) => data<{ cid: string }>(res).cid);
    const part = await add('Part one', CHAPTER_TYPE.heading);
    const video = await add('Free video', CHAPTER_TYPE.video, part);
    const pdf = await add('Paid document', CHAPTER_TYPE.document, part);
    const graphic = await add('Reading', CHAPTER_TYPE.imageText);
    const exercise = await add('Exercise', CHAPTER_TYPE.exercise);
    data(await api.post('/chapter/free', { cid: video, free: 1 }));
    data(await api.post('/chapter/update', { cid: pdf, allowdownload: 1 }));
    data(
      await api.post('/chapter/update', {
        cid: graphic,
        description: '<h3>第一节</h3><p>正文<script>alert(1)</script></p><h4>小结</h4>',
      }),
    );
    const videoRid = await seedResource(app, {
      schoolId,
      kind: 'video',
      fileName: 'lesson.mp4',
      mime: 'video/mp4',
      source: Buffer.from('not really a video'),
      duration: 8,
      outputs: { hls: 'hls/index.m3u8', mp4: 'video.mp4', poster: 'poster.jpg', width: 640, height: 360 },
      subtitles: [{ label: '中文', lang: 'zh', path: 'subtitles/zh.vtt' }],
    });
    const pdfRid = await seedResource(app, {
      schoolId,
      kind: 'pdf',
      fileName: '讲义.pdf',
      mime: 'application/pdf',
      source: Buffer.from('%PDF-1.4 test'),
      outputs: { pages: 3 },
    });
    await attachResource(app, video, videoRid);
    await attachResource(app, pdf, pdfRid);
    await api.post('/course/pub', { coid, pub: '1' });
    return { coid, part, video, pdf, graphic, exercise, videoRid, pdfRid };
  }

  const student = async (overrides: Parameters<typeof buildStudent>[1] = {}) => {
    const made = await buildStudent(app, overrides);
    return { ...made, cookie: (await login(app, made)).cookie };
  };

  /** The token and rid of a signed /media address. */
  const signed = (url: string) => {
    const match = /^\/media\/([^/]+)\/(\d+)\/(.+)$/.exec(url);
    if (!match) throw new Error(`not a media URL: ${url}`);
    return { token: match[1]!, rid: match[2]!, path: match[3]! };
  };

  it('a guest opens a free chapter: ware info, signed addresses that verify, no download, the chapter list and neighbours', async () => {
    const c = await course();
    const w = await okWare(c.coid, c.video);
    expect(w).toMatchObject({
      type: CHAPTER_TYPE.video,
      rid: c.videoRid,
      coid: c.coid,
      cid: c.video,
      title: 'Free video',
      courseTitle: 'Learning course',
      learnType: 'v',
    });
    expect(w).toMatchObject({
      kind: 'video',
      status: 'ready',
      duration: 8,
      width: 640,
      height: 360,
      allowdownload: false,
      download: null,
      preview: false,
    });
    expect(w.path).toBe(w.urls.hls);
    for (const [name, url] of [
      ['hls', w.urls.hls],
      ['mp4', w.urls.mp4],
      ['poster', w.urls.poster],
      ['source', w.urls.source],
      ['subtitle', w.subtitles[0]?.url],
    ] as const) {
      const { token, rid, path } = signed(url!);
      expect(rid, name).toBe(c.videoRid);
      const grant = app.ctx.mediaSigner.verify(token, rid);
      expect(grant, name).toMatchObject({ rid: c.videoRid, download: false });
      expect(grant!.expiresAt).toBe(w.expiresAt);
      expect(path, name).toBe(
        {
          hls: 'hls/index.m3u8',
          mp4: 'video.mp4',
          poster: 'poster.jpg',
          source: 'source',
          subtitle: 'subtitles/zh.vtt',
        }[name],
      );
    }
    expect(w.subtitles).toEqual([{ label: '中文', lang: 'zh', url: expect.stringMatching(/\/subtitles\/zh\.vtt$/) }]);
    // A token for one resource does not open another, and a forged one opens nothing.
    const { token } = signed(w.urls.hls!);
    expect(app.ctx.mediaSigner.verify(token, c.pdfRid)).toBeNull();
    expect(app.ctx.mediaSigner.verify(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), c.videoRid)).toBeNull();
    // They expire with MEDIA_URL_TTL, rounded up to a 10-minute step (server/lib/media-url.ts).
    clock += (app.ctx.config.MEDIA_URL_TTL + 600) * 1000 + 1000;
    expect(app.ctx.mediaSigner.verify(token, c.videoRid)).toBeNull();

    expect(w.chapters.chapters.map((chapter) => chapter.title)).toEqual(['Part one', 'Reading', 'Exercise']);
    expect(w.prev).toBeNull();
    expect(w.next).toEqual({ cid: c.pdf, title: 'Paid document', learnType: 'p' });
    // The encoded course id works as well as the decimal one.
    expect((await okWare(w.code, c.video)).cid).toBe(c.video);
  });

  it('a paid chapter: a guest must sign in, a student who has not bought it reaches the end of the trial, a buyer studies it with download', async () => {
    const c = await course();
    await refused(c.coid, c.pdf, '', 401, 'no login');
    const s = await student();
    const trial = await refused(c.coid, c.pdf, s.cookie, 403, 'endOfTrial');
    expect(trial.data).toMatchObject({ refusal: 'endOfTrial', hashUID: (await school(app)).hashUID });
    await enrol(app, s.id, c.coid);
    const w = await okWare(c.coid, c.pdf, s.cookie);
    expect(w).toMatchObject({ kind: 'pdf', pages: 3, allowdownload: true, fileName: '讲义.pdf', ext: 'PDF' });
    expect(w.path).toBe(w.urls.pdf);
    expect(signed(w.urls.pdf!).path).toBe('source');
    // Spec 6: download follows allowdownload — the token says so, and the download address is given.
    expect(w.download).toMatch(/^\/media\/.+\/source\?download=1$/);
    expect(app.ctx.mediaSigner.verify(signed(w.download!).token, c.pdfRid)).toMatchObject({ download: true });
    expect(w.prev).toEqual({ cid: c.video, title: 'Free video', learnType: 'v' });
    expect(w.next).toEqual({ cid: c.graphic, title: 'Reading', learnType: 'i' });
    // Without allowdownload: no download address, and the token does not allow one.
    data(await api.post('/chapter/update', { cid: c.pdf, allowdownload: 0 }));
    const viewOnly = await okWare(c.coid, c.pdf, s.cookie);
    expect(viewOnly).toMatchObject({ allowdownload: false, download: null });
    expect(app.ctx.mediaSigner.verify(signed(viewOnly.urls.pdf!).token, c.pdfRid)).toMatchObject({ download: false });
  });

  it('the handed-out addresses open the files through /media: ranges, the download only when allowed', async () => {
    const c = await course();
    const s = await student();
    await enrol(app, s.id, c.coid);
    const w = await okWare(c.coid, c.pdf, s.cookie);
    const whole = await guest.get(w.urls.pdf!);
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('%PDF-1.4 test');
    const part = await guest.get(w.urls.pdf!, null, { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF');
    const download = await guest.get(w.download!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    // A view-only address does not download, and an address for one resource opens no other.
    data(await api.post('/chapter/update', { cid: c.pdf, allowdownload: 0 }));
    const viewOnly = await okWare(c.coid, c.pdf, s.cookie);
    expect((await guest.get(`${viewOnly.urls.pdf}?download=1`)).statusCode).toBe(403);
    expect((await guest.get(viewOnly.urls.pdf!.replace(c.pdfRid, c.videoRid))).statusCode).toBe(403);
  });

  it.skipIf(missingTools(['ffmpeg', 'ffprobe'], 'learning-ware').length > 0)(
    'the whole way: a video converted by the media queue, attached with chapter/ware, played through the signed HLS addresses',
    async () => {
      const dir = scratch('learn');
      try {
        const { rid } = await addResource(app, {
          from: makeVideo(path.join(dir, 'lesson.avi'), 3),
          ext: 'AVI',
          kind: 'video',
          mime: 'video/x-msvideo',
        });
        await enqueueConversion(app.ctx, rid);
        expect((await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 90_000)).status).toBe('ready');
        const c = await course();
        data(await api.post('/chapter/ware', { cid: c.video, rid }));
        const w = await okWare(c.coid, c.video);
        expect(w).toMatchObject({ rid, kind: 'video', status: 'ready', duration: 3, width: 640, height: 360 });
        const playlist = await guest.get(w.urls.hls!);
        expect(playlist.statusCode).toBe(200);
        expect(playlist.body).toMatch(/^#EXTM3U/);
        // Segments are named relative to the playlist, so they keep the signed prefix.
        const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
        const first = await guest.get(w.urls.hls!.replace(/index\.m3u8$/, segment));
        expect(first.statusCode).toBe(200);
        expect(first.rawPayload[0]).toBe(0x47);
        expect((await guest.get(w.urls.poster!)).statusCode).toBe(200);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('a subchapter of a free chapter is free too; a free course needs a signed-in student of the school', async () => {
    const c = await course({ actual: 0 });
    await refused(c.coid, c.pdf, '', 401, 'no login');
    const s = await student();
    expect((await okWare(c.coid, c.pdf, s.cookie)).kind).toBe('pdf');
    data(await api.post('/chapter/free', { cid: c.part, free: 1 }));
    const paid = await course();
    data(await api.post('/chapter/free', { cid: paid.part, free: 1 }));
    expect((await okWare(paid.coid, paid.pdf)).kind).toBe('pdf');
  });

  it('validity: days from purchase run out (expired); a fixed window refuses before it opens (notStarted) and after it ends (expired)', async () => {
    const days = await course({ ce_type: 1, ce_time: 30 });
    const s = await student();
    await enrol(app, s.id, days.coid, clock - 31 * DAY);
    await refused(days.coid, days.pdf, s.cookie, 403, 'expired');
    const fresh = await student();
    await enrol(app, fresh.id, days.coid, clock - 29 * DAY);
    expect((await okWare(days.coid, days.pdf, fresh.cookie)).kind).toBe('pdf');

    const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const later = await course(
      { actual: 0, ce_type: 2, ce_time: date(clock + 30 * DAY) },
      { vaildBeginTime: date(clock + 10 * DAY) },
    );
    await refused(later.coid, later.pdf, s.cookie, 403, 'notStarted');
    const ended = await course(
      { actual: 0, ce_type: 2, ce_time: date(clock - 10 * DAY) },
      { vaildBeginTime: date(clock - 30 * DAY) },
    );
    await refused(ended.coid, ended.pdf, s.cookie, 403, 'expired');
  });

  it("a student's ware is kept between visits and follows every change at once: content, media, rating, validity, holding", async () => {
    const c = await course({ ce_type: 1, ce_time: 3 });
    const s = await student();
    // Bought three days ago, less 20 s: valid for 20 s more.
    await enrol(app, s.id, c.coid, clock - 3 * DAY + 20_000);
    const first = await ware(c.coid, c.pdf, s.cookie);
    expect(first.statusCode, first.body).toBe(200);
    // Kept: the same text, the same signed addresses.
    expect((await ware(c.coid, c.pdf, s.cookie)).body).toBe(first.body);
    // An administrator renames the chapter: the next visit shows it.
    data(await api.post('/chapter/rename', { cid: c.pdf, title: 'Renamed document' }));
    expect((await okWare(c.coid, c.pdf, s.cookie)).title).toBe('Renamed document');
    // The media worker's write to the resource (a conversion that failed) shows at once.
    await app.ctx.db
      .update(resources)
      .set({ status: 'failed', statusMessage: 'broken file' })
      .where(eq(resources.id, c.pdfRid));
    expect(await okWare(c.coid, c.pdf, s.cookie)).toMatchObject({ status: 'failed', statusMessage: 'broken file' });
    // The student's own rating (the chapter takes ratings).
    data(await api.post('/chapter/update', { cid: c.pdf, showgrade: 1 }));
    expect((await okWare(c.coid, c.pdf, s.cookie)).study.rated).toBe(false);
    data(await guest.post('/grade/add', { coid: c.coid, cid: c.pdf, score: 4, content: 'good' }, s.cookie));
    expect((await okWare(c.coid, c.pdf, s.cookie)).study.rated).toBe(true);
    // 15 s later the validity has 5 s left; it runs out inside the 10 s a reply is kept: refused at once.
    clock += 15_000;
    expect((await okWare(c.coid, c.pdf, s.cookie)).kind).toBe('pdf');
    clock += 4_000;
    expect((await okWare(c.coid, c.pdf, s.cookie)).kind).toBe('pdf');
    clock += 1_001;
    await refused(c.coid, c.pdf, s.cookie, 403, 'expired');
    // Another student, whose holding is taken away between two visits.
    const t = await student();
    await enrol(app, t.id, c.coid);
    expect((await okWare(c.coid, c.pdf, t.cookie)).kind).toBe('pdf');
    await app.ctx.db.delete(enrolments).where(eq(enrolments.studentId, t.id));
    await refused(c.coid, c.pdf, t.cookie, 403, 'endOfTrial');
  });

  it('a course for some groups refuses a buyer outside them (designatedGroup) and admits one inside', async () => {
    const inside = await student({ groups: ['研发部'] });
    const outside = await student({ groups: ['市场部'] });
    const c = await course({ authentication_gid: inside.groupIds[0] });
    await enrol(app, inside.id, c.coid);
    await enrol(app, outside.id, c.coid);
    const refusal = await refused(c.coid, c.pdf, outside.cookie, 403, 'designatedGroup');
    expect(refusal.data).toMatchObject({ refusal: 'designatedGroup', code: expect.any(String) });
    expect((await okWare(c.coid, c.pdf, inside.cookie)).kind).toBe('pdf');
  });

  it('an unpublished or deleted course is removed for students; its administrator previews it, skipping allowed', async () => {
    const c = await course({}, { notAllowSkip: 1 });
    const s = await student();
    await enrol(app, s.id, c.coid);
    expect((await okWare(c.coid, c.video, s.cookie)).notAllowSkip).toBe(true);
    await api.post('/course/pub', { coid: c.coid, pub: '0' });
    const removed = await refused(c.coid, c.video, s.cookie, 404, 'course removed');
    expect(removed.data).toMatchObject({ hashUID: (await school(app)).hashUID });
    await refused(c.coid, c.video, '', 404, 'course removed');
    const preview = await okWare(c.coid, c.pdf, admin);
    expect(preview).toMatchObject({ preview: true, notAllowSkip: false, kind: 'pdf' });
    data(await api.post('/course/delete', { coids: [c.coid] }));
    await refused(c.coid, c.video, s.cookie, 404, 'course removed');
    await refused(c.coid, c.video, admin, 404, 'course removed');
  });

  it('another school’s student, an administrator without the course permission, chapters of another course and bad ids', async () => {
    const c = await course();
    const other = await createSchool(app.ctx, {
      name: 'Other school',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const stranger = await buildStudent(app, { schoolId: other.id });
    const strangerCookie = (await login(app, { ...stranger, school: app.ctx.uidCodec.encode(other.id) })).cookie;
    await enrol(app, stranger.id, c.coid);
    await refused(c.coid, c.pdf, strangerCookie, 403, 'otherSchool');
    const examsOnly = (await login(app, { ...(await buildSubAdmin(app, ['exam'])), role: 'admin' })).cookie;
    await refused(c.coid, c.pdf, examsOnly, 403, 'studentOnly');
    // The free chapter stays an audition for everyone who can see the course.
    expect((await okWare(c.coid, c.video, strangerCookie)).kind).toBe('video');

    const another = await course();
    await refused(c.coid, another.video, '', 404, 'noChapterAlert');
    await refused(c.coid, '123456789012345', '', 404, 'noChapterAlert');
    expect((await ware('!!', c.video)).statusCode).toBe(400);
    expect((await ware(c.coid, 'abc')).statusCode).toBe(400);
    expect((await ware('zzzzzzzz', c.video)).statusCode).toBe(404);
    // A private course is for its school's students only.
    const hidden = await course({ private: 1 });
    await refused(hidden.coid, hidden.video, '', 401, 'no login');
    await refused(hidden.coid, hidden.video, strangerCookie, 404, 'not found');
  });

  it('graphic chapters carry their text; exercises and exams say what they are; a chapter without a usable resource says so', async () => {
    const c = await course();
    const s = await student();
    await enrol(app, s.id, c.coid);
    const graphic = await okWare(c.coid, c.graphic, s.cookie);
    expect(graphic).toMatchObject({ kind: 'graphic', status: 'ready', rid: '', path: '', learnType: 'i' });
    // Sanitised on save (and again on display).
    expect(graphic.html).toBe('<h3>第一节</h3><p>正文</p><h4>小结</h4>');
    expect((await okWare(c.coid, c.exercise, s.cookie)).kind).toBe('exercise');

    const { coid } = c;
    const { cid: bare } = data<{ cid: string }>(
      await api.post('/chapter/add', {
        coid,
        title: 'Nothing yet',
        type: CHAPTER_TYPE.video,
      }),
    );
    expect(await okWare(coid, bare, s.cookie)).toMatchObject({
      kind: 'none',
      status: 'missing',
      path: '',
      urls: { slides: [] },
    });
    // Another school's resource attached by mistake is not served.
    const other = await createSchool(app.ctx, {
      name: 'Other school',
      adminUsername: 'other-admin2',
      adminPassword: 'other-pass-1',
    });
    const foreign = await seedResource(app, {
      schoolId: other.id,
      kind: 'pdf',
      fileName: 'x.pdf',
      mime: 'application/pdf',
      source: Buffer.from('%PDF'),
    });
    await attachResource(app, bare, foreign);
    expect(await okWare(coid, bare, s.cookie)).toMatchObject({ kind: 'none', status: 'missing', rid: '' });
  });

  it('a resource still converting, failed or unconverted says so, and keeps its original usable', async () => {
    const c = await course();
    const converting = await seedResource(app, {
      schoolId,
      kind: 'video',
      fileName: 'raw.mov',
      mime: 'video/quicktime',
      source: Buffer.from('mov'),
      status: 'converting',
    });
    await attachResource(app, c.video, converting);
    const w = await okWare(c.coid, c.video);
    expect(w).toMatchObject({ kind: 'video', status: 'converting', mime: 'video/quicktime' });
    expect(w.urls.hls).toBeUndefined();
    expect(w.path).toBe(w.urls.source);
    const unconverted = await seedResource(app, {
      schoolId,
      kind: 'ppt',
      fileName: 'slides.pptx',
      mime: 'application/octet-stream',
      source: Buffer.from('pptx'),
      status: 'unconverted',
      statusMessage: 'LibreOffice (soffice) is not installed',
    });
    await attachResource(app, c.video, unconverted);
    expect(await okWare(c.coid, c.video)).toMatchObject({
      kind: 'ppt',
      status: 'unconverted',
      statusMessage: 'LibreOffice (soffice) is not installed',
      urls: { slides: [] },
    });
    // A presentation converted to slide images shows them; one with only its PDF is shown as a document.
    const slides = await seedResource(app, {
      schoolId,
      kind: 'ppt',
      fileName: 's.pptx',
      mime: 'application/octet-stream',
      source: Buffer.from('pptx'),
      outputs: { pdf: 'document.pdf', pages: 2, slides: ['slides/slide-1.png', 'slides/slide-2.png'] },
    });
    await attachResource(app, c.video, slides);
    const deck = await okWare(c.coid, c.video);
    expect(deck).toMatchObject({ kind: 'ppt', pages: 2 });
    expect(deck.urls.slides.map((url) => signed(url).path)).toEqual(['slides/slide-1.png', 'slides/slide-2.png']);
    expect(deck.path).toBe(deck.urls.slides[0]);
    const pdfOnly = await seedResource(app, {
      schoolId,
      kind: 'ppt',
      fileName: 't.pptx',
      mime: 'application/octet-stream',
      source: Buffer.from('pptx'),
      outputs: { pdf: 'document.pdf', slides: [] },
    });
    await attachResource(app, c.video, pdfOnly);
    expect((await okWare(c.coid, c.video)).kind).toBe('office');
    // Paths written by conversion that leave the resource's folder are ignored.
    const sneaky = await seedResource(app, {
      schoolId,
      kind: 'video',
      fileName: 'v.mp4',
      mime: 'video/mp4',
      source: Buffer.from('v'),
      outputs: { hls: '../../../etc/passwd', mp4: 'video.mp4' },
    });
    await attachResource(app, c.video, sneaky);
    const safe = await okWare(c.coid, c.video);
    expect(safe.urls.hls).toBeUndefined();
    expect(safe.path).toBe(safe.urls.mp4);
  });
});
