/**
 * The chapter learning pages in Chromium, on real files made at test time:
 * an HLS video from ffmpeg, a PDF with Chinese text from LibreOffice, slide and picture PNGs from sharp,
 * served through the signed /media addresses the ware call hands out.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent, login } from '../helpers/app';
import {
  attachResource,
  enrol,
  makeAudio,
  makeImage,
  makePdf,
  makeSlides,
  makeVideo,
  removeTempMedia,
  seedResource,
} from '../helpers/learning-factory';
import { DOUBLE_TAP_GUARD_MS } from '../../shared/constants';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signIn } from './learn-helpers';

let h: Harness;
let paid: {
  coid: string;
  code: string;
  video: string;
  pdf: string;
  ppt: string;
  image: string;
  graphic: string;
  exercise: string;
  hlsOnly: string;
  audio: string;
  office: string;
  converting: string;
};
let reading: { code: string };
let strict: { code: string; video: string };
let student: { cookie: string };
let outsider: { cookie: string };

const GRAPHIC_TEXT = Array.from(
  { length: 4 },
  (_, i) =>
    `<h3>第${i + 1}章 学习要点</h3>` +
    Array.from(
      { length: 12 },
      (_, j) =>
        `<p>第${i + 1}章第${j + 1}段：在线学习需要循序渐进，先理解概念，再动手练习，最后总结回顾。这一段文字足够长，用来撑起页面的高度。</p>`,
    ).join('') +
    `<h4>第${i + 1}章 小结</h4><p>本章小结。</p>`,
).join('');

beforeAll(async () => {
  h = await startHarness();
  const admin = await asAdmin(h);
  const schoolId = h.school.id;
  const [videoDir, pdfFile, slides, picture, audioFile] = await Promise.all([
    makeVideo(8),
    makePdf([
      ['第一页 课程讲义', '蓝学在线学习平台：中文文本测试。', '学而时习之，不亦说乎。'],
      ['第二页 复习题', '请回答以下问题。'],
      ['第三页 参考答案', '答案见课堂笔记。'],
    ]),
    makeSlides(4),
    makeImage(),
    makeAudio(6),
  ]);
  const videoRid = await seedResource(h.app, {
    schoolId,
    kind: 'video',
    fileName: '第一课.mp4',
    mime: 'video/mp4',
    source: `${videoDir}/source.mp4`,
    duration: 8,
    outputs: { hls: 'hls/index.m3u8', mp4: 'video.mp4', poster: 'poster.jpg', width: 640, height: 360 },
    subtitles: [{ label: '中文', lang: 'zh', path: 'subtitles/zh.vtt' }],
    derived: {
      hls: `${videoDir}/hls`,
      'video.mp4': `${videoDir}/video.mp4`,
      'poster.jpg': `${videoDir}/poster.jpg`,
      'subtitles/zh.vtt': `${videoDir}/zh.vtt`,
    },
  });
  const hlsOnlyRid = await seedResource(h.app, {
    schoolId,
    kind: 'video',
    fileName: 'hls-only.mov',
    mime: 'video/quicktime',
    source: Buffer.from('not playable as is'),
    duration: 8,
    outputs: { hls: 'hls/index.m3u8' },
    derived: { hls: `${videoDir}/hls` },
  });
  const pdfRid = await seedResource(h.app, {
    schoolId,
    kind: 'pdf',
    fileName: '课程讲义.pdf',
    mime: 'application/pdf',
    source: pdfFile,
    outputs: { pages: 3 },
  });
  const pptRid = await seedResource(h.app, {
    schoolId,
    kind: 'ppt',
    fileName: '幻灯片.pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    source: Buffer.from('pptx'),
    outputs: { slides: slides.map((_, i) => `slides/slide-${i + 1}.png`), pages: 4 },
    derived: Object.fromEntries(slides.map((png, i) => [`slides/slide-${i + 1}.png`, png])),
  });
  const audioRid = await seedResource(h.app, {
    schoolId,
    kind: 'audio',
    fileName: '朗读.wav',
    mime: 'audio/wav',
    source: Buffer.from('RIFF'),
    duration: 6,
    outputs: { audio: 'audio.m4a' },
    derived: { 'audio.m4a': audioFile },
  });
  const officeRid = await seedResource(h.app, {
    schoolId,
    kind: 'office',
    fileName: '讲义.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    source: Buffer.from('docx'),
    outputs: { pdf: 'document.pdf', pages: 3 },
    derived: { 'document.pdf': pdfFile },
  });
  const convertingRid = await seedResource(h.app, {
    schoolId,
    kind: 'office',
    fileName: '进行中.docx',
    mime: 'application/octet-stream',
    source: Buffer.from('docx'),
    status: 'converting',
  });
  const imageRid = await seedResource(h.app, {
    schoolId,
    kind: 'image',
    fileName: '示意图.png',
    mime: 'image/png',
    source: picture,
    outputs: { width: 1200, height: 800 },
  });

  const course = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '学习页面测试课程',
    catid: '0',
    type: 0,
    actual: 50,
  });
  const add = async (title: string, type: number, parent_id = '0') =>
    (await admin<{ cid: string }>('POST', '/chapter/add', { coid: course.coid, parent_id, title, type })).cid;
  const part = await add('第一章 入门', CHAPTER_TYPE.heading);
  const video = await add('1.1 视频：平台介绍', CHAPTER_TYPE.video, part);
  const pdf = await add('1.2 讲义', CHAPTER_TYPE.document, part);
  const ppt = await add('1.3 幻灯片', CHAPTER_TYPE.ppt, part);
  const image = await add('1.4 示意图', CHAPTER_TYPE.document, part);
  const graphic = await add('1.5 图文阅读', CHAPTER_TYPE.imageText, part);
  const exercise = await add('1.6 练习', CHAPTER_TYPE.exercise, part);
  const hlsOnly = await add('1.7 仅 HLS 的视频', CHAPTER_TYPE.video, part);
  const audio = await add('1.8 音频', CHAPTER_TYPE.audio, part);
  const office = await add('1.9 Word 讲义', CHAPTER_TYPE.office, part);
  const converting = await add('1.10 转码中的文档', CHAPTER_TYPE.office, part);
  await admin('POST', '/chapter/free', { cid: video, free: 1 });
  await admin('POST', '/chapter/free', { cid: hlsOnly, free: 1 });
  await admin('POST', '/chapter/update', { cid: pdf, allowdownload: 1 });
  await admin('POST', '/chapter/update', { cid: graphic, description: GRAPHIC_TEXT });
  await attachResource(h.app, video, videoRid);
  await attachResource(h.app, hlsOnly, hlsOnlyRid);
  await attachResource(h.app, pdf, pdfRid);
  await attachResource(h.app, ppt, pptRid);
  await attachResource(h.app, image, imageRid);
  await attachResource(h.app, audio, audioRid);
  await attachResource(h.app, office, officeRid);
  await attachResource(h.app, converting, convertingRid);
  await admin('POST', '/course/pub', { coid: course.coid, pub: '1' });
  paid = { ...course, video, pdf, ppt, image, graphic, exercise, hlsOnly, audio, office, converting };

  const graphicCourse = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '图文课程：学习方法',
    catid: '0',
    type: 4,
    actual: 0,
    description: GRAPHIC_TEXT,
  });
  await admin('POST', '/course/pub', { coid: graphicCourse.coid, pub: '1' });
  reading = { code: graphicCourse.code };

  const strictCourse = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '不允许快进的课程',
    catid: '0',
    type: 0,
    actual: 0,
    settings: { notAllowSkip: 1 },
  });
  const strictVideo = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: strictCourse.coid,
      title: '完整观看',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  await attachResource(h.app, strictVideo, videoRid);
  await admin('POST', '/course/pub', { coid: strictCourse.coid, pub: '1' });
  strict = { code: strictCourse.code, video: strictVideo };

  const buyer = await buildStudent(h.app, { name: '张同学' });
  await enrol(h.app, buyer.id, course.coid);
  student = { cookie: (await login(h.app, buyer)).cookie };
  outsider = { cookie: (await login(h.app, await buildStudent(h.app))).cookie };
}, 180_000);
afterAll(async () => {
  await h?.close();
  removeTempMedia();
});

const learn = (code: string, cid: string, letter: string) => `/u/learn/${code}/${cid}/${letter}`;
const hashOf = (page: Page) => new URL(page.url()).hash;
const videoTime = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLVideoElement>('[data-testid="video-viewer"] video')?.currentTime ?? -1,
  );

describe('video chapters', () => {
  it('plays the HLS chapter on desktop: currentTime advances; subtitles, chapter list, neighbours, no download', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    const media: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/media/'))
        media.push(`${response.status()} ${new URL(response.url()).pathname.split('/').slice(4).join('/')}`);
    });
    await page.goto(learn(paid.code, paid.video, 'v'));
    await page.waitForURL((url) => url.hash === '#/video');
    await page.getByTestId('video-viewer').waitFor();
    await expect(page.locator('.learn-title').textContent()).resolves.toBe('1.1 视频：平台介绍');
    await expect(page.getByTestId('learn-download').count()).resolves.toBe(0);
    // The chapter list beside the content: the current chapter marked, paid ones locked for a guest.
    const current = page.locator('[data-testid="learn-chapter"][aria-current="page"]');
    await expect(current.textContent()).resolves.toContain('1.1 视频：平台介绍');
    await expect(page.getByTestId('learn-chapter').count()).resolves.toBe(10);
    await expect(page.getByTestId('learn-next').textContent()).resolves.toContain('1.2 讲义');

    await page.locator('.vjs-big-play-button').click();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(1.5);
    expect(media.some((line) => /^200 hls\/index\.m3u8$/.test(line))).toBe(true);
    expect(media.some((line) => /^20[06] hls\/seg_\d+\.ts$/.test(line))).toBe(true);
    // The subtitle track is there and showing.
    await expect.poll(() => page.locator('.vjs-text-track-display').textContent()).toContain('测试字幕');
    await screenshot(page, 'learn-video-desktop');
    expect(errors).toEqual([]);
  });

  it('plays on mobile too, with the chapter list in a drawer; resumes from the last position', async () => {
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.clock.install();
    await page.goto(learn(paid.code, paid.video, 'v'));
    await page.getByTestId('video-viewer').waitFor();
    await expect(page.locator('.learn-aside').count()).resolves.toBe(0);
    await page.locator('.vjs-big-play-button').tap();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(2.5);
    await page.evaluate(() => document.querySelector('video')!.pause());
    const stoppedAt = await videoTime(page);
    await screenshot(page, 'learn-video-mobile');

    await page.getByTestId('learn-open-chapters').tap();
    const drawer = page.getByTestId('learn-drawer');
    await drawer.waitFor();
    await expect.poll(() => drawer.getByTestId('learn-chapter').count()).toBe(10);
    await screenshot(page, 'learn-video-mobile-drawer');
    // The shell blocks a second tap within 300 ms (spec 2 double-tap guard): tap as a person would, a moment later
    // on the page's clock (Playwright's, moved on instead of waited for).
    await page.clock.fastForward(DOUBLE_TAP_GUARD_MS + 50);
    await drawer.locator('.learn-drawer-panel header button').tap();
    await drawer.waitFor({ state: 'detached' });

    // Coming back: the player starts where the learner stopped.
    await page.reload();
    await page.getByTestId('video-viewer').waitFor();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(stoppedAt - 1);
    expect(errors).toEqual([]);
  });

  it('notAllowSkip: a seek past the furthest point watched snaps back', async () => {
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    await page.goto(learn(strict.code, strict.video, 'v'));
    await page.getByTestId('video-viewer').waitFor();
    await page.locator('.vjs-big-play-button').click();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
    await page.evaluate(() => {
      document.querySelector('video')!.currentTime = 7;
    });
    await page.getByText('本课程不允许快进，已回到您看到的位置。').waitFor();
    const after = await videoTime(page);
    expect(after).toBeLessThan(4.5);
    // Going back stays allowed.
    await page.evaluate(() => {
      document.querySelector('video')!.currentTime = 0.2;
    });
    await expect.poll(() => videoTime(page)).toBeLessThan(1.5);
    await screenshot(page, 'learn-video-no-skip');
  });

  it('says the spec 8 MediaSource message when HLS is the only source and the browser cannot play it', async () => {
    const context = await h.desktop();
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.MediaSource;
      delete w.ManagedMediaSource;
      delete w.WebKitMediaSource;
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : original.call(this, type);
      };
    });
    const page = await context.newPage();
    await page.goto(learn(paid.code, paid.hlsOnly, 'v'));
    const message = page.getByTestId('no-media-source');
    await message.waitFor();
    await expect(message.textContent()).resolves.toContain(
      '您的浏览器不支持 MediaSource，无法播放此视频，请安装最新版的 Chrome 或 Firefox 浏览器。',
    );
    await screenshot(page, 'learn-video-no-mediasource');
  });

  it('plays an audio chapter', async () => {
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(learn(paid.code, paid.audio, 'v'));
    await page.waitForURL((url) => url.hash === '#/video');
    await expect(page.getByTestId('video-viewer').getAttribute('data-kind')).resolves.toBe('audio');
    await page.locator('.vjs-play-control').click();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
    await screenshot(page, 'learn-audio-desktop');
    expect(errors).toEqual([]);
  });
});

describe('documents, slides, images and text', () => {
  it('renders the PDF page by page with its Chinese text, remembers the page, offers the download', async () => {
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(learn(paid.code, paid.pdf, 'p'));
    await page.waitForURL((url) => url.hash === '#/pdf');
    const text = page.getByTestId('pdf-text');
    await expect.poll(() => text.textContent(), { timeout: 15_000 }).toContain('蓝学在线学习平台');
    await expect(text.textContent()).resolves.toContain('学而时习之');
    await expect(text.textContent()).resolves.not.toContain('复习题');
    await expect(page.getByTestId('pdf-page').textContent()).resolves.toBe('第 1 / 3 页');
    // Something is drawn on the canvas (not a blank page).
    const inked = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="pdf-page-sheet"] canvas')!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark += 1;
      return dark;
    });
    expect(inked).toBeGreaterThan(500);
    await screenshot(page, 'learn-pdf-desktop');
    const download = page.getByTestId('learn-download');
    await expect(download.getAttribute('href')).resolves.toMatch(/^\/media\/.+\/source\?download=1$/);
    const file = await page.request.get(h.baseURL + (await download.getAttribute('href')));
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/attachment/);

    await page.getByRole('button', { name: '下一页' }).click();
    await expect.poll(() => text.textContent()).toContain('复习题');
    await expect(text.textContent()).resolves.not.toContain('蓝学在线学习平台');
    await page.getByTestId('pdf-viewer').press('End');
    await expect.poll(() => text.textContent()).toContain('参考答案');
    await page.getByTestId('pdf-viewer').press('ArrowLeft');
    await expect.poll(() => page.getByTestId('pdf-page').textContent()).toBe('第 2 / 3 页');
    await page.getByRole('button', { name: '放大' }).click();
    await expect(page.getByTestId('pdf-zoom').textContent()).resolves.toBe('缩放 125%');
    await page.reload();
    await expect.poll(() => page.getByTestId('pdf-text').textContent(), { timeout: 15_000 }).toContain('复习题');
    await expect(page.getByTestId('pdf-page').textContent()).resolves.toBe('第 2 / 3 页');
    expect(errors).toEqual([]);
  });

  it('flips slides with the keyboard and the thumbnails', async () => {
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    await page.goto(learn(paid.code, paid.ppt, 'ppt'));
    await page.waitForURL((url) => url.hash === '#/ppt');
    const current = page.getByTestId('slide-current');
    await current.waitFor();
    const index = () => current.getAttribute('data-index');
    await expect(index()).resolves.toBe('0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    await expect.poll(index).toBe('2');
    await page.keyboard.press('End');
    await expect.poll(index).toBe('3');
    await expect(page.getByTestId('slide-count').textContent()).resolves.toBe('第 4 / 4 页');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(index).toBe('2');
    await page.keyboard.press('Home');
    await expect.poll(index).toBe('0');
    await page.getByRole('button', { name: '第 3 张' }).click();
    await expect.poll(index).toBe('2');
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
    await screenshot(page, 'learn-slides-desktop');
  });

  it('zooms the image with the buttons and the wheel', async () => {
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    await page.goto(learn(paid.code, paid.image, 'p'));
    await page.waitForURL((url) => url.hash === '#/image');
    const picture = page.getByTestId('image-picture');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    const width = () => picture.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width);
    const fitted = await width();
    await page.getByRole('button', { name: '放大' }).click();
    await expect(page.getByTestId('image-zoom').textContent()).resolves.toBe('缩放 125%');
    await expect.poll(width).toBeCloseTo(fitted * 1.25, 0);
    const box = (await page.locator('.learn-image-stage').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    // The wheel event may be handled after mouse.wheel returns.
    await expect.poll(() => page.getByTestId('image-zoom').textContent()).toBe('缩放 156%');
    await screenshot(page, 'learn-image-zoomed');
    await page.getByTestId('image-zoom').click();
    await expect.poll(width).toBeCloseTo(fitted, 0);
  });

  it('reads a graphic chapter to the end: progress reaches 1 and the table of contents follows', async () => {
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(learn(paid.code, paid.graphic, 'i'));
    await page.waitForURL((url) => url.hash === '#/graphic');
    const toc = page.getByTestId('reader-toc');
    await toc.waitFor();
    await expect(toc.getByRole('link').count()).resolves.toBe(8);
    const progress = () => page.getByTestId('reading-progress').getAttribute('data-progress').then(Number);
    const currentItem = () => toc.locator('a[aria-current="location"]').textContent();
    expect(await progress()).toBeLessThan(0.5);
    await expect(page.locator('.graphic-reader-text script').count()).resolves.toBe(0);

    await page.evaluate(() => document.getElementById('gr-3')!.scrollIntoView({ block: 'start' }));
    await expect.poll(currentItem).toBe('第2章 学习要点');
    await screenshot(page, 'learn-graphic-middle');
    await toc.getByRole('link', { name: '第3章 小结' }).click();
    await expect.poll(currentItem).toBe('第3章 小结');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(progress).toBe(1);
    await expect.poll(currentItem).toBe('第4章 小结');
    await expect(page.getByTestId('reading-progress').textContent()).resolves.toBe('阅读进度 100%');
    await screenshot(page, 'learn-graphic-end');
    expect(errors).toEqual([]);
  });
});

describe('office documents and the graphic course', () => {
  it('shows an office chapter as its converted PDF, and a document still converting as such', async () => {
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    await page.goto(learn(paid.code, paid.office, 'p'));
    await page.waitForURL((url) => url.hash === '#/office');
    await expect
      .poll(() => page.getByTestId('pdf-text').textContent(), { timeout: 15_000 })
      .toContain('蓝学在线学习平台');
    await page.goto(learn(paid.code, paid.converting, 'p'));
    const status = page.getByTestId('learn-status');
    await status.waitFor();
    await expect(status.getAttribute('data-status')).resolves.toBe('converting');
    await expect(status.textContent()).resolves.toContain('文件正在转码，请稍后再来学习。');
    await expect(status.getByRole('button', { name: '刷新' }).count()).resolves.toBe(1);
    await screenshot(page, 'learn-office-converting');
  });

  it('reads a graphic course in the reader on desktop; mobile goes to the detail tab', async () => {
    const desktop = await (await h.desktop()).newPage();
    const errors = pageErrors(desktop);
    await desktop.goto(`/course/${reading.code}#/graphic`);
    await desktop.getByTestId('graphic-reader').waitFor();
    await expect(desktop.locator('.graphic-reader-title').textContent()).resolves.toBe('图文课程：学习方法');
    await expect(desktop.getByTestId('reader-toc').getByRole('link').count()).resolves.toBe(8);
    await desktop.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => desktop.getByTestId('reading-progress').getAttribute('data-progress')).toBe('1');
    await desktop.evaluate(() => window.scrollTo(0, 0));
    await desktop.locator('.graphic-course-back').click();
    await desktop.waitForURL((url) => url.hash === '#/introduce/detail');
    expect(errors).toEqual([]);

    const mobile = await (await h.mobile()).newPage();
    await mobile.goto(`/course/${reading.code}#/graphic`);
    await mobile.waitForURL((url) => url.hash === '#/introduce/detail');
  });
});

describe('access and the chapters without a viewer', () => {
  it('refuses a guest a paid chapter (sign in) and a student who has not bought it (end of trial), beside the chapter list', async () => {
    const guest = await (await h.desktop()).newPage();
    await guest.goto(learn(paid.code, paid.pdf, 'p'));
    const refusal = guest.getByTestId('learn-refusal');
    await refusal.waitFor();
    await expect(refusal.getAttribute('data-refusal')).resolves.toBe('noLogin');
    await expect(refusal.getByRole('link', { name: '去登录' }).getAttribute('href')).resolves.toContain(
      `/login/u/${h.school.hashUID}?return=`,
    );
    await guest.getByTestId('learn-chapters').waitFor();
    expect(hashOf(guest)).toBe('');

    const context = await h.desktop();
    await signIn(h, context, outsider.cookie);
    const page = await context.newPage();
    await page.goto(learn(paid.code, paid.pdf, 'p'));
    const trial = page.getByTestId('learn-refusal');
    await trial.waitFor();
    await expect(trial.getAttribute('data-refusal')).resolves.toBe('endOfTrial');
    await expect(trial.textContent()).resolves.toContain('试看已结束，购买课程后即可继续学习。');
    await expect(page.getByTestId('learn-buy').getAttribute('href')).resolves.toBe(
      `/course/${paid.code}#/introduce/info`,
    );
    await page.getByTestId('learn-chapters').waitFor();
    await screenshot(page, 'learn-refusal-trial');
  });

  it('a course taken down alerts 该课程已下架 and goes back to the school page', async () => {
    const admin = await asAdmin(h);
    const gone = await admin<{ coid: string; code: string }>('POST', '/course/new', {
      title: '将下架的课程',
      catid: '0',
      type: 0,
      actual: 0,
    });
    const cid = (
      await admin<{ cid: string }>('POST', '/chapter/add', {
        coid: gone.coid,
        title: '第一节',
        type: CHAPTER_TYPE.video,
      })
    ).cid;
    await admin('POST', '/course/pub', { coid: gone.coid, pub: '1' });
    await admin('POST', '/course/delete', { coids: [gone.coid] });
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    await page.goto(learn(gone.code, cid, 'v'));
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('该课程已下架');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === `/u/${h.school.hashUID}`);
  });

  it('an exercise chapter without an exercise set says so', async () => {
    const context = await h.mobile();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    await page.goto(learn(paid.code, paid.exercise, 'o'));
    const message = page.getByTestId('learn-exercise');
    await message.waitFor();
    await expect(message.textContent()).resolves.toContain('本章暂无练习题。');
    expect(hashOf(page)).toBe('');
    await screenshot(page, 'learn-exercise-mobile');
  });

  it('a hash route that does not fit the chapter moves to the right viewer', async () => {
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    await page.goto(`${learn(paid.code, paid.pdf, 'p')}#/videov2`);
    await page.waitForURL((url) => url.hash === '#/pdf');
    await page.goto(`${learn(paid.code, paid.ppt, 'ppt')}#/pptv3`);
    await page.getByTestId('slides-viewer').waitFor();
    expect(hashOf(page)).toBe('#/pptv3');
  });
});
