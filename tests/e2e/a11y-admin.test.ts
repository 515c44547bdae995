/**
 * Accessibility of the back office, measured with axe-core in Chromium: the sign-in form and every screen
 * of the menu (web/admin/menu.ts) with the editors they open (course tabs, column, plan, article, exam,
 * results, paper, a student's record, the import), on a desktop and a phone, in zh-CN, as the main
 * administrator of the demo school with the data of a11y-data.ts. A serious or critical violation fails
 * its screen, listed by rule and element.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU } from '../../web/admin/menu';
import { seedA11yData, type A11yData } from './a11y-data';
import { describeFindings, seriousViolations, settle, Tally } from './a11y-helpers';
import { ADMIN_PATH, signInAdmin } from './admin-helpers';
import { startHarness, type Harness } from './harness';

let h: Harness;
let data: A11yData;
const tally = new Tally('admin');

beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true });
  data = await seedA11yData(h, 'fake');
}, 180_000);
afterAll(async () => {
  tally.write();
  await h?.close();
});

const COURSE_TABS = ['info', 'description', 'price', 'access', 'study', 'chapters', 'qa'];

/** The screens to scan: the menu's, then the editors and details they lead to (addresses from the data). */
const SCREENS: { name: string; route: (d: A11yData) => string }[] = [
  ...MENU.flatMap((entry) => [entry.to, ...(entry.links ?? []).map((link) => link.to)])
    .filter((to): to is string => to !== null)
    .map((to) => ({ name: to, route: () => to })),
  ...COURSE_TABS.map((tab) => ({
    name: `course editor: ${tab}`,
    route: (d: A11yData) => `/courses/${d.react.coid}/${tab}`,
  })),
  { name: 'column editor', route: (d) => `/columns/${d.column.id}` },
  { name: 'plan detail', route: (d) => `/plans/${d.plan.coid}` },
  { name: 'article editor', route: (d) => `/articles/${d.aid}` },
  { name: 'exam editor', route: (d) => `/exams/${d.exam.id}` },
  { name: 'exam results', route: (d) => `/exams/${d.exam.id}/results` },
  { name: 'paper editor', route: (d) => `/papers/${d.paperId}` },
  {
    name: "a student's record",
    route: (d) => `/records/detail?${new URLSearchParams({ sid: d.student.id, coid: d.react.coid })}`,
  },
  // Issue 18: the records' chapter exercises and chapter exams of a course.
  { name: 'records: chapter exercises', route: (d) => `/records?view=exercises&coid=${d.react.coid}` },
  { name: 'records: chapter exams', route: (d) => `/records?view=exams&coid=${d.react.coid}` },
  { name: 'student import', route: () => '/students/import' },
  // Issue 18: the analytics screens (the overview is on the landing page, '/').
  { name: 'course analytics', route: (d) => `/analytics/course/${d.react.coid}` },
  { name: 'student analytics', route: (d) => `/analytics/student/${d.student.id}` },
];

async function expectClean(page: Page, where: string): Promise<void> {
  await settle(page);
  const findings = await seriousViolations(page);
  tally.add(where, findings);
  expect(describeFindings(findings), where).toEqual([]);
}

for (const viewport of ['desktop', 'phone'] as const) {
  describe(`back office on a ${viewport}`, () => {
    let signedIn: Page | undefined;
    const open = async () => (await (viewport === 'desktop' ? h.desktop() : h.mobile())).newPage();
    /** One signed-in page per viewport, reused by every screen. */
    async function adminPage(): Promise<Page> {
      if (!signedIn) {
        signedIn = await open();
        await signInAdmin(signedIn);
      }
      return signedIn;
    }

    it('sign-in form', async () => {
      const page = await open();
      await page.goto(ADMIN_PATH);
      await page.getByLabel(/用户名/).waitFor();
      await expectClean(page, `${viewport} sign-in`);
    });

    for (const screen of SCREENS) {
      it(screen.name, async () => {
        const page = await adminPage();
        await page.goto('about:blank');
        await page.goto(`${ADMIN_PATH}#${screen.route(data)}`);
        await page.getByTestId('admin-sidebar').waitFor({ state: 'attached' });
        await expectClean(page, `${viewport} ${screen.name}`);
      });
    }
  });
}
