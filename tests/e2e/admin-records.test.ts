/**
 * The back office's learning records and staged review in Chromium: students study
 * through real heartbeats over HTTP on a server clock the setup moves (the videos are 5 s long and a learner
 * who has watched all but the last 2 s is complete: intervals.ts COMPLETE_TOLERANCE); the administrator sees
 * a learner's progress by course, drills into the chapter detail, exports CSV and Excel files (the browser's
 * download and its bytes), looks at the per-chapter times, and approves and rejects studied stages.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { buildStudent, login } from '../helpers/app';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';
import { adminApi, answerConfirm, expectToast, signInAdmin } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
let coid: string;
let lesson1: string;
let stage1: string;
let stage3: string;
let ann: { id: string; cookie: string };
let bob: { id: string; cookie: string };

/**
 * Stops the server's clock (ctx.now, which the heartbeat rules read on every beat) so the setup moves it by
 * exactly the seconds studied, instead of sleeping through them and getting more on a busy machine. release()
 * lets it run again from where the setup left it, never backwards.
 */
function driveServerClock() {
  const real = h.app.ctx.now;
  let at = real();
  h.app.ctx.now = () => at;
  return {
    now: () => at,
    advance: (ms: number) => {
      at += ms;
    },
    release: () => {
      const ahead = Math.max(0, at - real());
      h.app.ctx.now = () => real() + ahead;
    },
  };
}

async function beat(cookie: string, payload: Record<string, unknown>) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/web/heartbeat',
    payload: { pause: false, play_type: 'play', ...payload },
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { completed: boolean; progress: number };
}

beforeAll(async () => {
  h = await startHarness();
  const api = await adminApi(h.app);
  coid = (
    await api<{ coid: string }>('course/new', {
      title: 'Python 阶段课程',
      catid: '0',
      type: 0,
      actual: 0,
      settings: { verify: 1 },
    })
  ).body.data.coid;
  const add = async (parent_id: string, title: string, type: number) =>
    (await api<{ cid: string }>('chapter/add', { coid, parent_id, title, type })).body.data.cid;
  stage1 = await add('0', '第一阶段：入门', CHAPTER_TYPE.heading);
  lesson1 = await add(stage1, '1.1 认识 Python', CHAPTER_TYPE.video);
  const stage2 = await add('0', '第二阶段：进阶', CHAPTER_TYPE.heading);
  const lesson2 = await add(stage2, '2.1 函数', CHAPTER_TYPE.video);
  stage3 = await add('0', '第三阶段：总结', CHAPTER_TYPE.video);
  for (const cid of [lesson1, lesson2, stage3]) {
    await attachResource(
      h.app,
      cid,
      await seedResource(h.app, {
        schoolId: h.school.id,
        kind: 'video',
        fileName: 'clip.mp4',
        mime: 'video/mp4',
        source: Buffer.from('video'),
        duration: 5,
        outputs: { mp4: 'video.mp4' },
      }),
    );
  }
  await api('course/pub', { coid, pub: '1' });
  const made = await Promise.all([
    buildStudent(h.app, { name: '安妮', username: 'ann' }),
    buildStudent(h.app, { name: '鲍勃, "Jr"', username: 'bob' }),
  ]);
  [ann, bob] = await Promise.all(
    made.map(async (student) => ({ id: student.id, cookie: (await login(h.app, student)).cookie })),
  );
  for (const student of [ann, bob]) await enrol(h.app, student.id, coid);

  // Ann watches lesson 1.1 (stage 1 studied); Bob watches stage 3 and one second of lesson 1.1. The server's
  // clock moves by the seconds watched, so the positions are honest and the times exact.
  const clock = driveServerClock();
  const start = clock.now();
  await Promise.all([
    beat(ann.cookie, { coid, cid: lesson1, start_ts: start, position: 0, play_type: 'start' }),
    beat(bob.cookie, { coid, cid: stage3, start_ts: start, position: 0, play_type: 'start' }),
  ]);
  clock.advance(3300);
  const [annEnd, bobEnd] = await Promise.all([
    beat(ann.cookie, { coid, cid: lesson1, start_ts: start, position: 3.3, pause: true, play_type: 'pause' }),
    beat(bob.cookie, { coid, cid: stage3, start_ts: start, position: 3.3, pause: true, play_type: 'pause' }),
  ]);
  expect(annEnd.completed && bobEnd.completed).toBe(true);
  await beat(bob.cookie, { coid, cid: lesson1, start_ts: start + 1, position: 0, play_type: 'start' });
  clock.advance(1100);
  expect(
    (await beat(bob.cookie, { coid, cid: lesson1, start_ts: start + 1, position: 1, pause: true, play_type: 'pause' }))
      .completed,
  ).toBe(false);
  clock.release();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('back office: learning records and the staged review', () => {
  it('shows a course’s learners with their progress, the chapter detail, the per-chapter times, and exports files', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '学习记录' }).click();
    await page.getByTestId('records-page').waitFor();
    await page.getByText('请先选择一门课程').waitFor();
    await page.getByTestId('records-course').selectOption(coid);

    const annRow = page.locator(`[data-testid="learner-row"][data-sid="${ann.id}"]`);
    const bobRow = page.locator(`[data-testid="learner-row"][data-sid="${bob.id}"]`);
    await annRow.waitFor();
    // One of three study chapters (lesson 1.1, lesson 2.1, stage 3 studied on its own) is a third; Bob has stage 3.
    await expect(annRow.getByTestId('record-progress').getAttribute('data-percent')).resolves.toBe('33');
    await expect(annRow.textContent()).resolves.toContain('1 / 3');
    await expect(annRow.getByTestId('learner-time').textContent()).resolves.toBe('3秒');
    await expect(annRow.textContent()).resolves.toContain('1.1 认识 Python');
    await expect(bobRow.getByTestId('record-progress').getAttribute('data-percent')).resolves.toBe('33');
    // The course stays in the address: a reload shows the same list.
    await page.reload();
    await annRow.waitFor();
    await screenshot(page, 'admin-records-course');

    // Export CSV: the browser downloads the server's file, named after the course, with the BOM and the rows.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/^课程学习记录-Python 阶段课程-\d{8}-\d{4}\.csv$/);
    const csvBytes = fs.readFileSync((await csv.path())!);
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvText = csvBytes.subarray(3).toString('utf8');
    expect(csvText.split('\r\n')[0]).toBe(
      '姓名,账号,学习进度（%）,已完成章节数,章节总数,学习时长,学习时长（秒）,最近学习章节,最近访问,开始学习',
    );
    expect(csvText).toContain('安妮,ann,33,1,3,');
    expect(csvText).toContain('"鲍勃, ""Jr""",bob,33,1,3,');
    await expectToast(page, /已导出 课程学习记录-Python 阶段课程-.*\.csv/);
    // Export Excel: a zip (PK) named .xlsx.
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^课程学习记录-Python 阶段课程-\d{8}-\d{4}\.xlsx$/);
    expect(
      fs
        .readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    // Ann's chapter detail: lesson 1.1 complete, lesson 2.1 untouched.
    await annRow.getByTestId('learner-detail').click();
    await page.getByTestId('record-detail-page').waitFor();
    await page.getByRole('heading', { name: '安妮 · Python 阶段课程' }).waitFor();
    const detailRow = (cid: string) => page.locator(`[data-testid="detail-row"][data-cid="${cid}"]`);
    await expect(detailRow(lesson1).getByTestId('record-progress').getAttribute('data-percent')).resolves.toBe('100');
    await expect(detailRow(stage3).getByTestId('record-progress').getAttribute('data-percent')).resolves.toBe('0');
    await expect(detailRow(stage1).getByTestId('detail-verify').textContent()).resolves.toBe('未审核');
    await screenshot(page, 'admin-records-detail');
    const [detailFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(detailFile.suggestedFilename()).toMatch(/^章节学习明细-安妮-Python 阶段课程-/);
    await page.getByTestId('records-back').click();
    await annRow.waitFor();

    // By chapter: lesson 1.1 has two learners and one completion.
    await page.locator('[data-tab="chapter"]').click();
    const lessonTimes = page.locator(`[data-testid="chapter-time-row"][data-cid="${lesson1}"]`);
    await lessonTimes.waitFor();
    await expect(lessonTimes.locator('td').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['1.1 认识 Python', '视频', '2', '1']),
    );
    await screenshot(page, 'admin-records-chapters');

    // By student: find Bob, his course, then its detail.
    await page.locator('[data-tab="student"]').click();
    await page.getByRole('searchbox', { name: '学员姓名或账号' }).fill('鲍勃');
    await page.getByRole('button', { name: '搜索' }).click();
    const bobStudent = page.locator(`[data-testid="student-row"][data-sid="${bob.id}"]`);
    await bobStudent.waitFor();
    // Bob is listed before the search too: wait for Ann to leave the list (the search's answer) before counting.
    await page.locator(`[data-testid="student-row"][data-sid="${ann.id}"]`).waitFor({ state: 'detached' });
    await expect(page.getByTestId('student-row').count()).resolves.toBe(1);
    await bobStudent.getByTestId('student-courses').click();
    await page.getByRole('heading', { name: '鲍勃, "Jr" 的课程' }).waitFor();
    await page.locator(`[data-testid="student-course-row"][data-coid="${coid}"]`).waitFor();
    await screenshot(page, 'admin-records-student');
    expect(errors).toEqual([]);
  });

  it('approves a pending stage (it leaves the pending list) and rejects another with a reason', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '阶段审核' }).click();
    await page.getByTestId('review-page').waitFor();
    const annStage = page.locator(`[data-testid="review-row"][data-sid="${ann.id}"][data-cid="${stage1}"]`);
    const bobStage = page.locator(`[data-testid="review-row"][data-sid="${bob.id}"][data-cid="${stage3}"]`);
    await annStage.waitFor();
    await bobStage.waitFor();
    await expect.poll(() => page.getByTestId('review-row').count()).toBe(2);
    await expect(annStage.getByTestId('review-state').textContent()).resolves.toBe('未审核');
    await screenshot(page, 'admin-review-pending');

    // Approve Ann's stage 1 after the confirm.
    await annStage.getByTestId('review-approve').click();
    expect(await answerConfirm(page, true)).toBe('确定通过 安妮 的「第一阶段：入门」吗？通过后学员可以进入下一阶段。');
    await expectToast(page, '已通过 安妮 的「第一阶段：入门」');
    await annStage.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('review-row').count()).toBe(1);

    // Reject Bob's stage 3 with a reason.
    await bobStage.getByTestId('review-reject').click();
    const dialog = page.getByTestId('reject-dialog');
    await dialog.getByTestId('reject-reason').fill('请完整观看总结视频');
    await screenshot(page, 'admin-review-reject');
    await dialog.getByRole('button', { name: '确定驳回' }).click();
    await expectToast(page, '已驳回 鲍勃, "Jr" 的「第三阶段：总结」');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('没有待审核的阶段').waitFor();

    // The approved and rejected lists; the server's records agree.
    await page.getByRole('group', { name: '审核状态' }).getByRole('button', { name: '已通过' }).click();
    await annStage.waitFor();
    await expect(annStage.getByTestId('review-state').textContent()).resolves.toBe('审核通过');
    await screenshot(page, 'admin-review-approved');
    await page.getByRole('group', { name: '审核状态' }).getByRole('button', { name: '已驳回' }).click();
    await bobStage.waitFor();
    await expect(bobStage.getByTestId('review-state').textContent()).resolves.toBe('已驳回');
    const api = await adminApi(h.app);
    const detail = (
      await api<{ chapters: { cid: string; verify_status: number }[] }>(
        `learn/detailbystudent?sid=${ann.id}&coid=${coid}`,
      )
    ).body.data;
    expect(detail.chapters.find((row) => row.cid === stage1)?.verify_status).toBe(1);
    expect(errors).toEqual([]);
  });
});
