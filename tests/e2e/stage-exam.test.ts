/**
 * A growth plan's stage exam in Chromium (spec 4 'Next chapter flow': "all subchapters
 * done and stage not passed: the stage exam opens"; spec 5 'Exam dialog': "when skipping is not allowed and the
 * test is already passed, no dialog shows; skipping is offered only in the optional case"; spec 7 'Exam URLs').
 * Two growth plans of two stages, each stage one video lesson; the first stage has an exam, required in one
 * plan and optional in the other. The student watches the first lesson to the end: the stage-exam dialog
 * opens. Required: Go only, which opens the sitting page through the sealed exam URL; passed, the next stage
 * opens. Optional: Skip goes to the next stage's lesson.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { attachResource, makeVideo, removeTempMedia, seedResource } from '../helpers/learning-factory';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, startHarness, type Harness } from './harness';
import { fastHeartbeat, signedInStudent, signIn, viewportShot } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
type Plan = { coid: string; code: string; a1: string; b1: string };
let required: Plan;
let optional: Plan;

const text = (key: Parameters<typeof translate>[1]) => translate('zh-CN', key);

/** A growth plan (type 3, level 0, no review) of two stages with one video lesson each, and an exam on the first stage. */
async function growthPlan(title: string, rid: string, paperId: string, examOptional: boolean): Promise<Plan> {
  const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title,
    catid: '0',
    type: 3,
    level: 0,
    actual: 0,
  });
  const stage1 = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      parent_id: '0',
      title: '第一阶段 基础',
      type: CHAPTER_TYPE.heading,
    })
  ).cid;
  const a1 = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      parent_id: stage1,
      title: '基础：观看视频',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  const stage2 = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      parent_id: '0',
      title: '第二阶段 进阶',
      type: CHAPTER_TYPE.heading,
    })
  ).cid;
  const b1 = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      parent_id: stage2,
      title: '进阶：观看视频',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  await attachResource(h.app, a1, rid);
  await attachResource(h.app, b1, rid);
  await admin('POST', '/studyplan/commit', { coid: made.coid });
  await admin('POST', '/studyplan/verify', { coid: made.coid, approve: true });
  await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
  await seedExam(h.app, {
    schoolId: h.school.id,
    paperId,
    courseId: made.coid,
    chapterId: stage1,
    title: '第一阶段考试',
    durationSec: 900,
    attempts: 3,
    optional: examOptional,
  });
  return { ...made, a1, b1 };
}

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  const schoolId = h.school.id;
  const videoDir = await makeVideo(5);
  const rid = await seedResource(h.app, {
    schoolId,
    kind: 'video',
    fileName: '阶段课.mp4',
    mime: 'video/mp4',
    source: `${videoDir}/source.mp4`,
    duration: 5,
    outputs: { hls: 'hls/index.m3u8', mp4: 'video.mp4', poster: 'poster.jpg', width: 640, height: 360 },
    derived: { hls: `${videoDir}/hls`, 'video.mp4': `${videoDir}/video.mp4`, 'poster.jpg': `${videoDir}/poster.jpg` },
  });
  const question = await seedQuestion(h.app, {
    schoolId,
    type: 2,
    content: '<p>阶段考试：安全帽必须系好下颌带。</p>',
    answer: '0',
  });
  const paperId = await seedPaper(h.app, { schoolId, questionIds: [question], points: [100], passScore: 60 });
  required = await growthPlan('成长计划（必考）', rid, paperId, false);
  optional = await growthPlan('成长计划（选考）', rid, paperId, true);
}, 180_000);
afterAll(async () => {
  await h?.close();
  removeTempMedia();
});

const learnPath = (plan: Plan, cid: string) => `/u/learn/${plan.code}/${cid}/v`;

/** A student assigned to the plan, on the first stage's lesson with a one-second heartbeat. */
async function onFirstLesson(plan: Plan, name: string): Promise<{ page: Page; errors: string[] }> {
  const student = await signedInStudent(h, name);
  await admin('POST', '/studyplan/assign', { coid: plan.coid, sids: [student.id] });
  const context = await h.desktop();
  await signIn(h, context, student.cookie);
  await fastHeartbeat(context);
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(learnPath(plan, plan.a1));
  return { page, errors };
}

/** Watches the lesson to its end; the chapter-complete tip's Continue runs the next chapter flow: the stage-exam dialog. */
async function finishTheLesson(page: Page) {
  await page.getByTestId('video-viewer').waitFor();
  await page.locator('.vjs-big-play-button').click();
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.ended ?? false), {
      timeout: 25_000,
      interval: 250,
    })
    .toBe(true);
  const tip = page.getByTestId('chapter-tip');
  await tip.waitFor({ timeout: 10_000 });
  await tip.getByTestId('flow-continue').click();
  const dialog = page.getByTestId('stage-exam');
  await dialog.waitFor();
  await expect(dialog.textContent()).resolves.toContain(text('learnRules.stageExam'));
  return dialog;
}

describe('a growth plan stage exam', () => {
  it('required: the lesson done, the dialog offers Go only; Go sits the exam through the sealed URL; passed, the next stage opens', async () => {
    const { page, errors } = await onFirstLesson(required, '必考学员');
    const dialog = await finishTheLesson(page);
    await expect(dialog.getByTestId('stage-exam-skip').count()).resolves.toBe(0);
    await viewportShot(page, 'stage-exam-required');
    await dialog.getByTestId('stage-exam-go').click();

    // The sitting page through the sealed exam URL, returning to the lesson.
    await page.waitForURL((url) => url.hash.startsWith('#/exam/') && url.hash.includes('exid='));
    const returnURL = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('returnURL') ?? '';
    expect(returnURL).toContain(learnPath(required, required.a1));
    const question = page.getByTestId('exam-question');
    await question.waitFor();
    await question.getByText(text('exams.true')).click();
    await expect
      .poll(() => page.getByTestId('exam-save-state').getAttribute('data-state'), { timeout: 5000 })
      .toBe('saved');
    await page.getByTestId('exam-submit').click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: text('common.ok') })
      .click();
    await expect.poll(() => page.getByTestId('exam-passed').getAttribute('class')).toContain('is-pass');

    // Back on the lesson: the stage is passed, so Next goes to the next stage's lesson with no dialog.
    await page.getByTestId('exam-back').click();
    await page.waitForURL((url) => url.pathname === learnPath(required, required.a1));
    await page.getByTestId('video-viewer').waitFor();
    await page.getByTestId('learn-next').click();
    await page.waitForURL((url) => url.pathname === learnPath(required, required.b1));
    await page.getByTestId('video-viewer').waitFor();
    expect(errors).toEqual([]);
  }, 90_000);

  it('optional: the dialog offers Skip and Go; Skip goes to the next stage', async () => {
    const { page, errors } = await onFirstLesson(optional, '选考学员');
    const dialog = await finishTheLesson(page);
    await expect(dialog.getByTestId('stage-exam-go').count()).resolves.toBe(1);
    await viewportShot(page, 'stage-exam-optional');
    await dialog.getByTestId('stage-exam-skip').click();
    await page.waitForURL((url) => url.pathname === learnPath(optional, optional.b1));
    await page.getByTestId('video-viewer').waitFor();
    expect(errors).toEqual([]);
  }, 90_000);
});
