/**
 * Steps shared by the study-side browser tests (learning pages, the study flow, reminders, the heartbeat, my
 * courses, the feedback dialogs): a student signed in through the login call, that session in a browser
 * context, a shortened heartbeat, and a screenshot of the viewport.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { buildStudent, login } from '../helpers/app';
import { SHOTS_DIR, type Harness } from './harness';

/** A new student of the school, signed in through the login call: the account and its session cookie. */
export async function signedInStudent(h: Harness, name: string) {
  const made = await buildStudent(h.app, { name });
  return { ...made, cookie: (await login(h.app, made)).cookie };
}

/** Signs a browser context in with a session cookie from the login call. */
export async function signIn(h: Harness, context: BrowserContext, cookie: string): Promise<void> {
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: h.baseURL }]);
}

/** A new page of a browser context signed in with a session cookie from the login call. */
export async function signedInPage(h: Harness, context: BrowserContext, cookie: string): Promise<Page> {
  await signIn(h, context, cookie);
  return context.newPage();
}

/** Pages opened in the context from now on beat every `ms` (the study pages read window.__LANXUE_HEARTBEAT_MS__ once at start). */
export async function fastHeartbeat(context: BrowserContext, ms = 1000): Promise<void> {
  await context.addInitScript((value) => {
    window.__LANXUE_HEARTBEAT_MS__ = value;
  }, ms);
}

/**
 * A screenshot of the viewport to SHOTS_DIR/<name>.png. Not the harness's full-page one: Chromium's full-page
 * capture resizes the page for a moment, which can flip the mobile media query and remount the shell, losing
 * an open dialog (and a phone's dialogs follow the viewport's size).
 */
export async function viewportShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}
