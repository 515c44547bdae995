/**
 * Study plans in Chromium: an administrator makes a growth plan from two courses in
 * the back office, submits it, approves it, publishes it and assigns a group; a student of that group finds
 * it under study/plan, opens its detail and sees stage 2 locked until stage 1 is complete; a student of no
 * group is told the plan is not theirs. The reviewer rejects another plan with a reason, the list filters by
 * review state, and a student is found, assigned and removed.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { buildStudent, login } from '../helpers/app';
import { attachResource, seedResource } from '../helpers/learning-factory';
import { expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signedInPage } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let member: { id: string; cookie: string };
let outsider: { cookie: string };
let groupId: string;
const courses: { coid: string; title: string; lessons: string[] }[] = [];

/** A published course with lessons (video or PDF chapters with their library resources). */
async function sourceCourse(title: string, lessons: [string, 'video' | 'pdf'][]) {
  const { coid } = await admin<{ coid: string }>('POST', '/course/new', { title, catid: '0', type: 0, actual: 0 });
  for (const [name, kind] of lessons) {
    const { cid } = await admin<{ cid: string }>('POST', '/chapter/add', {
      coid,
      title: name,
      type: kind === 'video' ? CHAPTER_TYPE.video : CHAPTER_TYPE.document,
    });
    const rid =
      kind === 'video'
        ? await seedResource(h.app, {
            schoolId: h.school.id,
            kind: 'video',
            fileName: `${name}.mp4`,
            mime: 'video/mp4',
            source: Buffer.from('video'),
            duration: 60,
            outputs: { mp4: 'video.mp4' },
          })
        : await seedResource(h.app, {
            schoolId: h.school.id,
            kind: 'pdf',
            fileName: `${name}.pdf`,
            mime: 'application/pdf',
            source: Buffer.from('%PDF-1.4'),
            outputs: { pages: 2 },
          });
    await attachResource(h.app, cid, rid);
  }
  await admin('POST', '/course/pub', { coid, pub: '1' });
  courses.push({ coid, title, lessons: lessons.map(([name]) => name) });
}

const signedIn = (context: BrowserContext, cookie: string) => signedInPage(h, context, cookie);

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  await sourceCourse('代数入门', [
    ['整数与运算', 'video'],
    ['代数讲义', 'pdf'],
  ]);
  await sourceCourse('几何基础', [['三角形', 'video']]);
  const made = await buildStudent(h.app, { name: '李同学', groups: ['一班'] });
  groupId = made.groupIds[0];
  member = { id: made.id, cookie: (await login(h.app, made)).cookie };
  const other = await buildStudent(h.app, { name: '局外人' });
  outsider = { cookie: (await login(h.app, other)).cookie };
}, 180_000);
afterAll(async () => h?.close());

describe('study plans', () => {
  let coid = '';

  it('the administrator creates a plan from two courses, submits it, approves it, publishes it and assigns a group', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '学习计划' }).click();
    await page.getByTestId('plans-page').waitFor();
    await page.getByTestId('new-plan').click();
    const dialog = page.getByTestId('create-plan');
    await dialog.locator('[data-field="title"] input').fill('数学成长计划');
    // Growth is the default kind; the courses are chosen in stage order.
    for (const course of courses)
      await dialog.locator(`.ac-picker-results li[data-coid="${course.coid}"] button`).click();
    await expect
      .poll(() => dialog.locator('.ac-picker-chosen li').allTextContents())
      .toEqual(courses.map((c) => expect.stringContaining(c.title)));
    await screenshot(page, 'plans-admin-create');
    await dialog.getByRole('button', { name: '创建' }).click();

    const detail = page.getByTestId('plan-detail');
    await detail.waitFor();
    coid = decodeURIComponent(new URL(page.url()).hash).split('/').pop() ?? '';
    expect(coid).toMatch(/^\d+$/);
    await expect.poll(() => detail.getAttribute('data-status')).toBe('draft');
    expect(await page.getByTestId('plan-stage').allTextContents()).toEqual([
      expect.stringContaining('代数入门'),
      expect.stringContaining('几何基础'),
    ]);
    expect(await page.getByTestId('plan-lesson').allTextContents()).toEqual(['整数与运算', '代数讲义', '三角形']);
    // Not approved: no publishing, and no review buttons for a draft.
    expect(await page.getByTestId('publish-plan').isDisabled()).toBe(true);
    expect(await page.getByTestId('approve-plan').count()).toBe(0);

    await page.getByTestId('commit-plan').click();
    await expect.poll(() => detail.getAttribute('data-status')).toBe('committed');
    expect(await page.getByTestId('commit-plan').count()).toBe(0);
    await page.getByTestId('approve-plan').click();
    await expect.poll(() => detail.getAttribute('data-status')).toBe('approved');
    expect(await page.getByTestId('publish-plan').isDisabled()).toBe(false);
    await page.getByTestId('publish-plan').click();
    await expect.poll(() => page.getByTestId('plan-published').textContent()).toBe('已发布');

    await page.locator(`[data-testid="group-option"][data-gid="${groupId}"] button`).click();
    await page.getByTestId('assigned-group').filter({ hasText: '一班' }).waitFor();
    await screenshot(page, 'plans-admin-detail');

    await page.getByTestId('admin-sidebar').getByRole('link', { name: '学习计划' }).click();
    const row = page.locator(`[data-testid="plan-row"][data-coid="${coid}"]`);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('plan-status').getAttribute('data-status')).toBe('approved');
    await expect.poll(() => row.textContent()).toContain('0 名学员 / 1 个分组');
    await screenshot(page, 'plans-admin-list');
    expect(errors).toEqual([]);
  });

  it('a student of the group sees the plan, and stage 2 stays locked until stage 1 is complete', async () => {
    expect(coid).not.toBe('');
    const page = await signedIn(await h.desktop(), member.cookie);
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}#/study/plan`);
    const card = page.locator(`[data-testid="my-plan"][data-coid="${coid}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('数学成长计划');
    expect(await card.textContent()).toContain('成长计划');
    await screenshot(page, 'plans-student-list');
    await card.getByRole('link').click();

    await page.getByTestId('study-detail-page').waitFor();
    const stages = page.getByTestId('plan-stage');
    expect(await stages.count()).toBe(2);
    expect(await stages.nth(0).getAttribute('data-state')).toBe('inProgress');
    expect(await stages.nth(1).getAttribute('data-state')).toBe('locked');
    expect(await stages.nth(1).getByTestId('stage-lock').textContent()).toMatch(/顺序|in order/);
    // Stage 1's lessons link into the study page; stage 2's are locked, without a link.
    const firstLinks = stages.nth(0).getByTestId('lesson-link');
    expect(await firstLinks.count()).toBe(2);
    expect(await firstLinks.first().getAttribute('href')).toMatch(/^\/u\/learn\/[^/]+\/\d+\/v$/);
    expect(await stages.nth(1).getByTestId('lesson-link').count()).toBe(0);
    expect(await stages.nth(1).getByTestId('plan-lesson').getAttribute('data-locked')).toBe('true');
    await screenshot(page, 'plans-student-detail-locked');

    // Stage 1 completed (its lessons at progress 1, as the heartbeat engine records them): stage 2 opens.
    await h.app.inject({ method: 'POST', url: '/learn/start', payload: { coid }, headers: { cookie: member.cookie } });
    const lessons = await stages
      .nth(0)
      .getByTestId('plan-lesson')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-cid') ?? ''));
    for (const cid of lessons) await admin('POST', '/learn/record/update', { sid: member.id, coid, cid, progress: 1 });
    await page.reload();
    await page.getByTestId('study-detail-page').waitFor();
    await expect.poll(() => page.getByTestId('plan-stage').nth(1).getAttribute('data-state')).toBe('inProgress');
    expect(await page.getByTestId('plan-stage').nth(0).getAttribute('data-state')).toBe('finished');
    expect(await page.getByTestId('plan-stage').nth(1).getByTestId('lesson-link').count()).toBe(1);
    expect(await page.locator('.sp-detail-head').textContent()).toContain('2/3');
    await screenshot(page, 'plans-student-detail-open');
    expect(errors).toEqual([]);
  });

  it('on a phone the same plan reads as one column; a student outside the group is told it is not theirs', async () => {
    const phone = await signedIn(await h.mobile(), member.cookie);
    await phone.goto(`/u/${h.school.hashUID}#/study/detail/${coid}`);
    await phone.getByTestId('study-detail-page').waitFor();
    expect(await phone.getByTestId('plan-stage').count()).toBe(2);
    await screenshot(phone, 'plans-student-detail-mobile');

    const page = await signedIn(await h.desktop(), outsider.cookie);
    await page.goto(`/u/${h.school.hashUID}#/study/plan`);
    await page.getByTestId('plans-empty').waitFor();
    await page.goto(`/u/${h.school.hashUID}#/study/detail/${coid}`);
    await page.getByTestId('plan-missing').waitFor();
    expect(await page.getByTestId('plan-missing').textContent()).toContain('不存在或未分配给您');
  });

  it('the reviewer rejects a submitted plan with a reason (required), shown until it is resubmitted; the list filters by state; a student is found, assigned and removed', async () => {
    expect(coid).not.toBe('');
    const plan = await admin<{ coid: string }>('POST', '/studyplan/create', {
      title: '几何阶段计划',
      kind: 'phase',
      courses: [courses[1]!.coid],
    });
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, `/plans/${plan.coid}`);
    const detail = page.getByTestId('plan-detail');
    await detail.waitFor();
    await page.getByTestId('commit-plan').click();
    await expect.poll(() => detail.getAttribute('data-status')).toBe('committed');

    // Reject: without a reason the dialog says it is required; with one, the plan is rejected and shows it.
    await page.getByTestId('reject-plan-open').click();
    const dialog = page.getByTestId('reject-plan');
    await dialog.getByRole('button', { name: '驳回', exact: true }).click();
    await dialog.getByText('请填写驳回原因').waitFor();
    await dialog.locator('textarea').fill('课程顺序需要调整');
    await screenshot(page, 'plans-admin-reject');
    await dialog.getByRole('button', { name: '驳回', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, '学习计划已驳回');
    await expect.poll(() => detail.getAttribute('data-status')).toBe('rejected');
    expect(await page.getByTestId('reject-reason').textContent()).toBe('驳回原因：课程顺序需要调整');
    expect(await page.getByTestId('publish-plan').isDisabled()).toBe(true);
    // A rejected plan is submitted again: the reason goes with the old review.
    await page.getByTestId('commit-plan').click();
    await expect.poll(() => detail.getAttribute('data-status')).toBe('committed');
    expect(await page.getByTestId('reject-reason').count()).toBe(0);

    // A student found by name is assigned (the search result then reads 已分配), and removed again.
    const assign = page.getByTestId('plan-assign');
    await assign.getByTestId('no-assignees').waitFor();
    await assign.getByRole('searchbox', { name: '搜索学员账号或姓名' }).fill('局外人');
    await assign.getByRole('button', { name: '搜索', exact: true }).click();
    const option = assign.getByTestId('student-option').filter({ hasText: '局外人' });
    await option.getByRole('button', { name: '分配' }).click();
    await expectToast(page, '已分配');
    const assigned = assign.getByTestId('assigned-student').filter({ hasText: '局外人' });
    await assigned.waitFor();
    await expect.poll(() => option.getByRole('button').isDisabled()).toBe(true);
    await assigned.getByRole('button', { name: '移除' }).click();
    await expectToast(page, '已移除');
    await assigned.waitFor({ state: 'detached' });
    await assign.getByTestId('no-assignees').waitFor();

    // The list filtered to plans waiting for review shows this one and not the approved one.
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '学习计划' }).click();
    await page.locator(`[data-testid="plan-row"][data-coid="${coid}"]`).waitFor();
    await page.getByRole('group', { name: '审核状态' }).getByRole('button', { name: '待审核' }).click();
    await expect
      .poll(() => page.getByTestId('plan-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-coid'))))
      .toEqual([plan.coid]);
    expect(errors).toEqual([]);
  });
});
