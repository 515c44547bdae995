import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { type Ware, zWare } from '../../shared/schemas/learning';
import { ADMIN, login, makeApp, school, type TestApp } from '../helpers/app';
import { data, injectAs, type Caller } from '../helpers/kit';
import { waitForStatus } from './media-helpers';
import { sqlAll, sqlGet } from '../helpers/sql';

/**
 * Issue 18 'A first start that shows the product': a fresh development start (DEMO_DATA on, a new data folder)
 * gives every chapter kind of the demo course real media from the files the project ships. As the demo
 * student, each chapter's ware call answers an address, and once the background conversions finished (the
 * resource's status polled, no fixed sleep) the file behind it is served with its type. The exercises, exams,
 * plan, comments, ratings, signature and study records the demo adds are there too.
 * Needs ffmpeg, LibreOffice and poppler (scripts/ensure-media-tools.sh).
 */
describe('a fresh development start: the demo school has playable media and study data (issue 18)', () => {
  let app: TestApp;
  let api: Caller;
  let startMs: number;
  let student: string;
  /** The demo course with a chapter of each kind ('React 入门实战'), its code and chapters by kind. */
  let code: string;
  const byKind = new Map<number, { cid: string; title: string }>();

  const ware = async (cid: string): Promise<Ware> =>
    zWare.parse(data(await api.get(`/learn/ware/${code}/${cid}`, student)));
  /** The ware once its resource's conversion ended (ready, or failed: then the test says why). */
  const readyWare = async (type: number): Promise<Ware> => {
    const first = await ware(byKind.get(type)!.cid);
    expect(first.rid, `chapter kind ${type} teaches a resource`).not.toBe('');
    const status = await waitForStatus(app, first.rid, ['ready', 'failed', 'unconverted'], 90_000);
    expect(status.status, JSON.stringify(status)).toBe('ready');
    return ware(byKind.get(type)!.cid);
  };
  /** GET a signed address of the ware: 200 and the content type. */
  const served = async (url: string, type: RegExp) => {
    const res = await api.get(url, student);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.headers['content-type']).toMatch(type);
    return res;
  };

  beforeAll(async () => {
    const t0 = Date.now();
    app = await makeApp({ DEMO_DATA: true, DEMO_MEDIA: true });
    startMs = Date.now() - t0;
    api = injectAs(app, null);
    student = (await login(app, { username: 'student', password: 'student123' })).cookie;
    const uid = (await school(app)).hashUID;
    const cards = data<{ courseData: { coid: string; title: string }[] }>(
      await api.post('/course/bycate', { uid, num: 500 }),
    ).courseData;
    code = cards.find((card) => card.title === 'React 入门实战')!.coid;
    type Node = { cid: string; title: string; type: number; children: Node[] };
    const tree = data<{ code: string; chapters: Node[] }>(await api.get(`/course/chapter/${code}`, student));
    code = tree.code;
    for (const top of tree.chapters)
      for (const chapter of [top, ...top.children]) if (!byKind.has(chapter.type)) byKind.set(chapter.type, chapter);
  });
  afterAll(() => app.close());

  it('starts within seconds: the conversions run in the background queue after the start', () => {
    console.info(`[demo-media] development start with the demo school: ${startMs} ms`);
    expect(startMs).toBeLessThan(15_000);
    for (const type of Object.values(CHAPTER_TYPE).filter((t) => t !== CHAPTER_TYPE.heading))
      expect(byKind.has(type), `a chapter of kind ${type}`).toBe(true);
  });

  it('plays the video as HLS with an audio track and Chinese subtitles', async () => {
    const t0 = Date.now();
    const video = await readyWare(CHAPTER_TYPE.video);
    expect(video.kind).toBe('video');
    expect(video.path).toMatch(/\.m3u8$/);
    expect(video.duration).toBeGreaterThan(10);
    const playlist = (await served(video.path, /mpegurl/i)).body;
    const segment = playlist.split('\n').find((line) => line && !line.startsWith('#'))!;
    const media = await served(new URL(segment, `http://x${video.path}`).pathname, /video\/mp2t|octet-stream/);
    const file = path.join(os.tmpdir(), `demo-seg-${process.pid}.ts`);
    fs.writeFileSync(file, media.rawPayload);
    const streams = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type',
      '-of',
      'csv=p=0',
      file,
    ])
      .toString()
      .trim()
      .split('\n');
    fs.rmSync(file, { force: true });
    expect(streams).toEqual(expect.arrayContaining(['video', 'audio']));
    expect(video.subtitles).toHaveLength(1);
    expect(video.subtitles[0]!.lang).toBe('zh-CN');
    expect((await served(video.subtitles[0]!.url, /text\/vtt/)).body).toContain('欢迎来到蓝学演示课程');
    console.info(`[demo-media] video converted and served after ${Date.now() - t0} ms`);
  });

  it('plays the audio chapter', async () => {
    const audio = await readyWare(CHAPTER_TYPE.audio);
    expect(audio.kind).toBe('audio');
    await served(audio.path, /^audio\//);
  });

  it('shows the PDF, the Word document and the slides as pages', async () => {
    const t0 = Date.now();
    const pdf = await readyWare(CHAPTER_TYPE.document);
    expect(pdf.kind).toBe('pdf');
    expect(pdf.pages).toBe(3);
    await served(pdf.path, /application\/pdf/);
    const office = await readyWare(CHAPTER_TYPE.office);
    expect(office.kind).toBe('office');
    expect(office.pages).toBeGreaterThan(0);
    await served(office.path, /application\/pdf/);
    const slides = await readyWare(CHAPTER_TYPE.ppt);
    expect(slides.kind).toBe('ppt');
    expect(slides.urls.slides).toHaveLength(3);
    for (const slide of slides.urls.slides) await served(slide, /^image\//);
    console.info(`[demo-media] documents and slides converted and served after ${Date.now() - t0} ms`);
  });

  it('reads the image-text chapter with its pictures', async () => {
    const graphic = await ware(byKind.get(CHAPTER_TYPE.imageText)!.cid);
    expect(graphic.kind).toBe('graphic');
    const pictures = [...graphic.html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) await served(picture, /image\/png/);
  });

  it('has the chapter exercises (each question kind in the bank) and the final exam', async () => {
    const cid = byKind.get(CHAPTER_TYPE.exercise)!.cid;
    const exercises = data<{ total: number; questions: { type: number }[] }>(
      await api.post('/exer/list', { coid: code, cid }, student),
    );
    expect(exercises.total).toBe(4);
    expect(new Set(exercises.questions.map((q) => q.type))).toEqual(new Set([0, 1, 2]));
    const exam = await ware(byKind.get(CHAPTER_TYPE.exam)!.cid);
    expect(exam.kind).toBe('exam');
    expect(exam.exams.find((e) => e.cid === byKind.get(CHAPTER_TYPE.exam)!.cid)?.examId).toBeTruthy();
  });

  it('has a question bank with each question kind, and a stage exam on the growth plan', async () => {
    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const bank = data<{ total: number; list: { type: number }[] }>(await api.get('/question/list?num=100', admin));
    expect(new Set(bank.list.map((q) => q.type))).toEqual(new Set([0, 1, 2, 3]));
    const exams = data<{ list: { title: string; status: string }[] }>(
      await api.get('/examadmin/exam/list?num=50', admin),
    ).list;
    expect(exams.filter((e) => e.status === 'published').map((e) => e.title)).toEqual(
      expect.arrayContaining(['阶段考试', '结业考试']),
    );
  });

  it('gives the student a growth plan with stages, a course in progress and a finished, signed, rated course', async () => {
    const plans = data<{ list: { title: string; stages: number; code: string }[] }>(
      await api.get('/studyplan/stu/list', student),
    ).list;
    const plan = plans.find((p) => p.title === '新员工成长计划')!;
    expect(plan.stages).toBe(3);
    const mine = data<{ courselist: { coid_title: string; code: string }[] }>(
      await api.get('/getstucourse?num=50', student),
    ).courselist;
    const titles = mine.map((c) => c.coid_title);
    expect(titles).toEqual(expect.arrayContaining(['React 入门实战', '职场礼仪']));
    const finished = mine.find((c) => c.coid_title === '职场礼仪')!;
    expect(data<{ hasImg: boolean }>(await api.get(`/stu/checksignature?coid=${finished.code}`, student)).hasImg).toBe(
      true,
    );
    expect(data<{ hasVal: boolean }>(await api.get(`/grade/check?coid=${finished.code}&cid=0`, student)).hasVal).toBe(
      true,
    );
    const comments = data<{ total: number }>(await api.get(`/comment/list?coid=${finished.code}`));
    expect(comments.total).toBe(3);
    // The finished course's exercises were answered in the quiz: nothing pending.
    const tree = data<{ chapters: { cid: string; type: number; children: { cid: string; type: number }[] }[] }>(
      await api.get(`/course/chapter/${finished.code}`, student),
    );
    const exercise = tree.chapters.flatMap((c) => [c, ...c.children]).find((c) => c.type === CHAPTER_TYPE.exercise)!;
    const quiz = data<{ done: boolean; questions: { state: string }[] }>(
      await api.post('/exer/list', { coid: finished.code, cid: exercise.cid }, student),
    );
    expect(quiz.done).toBe(true);
    expect(quiz.questions.every((q) => q.state === 'right')).toBe(true);
  });

  it('has study records over the last weeks that agree: chapters, courses and days', async () => {
    const sid = ((await sqlGet(app, "select id from students where username = 'student'")) as { id: string }).id;
    const days = await sqlAll<{ day: string; eff_ms: number }>(
      app,
      'select day, eff_ms from learn_days where student_id = ? order by day',
      sid,
    );
    expect(days.length).toBeGreaterThanOrEqual(6);
    const sum = (rows: { eff_ms: number }[]) => rows.reduce((total, row) => total + row.eff_ms, 0);
    const learn = await sqlAll<{ eff_ms: number }>(app, 'select eff_ms from learn_records where student_id = ?', sid);
    const courses = await sqlAll<{ eff_ms: number; process: number }>(
      app,
      'select eff_ms, process from course_records where student_id = ?',
      sid,
    );
    expect(sum(days)).toBe(sum(learn));
    expect(sum(courses)).toBe(sum(learn));
    expect(courses.map((c) => c.process).sort((a, b) => a - b)).toEqual([expect.any(Number), 100]);
    expect(courses.some((c) => c.process > 0 && c.process < 100)).toBe(true);
  });
});

/** The same start on a machine without the conversion tools: it succeeds, says what it skipped, serves the files as shipped. */
describe('a first development start without ffmpeg, LibreOffice and poppler (issue 18)', () => {
  let app: TestApp;
  const lines: { msg?: string; skipped?: string[] }[] = [];

  beforeAll(async () => {
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const missing = '/nonexistent/tool';
    app = await makeApp(
      {
        DEMO_DATA: true,
        DEMO_MEDIA: true,
        FFMPEG_PATH: missing,
        FFPROBE_PATH: missing,
        SOFFICE_PATH: missing,
        PDFTOPPM_PATH: missing,
      },
      { logger: { level: 'warn', stream } },
    );
  });
  afterAll(() => app.close());

  it('logs the files it could not convert and still serves the video and the PDF as shipped', async () => {
    const said = lines.find((line) => line.msg?.startsWith('demo media: some files stay unconverted'));
    expect(said?.skipped).toEqual(
      expect.arrayContaining([expect.stringMatching(/^lesson\.mp4: .*ffmpeg/), expect.stringMatching(/^guide\.pdf: /)]),
    );
    const api = injectAs(app, (await login(app, { username: 'student', password: 'student123' })).cookie);
    const uid = (await school(app)).hashUID;
    const cards = data<{ courseData: { coid: string; title: string }[] }>(
      await api.post('/course/bycate', { uid, num: 500 }),
    ).courseData;
    const code = cards.find((card) => card.title === 'React 入门实战')!.coid;
    const tree = data<{ code: string; chapters: { children: { cid: string; type: number }[] }[] }>(
      await api.get(`/course/chapter/${code}`),
    );
    const chapter = (type: number) => tree.chapters.flatMap((c) => c.children).find((c) => c.type === type)!;
    for (const [type, mime] of [
      [CHAPTER_TYPE.video, /video\/mp4/],
      [CHAPTER_TYPE.document, /application\/pdf/],
    ] as const) {
      const ware = zWare.parse(data(await api.get(`/learn/ware/${tree.code}/${chapter(type).cid}`)));
      expect(ware.status).toBe('unconverted');
      const res = await api.get(ware.path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(mime);
    }
  });
});
