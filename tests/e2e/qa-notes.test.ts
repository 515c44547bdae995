/**
 * Chapter Q&A and notes in Chromium (issue 16), desktop and phone, on a real HLS video made at test time: a
 * student asks at the video's time, the teacher answers in the back office, the student sees the answer
 * beside the player (and the notice row is written); a note at a video time is found beside the player and in
 * My notes, seeks the video, and the export downloads.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../server/db/schema';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { attachResource, enrol, makeVideo, removeTempMedia, seedResource } from '../helpers/learning-factory';
import { ADMIN_PATH, expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signedInStudent, signIn } from './learn-helpers';

let h: Harness;
let course: { coid: string; code: string; video: string };

beforeAll(async () => {
  h = await startHarness();
  const admin = await asAdmin(h);
  const videoDir = await makeVideo(8);
  const rid = await seedResource(h.app, {
    schoolId: h.school.id,
    kind: 'video',
    fileName: '第一课.mp4',
    mime: 'video/mp4',
    source: `${videoDir}/source.mp4`,
    duration: 8,
    outputs: { hls: 'hls/index.m3u8', mp4: 'video.mp4', poster: 'poster.jpg', width: 640, height: 360 },
    derived: { hls: `${videoDir}/hls`, 'video.mp4': `${videoDir}/video.mp4`, 'poster.jpg': `${videoDir}/poster.jpg` },
  });
  const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '网络基础',
    catid: '0',
    type: 0,
    actual: 30,
  });
  const video = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      parent_id: '0',
      title: '第一讲 三次握手',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  await attachResource(h.app, video, rid);
  await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
  course = { ...made, video };
}, 120_000);

afterAll(async () => {
  await h?.close();
  removeTempMedia();
});

const learnUrl = () => `/u/learn/${course.code}/${course.video}/v`;
const videoTime = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLVideoElement>('[data-testid="video-viewer"] video')?.currentTime ?? -1,
  );

/** A student holding the course, signed in in a new context. */
async function holder(context: BrowserContext, name: string) {
  const student = await signedInStudent(h, name);
  await enrol(h.app, student.id, course.coid);
  await signIn(h, context, student.cookie);
  return student;
}

/** Opens the video chapter and moves the (paused) video to the second. */
async function openAt(page: Page, seconds: number) {
  await page.goto(learnUrl());
  await page.getByTestId('video-viewer').waitFor();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await page.evaluate((at) => {
    const video = document.querySelector('video')!;
    video.pause();
    video.currentTime = at;
  }, seconds);
  await expect.poll(() => videoTime(page)).toBeCloseTo(seconds, 0);
}

async function askAndAnswer(student: BrowserContext, teacher: BrowserContext, name: string, text: string) {
  const page = await student.newPage();
  const errors = pageErrors(page);
  const who = await holder(student, name);
  await openAt(page, 5);
  const panel = page.getByTestId('qa-panel');
  await panel.waitFor();
  const ask = page.getByTestId('qa-ask');
  await ask.locator('textarea').fill(text);
  await expect(ask.locator('.talk-check').textContent()).resolves.toBe('在当前播放时间提问 00:05');
  await ask.getByRole('button', { name: '提问' }).click();
  await expectToast(page, '提问已发布');
  const item = page.getByTestId('qa-item').filter({ hasText: text });
  await expect(item.getByTestId('qa-time').textContent()).resolves.toContain('00:05');
  await expect(item.textContent()).resolves.toContain('待回答');

  // The teacher answers in the back office.
  const office = await teacher.newPage();
  await signInAdmin(office, undefined, '/qa');
  const row = office.getByTestId('qa-row').filter({ hasText: text });
  await expect(row.textContent()).resolves.toContain('视频 00:05');
  await expect(row.textContent()).resolves.toContain(name);
  await row.getByTestId('answer-question').click();
  const dialog = office.getByTestId('answer-dialog');
  await dialog.getByTestId('answer-text').fill(`答复${name}：SYN、SYN-ACK、ACK`);
  await dialog.getByRole('button', { name: '发送回答' }).click();
  await expectToast(office, '回答已发送，学员会收到通知');
  await expect.poll(() => row.getByTestId('qa-state').textContent()).toBe('已回答');

  // The notice row was written for the asker (the systemnotice page is another part of the issue).
  const written = (await h.app.ctx.db.select().from(notices)).filter((notice) => notice.studentId === who.id);
  expect(written).toMatchObject([{ kind: 'question.answered', link: learnUrl() }]);
  // The student finds it on the systemnotice page, worded with the course and chapter, and it leads back there.
  await page.goto(`/u/${h.school.hashUID}#/systemnotice`);
  const notice = page.getByTestId('notice-row').first();
  await expect.poll(() => notice.textContent()).toMatch(/回答了你在《网络基础》「第一讲 三次握手」中的提问/);
  await notice.click();
  await page.waitForURL((url) => url.pathname === learnUrl());

  // Beside the player the student sees the answer; the question's time seeks the video there.
  await page.reload();
  await page.getByTestId('video-viewer').waitFor();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  const answered = page.getByTestId('qa-item').filter({ hasText: text });
  await expect(answered.getByTestId('qa-answer').textContent()).resolves.toContain(`答复${name}`);
  await expect(answered.textContent()).resolves.toContain('已回答');
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 1;
  });
  await expect.poll(() => videoTime(page)).toBeLessThan(2);
  await answered.getByTestId('qa-time').click();
  await expect.poll(() => videoTime(page)).toBeCloseTo(5, 0);
  expect(errors).toEqual([]);
  return { page, office };
}

describe('chapter Q&A', () => {
  it('desktop: a student asks at a video time, the teacher answers in the back office, the student sees it and is notified', async () => {
    const { page, office } = await askAndAnswer(await h.desktop(), await h.desktop(), '张三', '为什么要三次握手？');
    await screenshot(page, 'qa-study-desktop');
    await screenshot(office, 'qa-admin-desktop');
    // The course editor's Q&A tab lists the course's questions, filtered by state.
    await office.goto(`${ADMIN_PATH}#/courses/${course.coid}/qa`);
    const list = office.getByTestId('qa-list');
    await list.getByTestId('qa-row').filter({ hasText: '为什么要三次握手？' }).waitFor();
    await expect(list.getByTestId('qa-course-filter').count()).resolves.toBe(0);
    await list.getByRole('button', { name: '待回答' }).click();
    await list.getByText('暂无提问').waitFor();
  });

  it('phone: the same on a phone, the back office too', async () => {
    const { page, office } = await askAndAnswer(await h.mobile(), await h.mobile(), '李四', '四次挥手又是什么？');
    await screenshot(page, 'qa-study-phone');
    await screenshot(office, 'qa-admin-phone');
  });
});

async function noteFlow(context: BrowserContext, name: string, text: string, mobile: boolean) {
  const page = await context.newPage();
  const errors = pageErrors(page);
  const student = await holder(context, name);
  await openAt(page, 6);
  await page.getByTestId('talk-tab-notes').click();
  const add = page.getByTestId('note-add');
  await add.getByTestId('note-input').fill(text);
  await expect(add.locator('.talk-check').textContent()).resolves.toBe('记在当前播放时间 00:06');
  await add.getByTestId('note-submit').click();
  await expectToast(page, '笔记已保存');
  const note = page.getByTestId('note-item').filter({ hasText: text });
  await expect(note.getByTestId('note-spot').textContent()).resolves.toContain('00:06');

  // Found again beside the player after a reload, and its time seeks the video.
  await page.reload();
  await page.getByTestId('video-viewer').waitFor();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  await page.evaluate(() => {
    document.querySelector('video')!.currentTime = 1;
  });
  await expect.poll(() => videoTime(page)).toBeLessThan(2);
  await page.getByTestId('talk-tab-notes').click();
  await page.getByTestId('note-item').filter({ hasText: text }).getByTestId('note-spot').click();
  await expect.poll(() => videoTime(page)).toBeCloseTo(6, 0);
  await screenshot(page, `notes-study-${mobile ? 'phone' : 'desktop'}`);

  // And in My notes, from the personal centre, grouped by course and chapter.
  await page.goto(`/u/${h.school.hashUID}#/personalcenter`);
  await page.getByTestId('personal-entries').getByText('我的笔记').click();
  await page.waitForURL((url) => url.hash === '#/mynotes');
  const group = page.getByTestId('mynotes-course').filter({ hasText: '网络基础' });
  await expect(group.getByTestId('mynotes-chapter').textContent()).resolves.toContain('第一讲 三次握手');
  await expect(group.getByTestId('note-body').textContent()).resolves.toBe(text);
  await expect(group.getByTestId('note-spot').textContent()).resolves.toContain('00:06');
  await screenshot(page, `notes-mine-${mobile ? 'phone' : 'desktop'}`);
  expect(errors).toEqual([]);
  return { page, student };
}

describe('notes', () => {
  it('desktop: a note at a video time is found beside the player and in My notes, seeks the video, and exports', async () => {
    const { page } = await noteFlow(
      await h.desktop({ acceptDownloads: true }),
      '王五',
      '握手是为了确认双方收发正常',
      false,
    );
    const [md] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-md').click()]);
    expect(md.suggestedFilename()).toMatch(/^我的笔记-\d{8}\.md$/);
    const text = fs.readFileSync((await md.path())!, 'utf8');
    expect(text).toContain('## 网络基础');
    expect(text).toContain('### 第一讲 三次握手');
    expect(text).toContain('- **00:06** 握手是为了确认双方收发正常');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/^我的笔记-\d{8}\.csv$/);
    const bytes = fs.readFileSync((await csv.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toContain('网络基础,第一讲 三次握手,00:06,握手是为了确认双方收发正常,');

    // Edit and delete in My notes.
    const item = page.getByTestId('note-item');
    await item.getByTestId('note-edit').click();
    await item.getByTestId('note-edit-input').fill('改写后的笔记');
    await item.getByTestId('note-save').click();
    await expect.poll(() => page.getByTestId('note-body').textContent()).toBe('改写后的笔记');
    await page.getByTestId('note-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('mynotes-empty').waitFor();
  });

  it('phone: the same note flow on a phone; a note in My notes opens its chapter at its time', async () => {
    const { page, student } = await noteFlow(await h.mobile(), '赵六', '手机上记的笔记', true);
    // A second note at 3 s, where the learner never was: the chapter opens there, not where they left off.
    const added = await h.app.inject({
      method: 'POST',
      url: '/notes/add',
      payload: { coid: course.coid, cid: course.video, body: '第三秒的笔记', videoTime: 3 },
      headers: { cookie: student.cookie },
    });
    expect(added.statusCode, added.body).toBe(200);
    await page.reload();
    await page.getByTestId('note-item').filter({ hasText: '第三秒的笔记' }).getByTestId('note-spot').click();
    await page.waitForURL((url) => url.pathname === learnUrl() && url.hash === '#/video');
    await page.getByTestId('video-viewer').waitFor();
    await expect.poll(() => videoTime(page)).toBeCloseTo(3, 0);
  });
});
