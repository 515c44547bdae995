/**
 * The exam platform (yks) frame in Chromium (issue 19 'yks mode, complete'): a test page of the platform on
 * another site (localhost beside the app's 127.0.0.1) frames the school's pages with model=yks. The pages tell it the brand and which
 * courses may be viewed and learnt, answer its requests (course URL, exam data, brand), take its homesetting,
 * and ignore messages from a third origin; a guest's start goes through the platform's sign-in (a signed assertion, verified by
 * the server) and comes back signed in; the group check opens the platform's group dialog; the display rules
 * hold (no nav sign-in, no footer); and a page framed by an origin that is not allowed is refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildCourse } from '../helpers/factories';
import { waitUntil } from '../helpers/kit';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, startHarness, type Harness } from './harness';

const SECRET = 'the-platform-shared-secret-0123456789';
const ISSUER = 'https://exam.example';

type Message = { type: string; [key: string]: unknown };

/** A home setting as JSON text whose only ad says who sent it. */
const adSetting = (alt: string) => JSON.stringify({ showads: true, ads: [{ url: '/favicon.svg', link: '', alt }] });

let h: Harness;
let platform: http.Server;
let third: http.Server;
let platformOrigin = '';
let thirdOrigin = '';
let coid = '';
let code = '';

/**
 * A test server on loopback, named `localhost`: another site than the app's 127.0.0.1 (a site ignores the port,
 * not the host), so the frame is cross-site as an institution's exam platform on its own domain would be.
 */
function serve(handler: http.RequestListener): Promise<[http.Server, string]> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve([server, `http://localhost:${(server.address() as AddressInfo).port}`]),
    ),
  );
}

const html = (res: http.ServerResponse, body: string) =>
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body>${body}</body></html>`,
    );

/** The platform's page: frames the app, keeps the app's messages, and sends it messages. */
function platformPage(src: string): string {
  return `<iframe id="app" src="${src}" style="width: 100%; height: 760px; border: 0"></iframe>
<script>
  window.received = [];
  window.thirdPosted = false;
  addEventListener('message', (e) => {
    if (e.origin === ${JSON.stringify(h.baseURL)}) window.received.push(e.data);
    if (e.origin === ${JSON.stringify(thirdOrigin)}) window.thirdPosted = true;
  });
  window.send = (m) => document.getElementById('app').contentWindow.postMessage(m, ${JSON.stringify(h.baseURL)});
  window.addThird = () => {
    const f = document.createElement('iframe');
    f.src = ${JSON.stringify(`${thirdOrigin}/poster`)};
    document.body.appendChild(f);
  };
</script>`;
}

beforeAll(async () => {
  // Secure cookies, as a site served over https sets them (Chromium keeps Secure cookies of loopback over http):
  // the school's sessions are then SameSite=None; Partitioned, so the frame on the platform's site keeps them.
  h = await startHarness({ COOKIE_SECURE: true });
  [third, thirdOrigin] = await serve((req, res) => {
    if (req.url === '/poster') {
      // Posts into the app's frame (its sibling) as if it were the platform, then says so to the platform.
      return html(
        res,
        `<script>parent.frames[0].postMessage({ type: 'setBrandInfo' }, '*');
         parent.frames[0].postMessage({ type: 'returnCourseURL', coid: ${JSON.stringify(coid)} }, '*');
         parent.frames[0].postMessage({ type: 'homesetting', setting: ${JSON.stringify(adSetting('第三方广告'))} }, '*');
         parent.postMessage('posted', '*');</script>`,
      );
    }
    return html(res, `<iframe id="app" src="${h.baseURL}/u/${h.school.hashUID}?model=yks"></iframe>`);
  });
  [platform, platformOrigin] = await serve(async (req, res) => {
    const url = new URL(req.url ?? '/', platformOrigin);
    if (url.pathname === '/sso') {
      // The platform's sign-in: its user is signed in already; it sends the browser back with an assertion.
      const now = Math.floor(Date.now() / 1000);
      const assertion = await new SignJWT({ username: 'exam-student', name: '考试平台学员' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(url.searchParams.get('uid') ?? '')
        .setSubject('platform-user-7')
        .setJti(`jti-${now}-${Math.random()}`)
        .setExpirationTime(now + 120)
        .sign(new TextEncoder().encode(SECRET));
      const back = new URL(url.searchParams.get('return') ?? '');
      back.searchParams.set('assertion', assertion);
      return res.writeHead(302, { location: back.toString() }).end();
    }
    return html(res, platformPage(`${h.baseURL}${url.searchParams.get('path') ?? '/'}`));
  });
  const admin = await asAdmin(h);
  await admin('POST', '/yks/settings', {
    enabled: true,
    loginUrl: `${platformOrigin}/sso`,
    origins: [platformOrigin],
    issuer: ISSUER,
    alg: 'HS256',
    secret: SECRET,
  });
  const groupId = h.app.ctx.ids.next();
  await insertGroup(h.app.ctx.db, {
    id: groupId,
    schoolId: h.school.id,
    parentId: null,
    name: '考试班',
    position: 0,
    createdAt: Date.now(),
  });
  coid = await buildCourse(h.app, { title: '考试平台课程', authenticationGid: groupId });
  await buildChapter(h.app, { courseId: coid, title: '第一章', type: 1 });
  code = h.app.ctx.courseCodec.encode(coid);
}, 120_000);

afterAll(async () => {
  platform?.close();
  third?.close();
  await h?.close();
});

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Message[] }).received);
const waitFor = (page: Page, what: string, match: (m: Message) => boolean) =>
  waitUntil(what, async () => (await received(page)).find(match));
const appFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(h.baseURL));
  if (!frame) throw new Error('no app frame');
  return frame;
};

describe('the exam platform frame', () => {
  it('exchanges the window messages with the platform only, and keeps the yks display rules', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`${platformOrigin}/?path=${encodeURIComponent(`/course/${code}?model=yks`)}`);
    const brand = await waitFor(page, 'setBrandInfo', (m) => m.type === 'setBrandInfo');
    expect(brand).toEqual({ type: 'setBrandInfo', title: h.school.name, uid: h.school.hashUID });
    // A guest may view the course but not learn it.
    expect(await waitFor(page, 'view', (m) => m.type === 'onChangedWhichCanViewCourse')).toEqual({
      type: 'onChangedWhichCanViewCourse',
      coid,
      canView: true,
    });
    expect(await waitFor(page, 'learn', (m) => m.type === 'onChangedWhichCanLearnCourse')).toMatchObject({
      coid,
      canLearn: false,
    });
    const frame = appFrame(page);
    const errors = pageErrors(page);
    // Display rules: no sign-in in the nav, a blank spacer for the footer, no hot courses.
    await frame.getByTestId('course-hero').waitFor();
    expect(await frame.getByTestId('nav-sign-in').count()).toBe(0);
    expect(await frame.getByTestId('footer').count()).toBe(0);
    expect(await frame.getByTestId('footer-spacer').count()).toBe(1);

    // Requests: a course URL, exam data, brand info.
    await page.evaluate(
      (id) => (window as never as { send: (m: object) => void }).send({ type: 'returnCourseURL', coid: id }),
      coid,
    );
    const url = await waitFor(page, 'returnCourseURL', (m) => m.type === 'returnCourseURL');
    expect(url).toEqual({ type: 'returnCourseURL', coid, url: `${h.baseURL}/course/${code}?model=yks` });
    await page.evaluate(() =>
      (window as never as { send: (m: object) => void }).send({ type: 'onGetExamData', cid: '1' }),
    );
    expect(await waitFor(page, 'onGetExamData', (m) => m.type === 'onGetExamData')).toEqual({
      type: 'onGetExamData',
      cid: '1',
      error: 'no login',
    });

    // A third origin posting into the frame is ignored; the platform's own request is answered.
    await page.evaluate(() => (window as never as { addThird: () => void }).addThird());
    await waitUntil('third origin posted', () =>
      page.evaluate(() => (window as unknown as { thirdPosted: boolean }).thirdPosted),
    );
    await page.evaluate(() => (window as never as { send: (m: object) => void }).send({ type: 'setBrandInfo' }));
    await waitUntil('two brand replies', async () =>
      (await received(page)).filter((m) => m.type === 'setBrandInfo').length === 2 ? true : null,
    );
    const all = await received(page);
    expect(all.filter((m) => m.type === 'setBrandInfo')).toHaveLength(2);
    expect(all.filter((m) => m.type === 'returnCourseURL')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("signs a guest in through the platform, then opens the platform's group dialog", async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`${platformOrigin}/?path=${encodeURIComponent(`/course/${code}?model=yks`)}`);
    await waitFor(page, 'setBrandInfo', (m) => m.type === 'setBrandInfo');
    // A guest's start: the sign-in is the platform's (yks/login with the organisation id), back signed in.
    await appFrame(page).locator('.main-button').first().click();
    await waitFor(page, 'group text', (m) => m.type === 'onGetedGroupText');
    const frame = appFrame(page);
    expect(new URL(frame.url()).searchParams.get('model')).toBe('yks');
    expect(new URL(frame.url()).pathname).toBe(`/course/${code}`);
    // Not in the course's group: may not view; the start asks the platform to open its group dialog.
    await waitFor(page, 'cannot view', (m) => m.type === 'onChangedWhichCanViewCourse' && m.canView === false);
    await frame.locator('.main-button').first().click();
    expect(await waitFor(page, 'group dialog', (m) => m.type === 'onActiveStuGroupModal')).toEqual({
      type: 'onActiveStuGroupModal',
      coid,
      reason: 'designatedGroup',
    });
    await frame.getByRole('alertdialog').waitFor();

    // The dashboard in the frame: no top bar, no sidebar (spec 2 'Student dashboard').
    await page.evaluate(
      (src) => ((document.getElementById('app') as HTMLIFrameElement).src = src),
      `${h.baseURL}/dashboard?model=yks`,
    );
    await waitUntil('the dashboard in the frame', () => appFrame(page).url().includes('/dashboard'));
    await appFrame(page).getByTestId('dashboard-sidebar').waitFor({ state: 'attached' });
    expect(await appFrame(page).getByTestId('dashboard-sidebar').isVisible()).toBe(false);
    expect(await appFrame(page).locator('.d-nav').count()).toBe(0);
  });

  it("takes the platform's homesetting and ignores a third origin's", async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`${platformOrigin}/?path=${encodeURIComponent(`/u/${h.school.hashUID}?model=yks`)}`);
    await waitFor(page, 'setBrandInfo', (m) => m.type === 'setBrandInfo');
    const send = (m: object) => page.evaluate((msg) => (window as never as { send: (m: object) => void }).send(msg), m);
    await send({ type: 'homesetting', setting: adSetting('考试平台广告') });
    const frame = appFrame(page);
    await frame.getByTestId('home-ads').getByAltText('考试平台广告').waitFor();
    await page.evaluate(() => (window as never as { addThird: () => void }).addThird());
    await waitUntil('third origin posted', () =>
      page.evaluate(() => (window as unknown as { thirdPosted: boolean }).thirdPosted),
    );
    await send({ type: 'setBrandInfo' });
    await waitUntil('two brand replies', async () =>
      (await received(page)).filter((m) => m.type === 'setBrandInfo').length === 2 ? true : null,
    );
    expect(await frame.getByAltText('第三方广告').count()).toBe(0);
    expect(await frame.getByAltText('考试平台广告').count()).toBe(1);
  });

  it('on a phone: no back chevron, and the avatar signs in through the platform', async () => {
    const context = await h.mobile();
    const page = await context.newPage();
    await page.goto(`${platformOrigin}/?path=${encodeURIComponent(`/u/${h.school.hashUID}?model=yks`)}`);
    await waitFor(page, 'setBrandInfo', (m) => m.type === 'setBrandInfo');
    const frame = appFrame(page);
    await frame.getByTestId('mobile-top-bar').waitFor();
    expect(await frame.locator('.m-chevron').count()).toBe(0);
    expect(await frame.getByTestId('m-sign-in').count()).toBe(0);
    await frame.locator('.m-avatar').click();
    await waitFor(page, 'group text', (m) => m.type === 'onGetedGroupText');
    expect(new URL(appFrame(page).url()).pathname).toBe(`/u/${h.school.hashUID}`);
  });

  it("sends the sign-in page in yks mode to the platform's sign-in", async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const back = `/course/${code}`;
    const path = `/login/u/${h.school.hashUID}?model=yks&return=${encodeURIComponent(back)}`;
    await page.goto(`${platformOrigin}/?path=${encodeURIComponent(path)}`);
    await waitFor(page, 'group text', (m) => m.type === 'onGetedGroupText');
    const at = new URL(appFrame(page).url());
    expect(`${at.pathname}${at.search}`).toBe(`${back}?model=yks`);
  });

  it("shows the school's settings in the back office and says why a save is refused", async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await signInAdmin(page, undefined, '/yks');
    await page.getByTestId('yks-page').locator('form').waitFor();
    await expect(page.getByTestId('yks-audience').textContent()).resolves.toContain(h.school.hashUID);
    await expect(page.locator('[data-field="origins"] textarea').inputValue()).resolves.toBe(platformOrigin);
    // The secret is never shown; a short one is refused with its reason.
    await expect(page.locator('[data-field="secret"] input').inputValue()).resolves.toBe('');
    await page.locator('[data-field="secret"] input').fill('too-short');
    await page.getByTestId('save-yks').click();
    await expectToast(page, 'HS256 需要至少 32 个字符的共享密钥');
  });

  it('is refused in a frame of an origin that is not allowed', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const refused = page.waitForEvent('console', (m) => /frame-ancestors|Refused to frame/i.test(m.text()));
    await page.goto(thirdOrigin);
    await refused;
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    expect(await frame!.evaluate(() => document.getElementById('root'))).toBeNull();
  });
});
