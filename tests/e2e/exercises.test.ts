/**
 * Chapter exercises in the browser (spec 4 'Quiz dialog'; spec 5 'Quiz'): a
 * student answers a several-question exercise with show-answer on (sees the correct answer and explanation,
 * Next resets the selection) on a desktop, another with show-answer off (Next submits silently and advances)
 * on a phone, the 2-second toast when nothing is chosen, the 'Exercises (n)' button of a chapter that
 * carries exercises, and an administrator previewing the course told to switch to view mode (spec 5, spec 8). Sets are made through course/updateExec, answers go through the real server.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOUBLE_TAP_GUARD_MS, TOAST_MS } from '../../shared/constants';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { ADMIN, login } from '../helpers/app';
import { seedQuestion } from '../helpers/exam-factory';
import { expectToast } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, startHarness, type Harness } from './harness';
import { signedInStudent, signIn, viewportShot } from './learn-helpers';

let h: Harness;
let code = '';
const cids = { on: '', off: '', reading: '' };

beforeAll(async () => {
  h = await startHarness();
  const admin = await asAdmin(h);
  const schoolId = h.school.id;
  const { coid } = await admin<{ coid: string }>('POST', '/course/new', {
    title: '练习课程',
    catid: '0',
    type: 0,
    actual: 0,
  });
  const add = (title: string, type: number) =>
    admin<{ cid: string }>('POST', '/chapter/add', { coid, parent_id: '0', title, type }).then((c) => c.cid);
  cids.reading = await add('阅读', CHAPTER_TYPE.imageText);
  cids.on = await add('练习一', CHAPTER_TYPE.exercise);
  cids.off = await add('练习二', CHAPTER_TYPE.exercise);
  await admin('POST', '/chapter/update', { cid: cids.reading, description: '<p>一段阅读材料。</p>' });

  const capital = await seedQuestion(h.app, {
    schoolId,
    type: 0,
    content: '<p>法国的首都是？</p>',
    options: ['巴黎', '罗马', '奥斯陆'],
    answer: '1',
    explanation: '<p>巴黎是法国首都</p>',
  });
  const primes = await seedQuestion(h.app, {
    schoolId,
    type: 1,
    content: '<p>哪些是质数？</p>',
    options: ['2', '4', '5', '9'],
    answer: '1,3',
    explanation: '<p>2 和 5 是质数</p>',
  });
  const sky = await seedQuestion(h.app, {
    schoolId,
    type: 2,
    content: '<p>晴天的天空是蓝色的。</p>',
    answer: '0',
    explanation: '<p>瑞利散射</p>',
  });
  const river = await seedQuestion(h.app, {
    schoolId,
    type: 0,
    content: '<p>最长的河流？</p>',
    options: ['尼罗河', '塞纳河'],
    answer: '1',
    explanation: '<p>不应出现</p>',
  });
  const essay = await seedQuestion(h.app, {
    schoolId,
    type: 3,
    content: '<p>简述你的学习计划。</p>',
    answer: '参考答案',
    explanation: '<p>不应出现</p>',
  });
  const read = await seedQuestion(h.app, { schoolId, type: 2, content: '<p>你读完了吗？</p>', answer: '0' });
  await admin('POST', '/course/updateExec', {
    coid,
    cid: cids.on,
    title: '第一组',
    questions: [capital, primes, sky].map((qid) => ({ qid, showanswer: true })),
  });
  await admin('POST', '/course/updateExec', {
    coid,
    cid: cids.off,
    title: '第二组',
    questions: [river, essay].map((qid) => ({ qid, showanswer: false })),
  });
  await admin('POST', '/course/updateExec', { coid, cid: cids.reading, questions: [{ qid: read, showanswer: true }] });
  await admin('POST', '/course/pub', { coid, pub: '1' });
  code = h.app.ctx.courseCodec.encode(coid);
}, 300_000);

afterAll(() => h?.close());

const learn = (cid: string, letter: string) => `/u/learn/${code}/${cid}/${letter}`;
const dialogOf = (page: Page) => page.getByTestId('quiz-dialog');
const button = (page: Page) => page.getByTestId('quiz-button');
const states = (page: Page) =>
  page.getByTestId('exercise-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
const checkedCount = (page: Page) => page.locator('[data-testid="quiz-options"] input:checked').count();

describe('the quiz dialog', () => {
  it('several questions with show-answer on (desktop): the 2-second toast, the answer description, Next resets, the last gives Close', async () => {
    const s = await signedInStudent(h, '练习学员');
    const context = await h.desktop();
    await signIn(h, context, s.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.clock.install();
    await page.goto(learn(cids.on, 'o'));
    await page.getByTestId('learn-exercise').waitFor();
    expect(await states(page)).toEqual(['unanswered', 'unanswered', 'unanswered']);
    await page.getByTestId('exercise-start').click();

    const dialog = dialogOf(page);
    await page.getByTestId('quiz-question').waitFor();
    const box = await dialog.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([800, 600]);
    await expect(page.getByTestId('quiz-content').textContent()).resolves.toContain('法国的首都是');
    await expect(page.getByTestId('quiz-options').textContent()).resolves.toMatch(/A\.巴黎B\.罗马C\.奥斯陆/);
    expect(await button(page).getAttribute('data-row')).toBe('1');

    // Nothing chosen: a toast for 2 seconds, nothing sent. The page's clock stands still meanwhile and the test
    // moves it, so a slow machine cannot stretch or shorten the 2 seconds.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    await button(page).click();
    await expectToast(page, '请先选择或填写答案');
    const emptyToast = page.getByTestId('toast').filter({ hasText: '请先选择或填写答案' });
    await page.clock.runFor(TOAST_MS - 100);
    expect(await emptyToast.count()).toBe(1);
    await page.clock.runFor(100);
    await emptyToast.waitFor({ state: 'detached' });
    await page.clock.resume();
    expect(await page.getByTestId('quiz-description').count()).toBe(0);

    // Wrong answer: the description marks it wrong and shows the correct answer and explanation; options lock.
    await page.getByTestId('quiz-option-2').click();
    await button(page).click();
    const description = page.getByTestId('quiz-description');
    await description.waitFor();
    expect(await description.getAttribute('data-result')).toBe('wrong');
    await expect(description.textContent()).resolves.toContain('B');
    await expect(page.getByTestId('quiz-correct').textContent()).resolves.toContain('A');
    await expect(page.getByTestId('quiz-explanation').textContent()).resolves.toContain('巴黎是法国首都');
    expect(await page.locator('[data-testid="quiz-options"] input:disabled').count()).toBe(3);
    expect(await button(page).textContent()).toBe('下一题');
    await viewportShot(page, 'quiz-desktop-answer');

    // Next moves on and resets the selection; a multiple choice clicked out of order is right.
    await button(page).click();
    await expect(page.getByTestId('quiz-progress').textContent()).resolves.toContain('2 / 3');
    expect(await checkedCount(page)).toBe(0);
    expect(await page.getByTestId('quiz-description').count()).toBe(0);
    await page.getByTestId('quiz-option-3').click();
    await page.getByTestId('quiz-option-1').click();
    await button(page).click();
    await description.waitFor();
    expect(await description.getAttribute('data-result')).toBe('right');
    await expect(page.getByTestId('quiz-correct').textContent()).resolves.toContain('A, C');

    // The last question: Submit, then Close (the next-mode resets).
    await button(page).click();
    expect(await checkedCount(page)).toBe(0);
    await page.getByTestId('quiz-option-0').click();
    await button(page).click();
    await description.waitFor();
    expect(await button(page).getAttribute('data-row')).toBe('0');
    expect(await button(page).textContent()).toBe('关闭');
    await button(page).click();
    await dialog.waitFor({ state: 'detached' });

    // The page refreshed: the wrong one is still to do.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="exercise-item"]')?.getAttribute('data-state') === 'wrong',
    );
    expect(await states(page)).toEqual(['wrong', 'right', 'right']);
    await expect(page.getByTestId('exercise-summary').textContent()).resolves.toContain('待完成 1 题');
    expect(await page.getByTestId('exercise-start').textContent()).toBe('继续练习');

    // Continuing asks only the pending question; a right answer completes the exercises.
    await page.getByTestId('exercise-start').click();
    await page.getByTestId('quiz-question').waitFor();
    expect(await page.getByTestId('quiz-progress').count()).toBe(0);
    await page.getByTestId('quiz-option-1').click();
    await button(page).click();
    await description.waitFor();
    await button(page).click();
    await page.getByTestId('exercise-done').waitFor();
    expect(await states(page)).toEqual(['right', 'right', 'right']);
    expect(errors).toEqual([]);
  });

  it('several questions with show-answer off (phone): full screen, Next submits silently and advances, the last submit closes', async () => {
    const s = await signedInStudent(h, '手机学员');
    const context = await h.mobile();
    await signIn(h, context, s.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    // A person's taps, apart by more than the double-tap guard's 300 ms (spec 9): the page's clock is
    // Playwright's, moved on past the guard after each tap instead of waiting for it.
    const tap = async (target: ReturnType<Page['getByTestId']>) => {
      await target.tap();
      await page.clock.fastForward(DOUBLE_TAP_GUARD_MS + 50);
    };
    await page.clock.install();
    await page.goto(learn(cids.off, 'o'));
    await tap(page.getByTestId('exercise-start'));
    await page.getByTestId('quiz-question').waitFor();
    const box = await dialogOf(page).boundingBox();
    const viewport = page.viewportSize()!;
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([viewport.width, viewport.height]);

    // Show-answer off: the first question's row is Next, which submits silently.
    expect(await button(page).textContent()).toBe('下一题');
    await tap(button(page));
    await expectToast(page, '请先选择或填写答案');
    await tap(page.getByTestId('quiz-option-2'));
    expect(await checkedCount(page)).toBe(1);
    await tap(button(page));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="quiz-question"]')?.getAttribute('data-row') === '1',
    );
    expect(await page.getByTestId('quiz-description').count()).toBe(0);
    await expect(page.getByTestId('quiz-content').textContent()).resolves.toContain('简述你的学习计划');

    // The short answer: a counter of 500; Submit closes the dialog (the exercises-updated event).
    await page.getByTestId('quiz-textarea').fill('每天学习一小时');
    await expect(page.getByTestId('quiz-counter').textContent()).resolves.toBe('7/500');
    await viewportShot(page, 'quiz-mobile-short');
    await tap(button(page));
    await dialogOf(page).waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="exercise-item"]')?.getAttribute('data-state') === 'wrong',
    );
    expect(await states(page)).toEqual(['wrong', 'pending']);
    // Nothing reached the browser that should not: the explanations of show-answer-off questions were never shown.
    expect(await page.content()).not.toContain('不应出现');
    expect(errors).toEqual([]);
  });

  it("a chapter that carries exercises shows 'Exercises (n)', which opens the same dialog", async () => {
    const s = await signedInStudent(h, '阅读学员');
    const context = await h.desktop();
    await signIn(h, context, s.cookie);
    const page = await context.newPage();
    await page.goto(learn(cids.reading, 'i'));
    const open = page.getByTestId('learn-exercises');
    await open.waitFor();
    expect(await open.textContent()).toContain('练习（1）');
    expect(await open.getAttribute('data-pending')).toBe('1');
    await open.click();
    await page.getByTestId('quiz-question').waitFor();
    await page.getByTestId('quiz-option-0').click();
    await button(page).click();
    await page.getByTestId('quiz-description').waitFor();
    await button(page).click();
    await dialogOf(page).waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="learn-exercises"]')?.getAttribute('data-pending') === '0',
    );
  });

  it('an administrator previewing the course is asked to switch to view mode: on the exercise chapter and from Exercises (n)', async () => {
    const { cookie } = await login(h.app, { username: ADMIN.username, password: ADMIN.password, role: 'admin' });
    const context = await h.desktop();
    await signIn(h, context, cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const notice = '管理员预览时不能答题';

    await page.goto(learn(cids.on, 'o'));
    const chapter = page.getByTestId('learn-exercise');
    await page.locator('[data-testid="learn-exercise"][data-failure]').waitFor();
    expect(await chapter.getAttribute('data-failure')).toBe('switchToViewMode');
    await expect(chapter.textContent()).resolves.toContain(notice);
    expect(await page.getByTestId('exercise-start').count()).toBe(0);

    // Spec 8 'Question detail load failure': an alert with the switch-to-view notice; OK closes the dialog too.
    await page.goto(learn(cids.reading, 'i'));
    await page.getByTestId('learn-exercises').click();
    const alert = page.getByTestId('alert-mask');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(notice);
    await alert.getByRole('button').click();
    await alert.waitFor({ state: 'detached' });
    await dialogOf(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
