/**
 * Browser-test harness: builds the web app once (when its sources are newer than the build), runs the
 * real server on a fresh in-memory database on a free port, and drives Debian's Chromium.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { makeApp, school, type TestApp } from '../helpers/app';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIR = path.join(
  process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(ROOT, 'dist'),
  'web',
);
export const SHOTS_DIR = '/tmp/lanxue-shots';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Media tests play video without a click first (recipes.md: --autoplay-policy=no-user-gesture-required).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, locale: 'zh-CN' };
export const MOBILE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** The project files the last build read (from its source maps), e.g. shared/i18n/zh-CN.ts. */
function builtSources(): string[] {
  const assets = path.join(WEB_DIR, 'assets');
  const maps = [assets, path.join(assets, 'chunks')].flatMap((dir) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.map'))
          .map((f) => path.join(dir, f))
      : [],
  );
  const files = new Set<string>();
  for (const map of maps) {
    const { sources = [] } = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources?: string[] };
    for (const source of sources) {
      const file = path.resolve(path.dirname(map), source);
      if (file.startsWith(ROOT) && !file.includes(`${path.sep}node_modules${path.sep}`)) files.add(file);
    }
  }
  return [...files];
}

let built: Promise<void> | undefined;

/**
 * Runs `node scripts/build.mjs web` unless dist/web is newer than web/, the other project files the
 * last build read (shared/ modules, from its source maps) and the build script. Once per test file.
 */
export function ensureWebBuilt(): Promise<void> {
  built ??= (async () => {
    const manifest = path.join(WEB_DIR, 'manifest.json');
    if (fs.existsSync(manifest)) {
      const inputs = [path.join(ROOT, 'web'), path.join(ROOT, 'scripts/build.mjs'), ...builtSources()];
      const newest = Math.max(...inputs.map(newestMtime));
      if (fs.statSync(manifest).mtimeMs >= newest) return;
    }
    const result = spawnSync(process.execPath, ['scripts/build.mjs', 'web'], { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`web build failed (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-4000)}`);
  })();
  return built;
}

export interface Harness {
  app: TestApp;
  baseURL: string;
  browser: Browser;
  school: Awaited<ReturnType<typeof school>>;
  /** A new browser context with the desktop (1280x800) or mobile (390x844, touch) viewport. */
  desktop(options?: BrowserContextOptions): Promise<BrowserContext>;
  mobile(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Waits for a closing step at most `ms`; a step that hangs is reported and left behind. */
async function bounded(step: Promise<unknown>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const outcome = await Promise.race([
    step.then(
      () => 'closed' as const,
      () => 'closed' as const,
    ),
    timeout,
  ]);
  clearTimeout(timer);
  if (outcome === 'timeout') console.warn(`harness: closing the ${what} took more than ${ms} ms; going on without it`);
}

/** Starts the built web app on the real server and a headless Chromium. */
export async function startHarness(overrides: Record<string, unknown> = {}): Promise<Harness> {
  await ensureWebBuilt();
  const app = await makeApp({ WEB_DIR, ...overrides });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  const open = async (base: BrowserContextOptions, options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({ ...base, ...options, baseURL });
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    return context;
  };
  return {
    app,
    baseURL,
    browser,
    school: await school(app),
    desktop: (options) => open(DESKTOP, options),
    mobile: (options) => open(MOBILE, options),
    async close() {
      // Each step is bounded: a media element still streaming can keep a context, the browser or a socket
      // busy, and a close that never ends would fail the whole file after its tests passed.
      for (const context of contexts) await bounded(context.close(), 10_000, 'browser context');
      await bounded(browser.close(), 15_000, 'browser');
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

/** Collects uncaught page errors and console errors (not failed resource loads) so a test can assert the page ran cleanly. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

/** Fills the sign-in form and submits it with the Enter key. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(/用户名|User name/).fill(username);
  await page.getByLabel(/^(密码|Password)$/).fill(password);
  await page.getByLabel(/^(密码|Password)$/).press('Enter');
}

/** Saves a screenshot to /tmp/lanxue-shots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  // The viewport only: for a full-page shot Chromium resizes the page for a moment, long enough on a busy machine for
  // the phone breakpoint's media query to match and the desktop layout (with an open dialog) to unmount.
  await page.screenshot({ path: file });
  return file;
}

/** Asks the server who this browser context is signed in as (GET checkLogin from the page). */
export async function whoAmI(page: Page): Promise<{ role: string; userData: { sname: string } }> {
  return page.evaluate(async () => {
    const response = await fetch('/checkLogin', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    return (await response.json()).data;
  });
}

/** A waitForURL matcher for an exact path (and hash, when given): '/u/x' does not match '/login/u/x'. */
export function atPath(pathAndHash: string): (url: URL) => boolean {
  const [pathname, hash = ''] = pathAndHash.split('#');
  return (url) => url.pathname === pathname && decodeURIComponent(url.hash) === (hash ? `#${hash}` : '');
}
