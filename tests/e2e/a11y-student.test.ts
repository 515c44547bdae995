/**
 * Accessibility of the student site, measured with axe-core in Chromium: every student page (home, catalogue,
 * course intro tabs, column, articles, live, the study page of each chapter kind, the dashboard's pages, exams
 * and a sitting, personal pages, sign-in and sign-up) on a desktop and a phone, in zh-CN, with the demo school
 * and the data of a11y-data.ts. A serious or critical violation fails its page, listed by rule and element;
 * so does a Content-Security-Policy violation (Lighthouse's best-practices counts them).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempMedia } from '../helpers/learning-factory';
import { seedA11yData, type A11yData } from './a11y-data';
import { describeFindings, seriousViolations, settle, Tally } from './a11y-helpers';
import { startHarness, type Harness } from './harness';
import { signIn } from './learn-helpers';

let h: Harness;
let data: A11yData;
const tally = new Tally('student');

beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true });
  data = await seedA11yData(h, 'real');
}, 180_000);
afterAll(async () => {
  tally.write();
  await h?.close();
  removeTempMedia();
});

type Who = 'guest' | 'student';
interface Screen {
  name: string;
  who: Who;
  /** The address, from the data (the data exists only once beforeAll ran). */
  url: (d: A11yData) => string;
}

const home = (d: A11yData) => `/u/${d.hashUID}`;
const learn = (kind: keyof A11yData['cids'], letter: string) => (d: A11yData) =>
  `/u/learn/${d.react.code}/${d.cids[kind]}/${letter}`;

const SCREENS: Screen[] = [
  { name: 'login', who: 'guest', url: (d) => `/login/u/${d.hashUID}` },
  { name: 'register', who: 'guest', url: (d) => `/login/u/${d.hashUID}?register=1` },
  { name: 'home (guest)', who: 'guest', url: home },
  { name: 'catalogue', who: 'guest', url: (d) => `${home(d)}#/courselist/0` },
  { name: 'course intro: info', who: 'guest', url: (d) => `/course/${d.react.code}#/introduce/info` },
  { name: 'course intro: chapters', who: 'guest', url: (d) => `/course/${d.react.code}#/introduce/chapter` },
  { name: 'course intro: comments', who: 'guest', url: (d) => `/course/${d.react.code}#/introduce/comment` },
  { name: 'graphic course intro', who: 'guest', url: (d) => `/course/${d.graphic.code}#/introduce/info` },
  { name: 'column', who: 'guest', url: (d) => `/u/column/${d.column.code}` },
  { name: 'articles', who: 'guest', url: (d) => `${home(d)}#/articlelist` },
  { name: 'article', who: 'guest', url: (d) => `${home(d)}#/articledesc/${d.aid}` },
  { name: 'live', who: 'guest', url: (d) => `/live/${d.hashUID}/${d.live.coid}.html` },
  { name: 'not found', who: 'guest', url: (d) => `${home(d)}#/no-such-screen` },
  { name: 'home (student)', who: 'student', url: home },
  { name: 'course intro (enrolled)', who: 'student', url: (d) => `/course/${d.react.code}#/introduce/info` },
  { name: 'study: video', who: 'student', url: learn('video', 'v') },
  { name: 'study: audio', who: 'student', url: learn('audio', 'v') },
  { name: 'study: pdf', who: 'student', url: learn('pdf', 'p') },
  { name: 'study: office', who: 'student', url: learn('office', 'p') },
  { name: 'study: slides', who: 'student', url: learn('ppt', 'ppt') },
  { name: 'study: image-text', who: 'student', url: learn('graphic', 'i') },
  { name: 'study: exercises', who: 'student', url: learn('exercise', 'o') },
  { name: 'study: exam chapter', who: 'student', url: learn('exam', 'oo') },
  { name: 'graphic reader', who: 'student', url: (d) => `/course/${d.graphic.code}#/graphic` },
  { name: 'dashboard', who: 'student', url: () => '/dashboard#/controller/course' },
  // Issue 18: the control centre and the rank.
  { name: 'control centre', who: 'student', url: () => '/dashboard#/controller' },
  { name: 'rank', who: 'student', url: () => '/dashboard#/controller/rank' },
  { name: 'personal centre', who: 'student', url: (d) => `${home(d)}#/personalcenter` },
  { name: 'my courses', who: 'student', url: (d) => `${home(d)}#/mycourse` },
  { name: 'my courses (phone list)', who: 'student', url: (d) => `${home(d)}#/mycourse_m` },
  { name: 'almost expired', who: 'student', url: (d) => `${home(d)}#/almostexpire` },
  // Issue 16: system notices.
  { name: 'system notices', who: 'student', url: (d) => `${home(d)}#/systemnotice` },
  { name: 'my subscriptions', who: 'student', url: (d) => `${home(d)}#/mybook` },
  { name: 'my bookmarks', who: 'student', url: (d) => `${home(d)}#/mycollect` },
  { name: 'my points (credit)', who: 'student', url: () => '/dashboard#/controller/credit' },
  { name: 'my points (phone page)', who: 'student', url: (d) => `${home(d)}#/mypoints_m` },
  { name: 'study plans', who: 'student', url: (d) => `${home(d)}#/study/plan` },
  { name: 'study plan detail', who: 'student', url: (d) => `${home(d)}#/study/detail/${d.plan.coid}` },
  // Issue 18: one plan inside the dashboard (its external path; a phone goes to study/detail).
  {
    name: 'dashboard: study plan detail',
    who: 'student',
    url: (d) => `/dashboard#/controller/studyplandetailstu?coid=${d.plan.coid}`,
  },
  { name: 'exams', who: 'student', url: (d) => `${home(d)}#/exams` },
  { name: 'my exams', who: 'student', url: (d) => `${home(d)}#/myexam` },
  { name: 'my information', who: 'student', url: (d) => `${home(d)}#/myinformation` },
  // Issue 18: settings (setting_m; a desktop goes on to the dashboard).
  { name: 'settings (phone page)', who: 'student', url: (d) => `${home(d)}#/setting_m` },
  { name: 'my messages', who: 'student', url: (d) => `${home(d)}#/privatemessage` },
  { name: 'my notes', who: 'student', url: (d) => `${home(d)}#/mynotes` },
];

type CspWindow = Window & { __cspViolations?: string[] };

/** Scans the page as it is now; the page's serious and critical violations and CSP violations must be none. */
async function expectClean(page: Page, where: string): Promise<void> {
  await settle(page);
  const findings = await seriousViolations(page);
  tally.add(where, findings);
  expect(describeFindings(findings), where).toEqual([]);
  expect(await page.evaluate(() => (window as CspWindow).__cspViolations ?? []), `${where}: CSP`).toEqual([]);
}

for (const viewport of ['desktop', 'phone'] as const) {
  describe(`student pages on a ${viewport}`, () => {
    const pages = new Map<Who, Page>();
    /** One context per viewport and visitor, reused by every page of the loop. */
    async function pageFor(who: Who): Promise<Page> {
      const existing = pages.get(who);
      if (existing) return existing;
      const context: BrowserContext = viewport === 'desktop' ? await h.desktop() : await h.mobile();
      if (who === 'student') await signIn(h, context, data.student.cookie);
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const seen = ((window as CspWindow).__cspViolations ??= []);
          seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      const page = await context.newPage();
      pages.set(who, page);
      return page;
    }

    for (const screen of SCREENS) {
      it(screen.name, async () => {
        const page = await pageFor(screen.who);
        // A fresh document each time: a hash change alone would keep the previous screen's state.
        await page.goto('about:blank');
        await page.goto(screen.url(data));
        await expectClean(page, `${viewport} ${screen.name}`);
      });
    }

    it('exam sitting, its confirm dialog and the result', async () => {
      const page = await pageFor('student');
      await page.goto('about:blank');
      await page.goto(`/u/${data.hashUID}#/exams`);
      const card = page.getByTestId('exam-card').filter({ hasText: '消防安全考试' });
      // Available, or in progress when an earlier run of this test stopped in the middle of its sitting.
      await expect.poll(() => card.getAttribute('data-state')).toMatch(/^(available|inProgress)$/);
      await card.getByTestId('exam-go').click();
      await expect.poll(() => page.getByTestId('exam-question').count()).toBe(2);
      await expectClean(page, `${viewport} exam sitting`);
      await page.getByTestId('exam-submit').click();
      await page.getByRole('alertdialog').waitFor();
      await expectClean(page, `${viewport} exam submit dialog`);
      await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      await page.getByTestId('exam-score').waitFor();
      await expectClean(page, `${viewport} exam result`);
    });
  });
}
