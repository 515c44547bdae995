// Page quality, measured: Lighthouse 12.2.3 in mobile emulation (its default config, simulated throttling)
// on the home page, the course list, a course intro and a signed-in student's study page of the production
// build, on a temporary data folder with the demo school. Prints performance, accessibility and
// best-practices per page, and what keeps a page below 90. A measurement, not a test: `npm run lighthouse`.
//
//   node scripts/lighthouse.mjs [--build] [--runs N] [--json DIR]
//     --build     rebuild dist/ even when it looks newer than the sources
//     --runs N    measure each page N times and print the median (performance is noisy on a busy machine)
//     --json DIR  keep each Lighthouse report (JSON) in DIR
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// LANXUE_DIST: a build folder of one's own (as scripts/build.mjs and the browser tests read it); it must sit
// inside the project (e.g. dist/mine) so the server finds node_modules.
const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const DEMO_STUDENT = { username: 'student', password: 'student123' };

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Math.max(1, Number(option('--runs') ?? 1));
const jsonDir = option('--json');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** Builds dist/ when asked, when it is missing, or when web/, server/, shared/ or the build script changed since. */
function ensureBuilt() {
  const built = Math.min(
    newestMtime(path.join(dist, 'server/main.js')),
    newestMtime(path.join(dist, 'web/manifest.json')),
  );
  const sources = Math.max(
    ...['web', 'server', 'shared', 'scripts/build.mjs'].map((dir) => newestMtime(path.join(root, dir))),
  );
  if (!args.includes('--build') && built >= sources) return;
  console.log('building (node scripts/build.mjs)...');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build failed (exit ${result.status})`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls until check() gives a value, at most `ms`. */
async function until(check, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The production server (NODE_ENV=production) on a fresh data folder with the demo school. */
async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dist, 'server/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      WEB_DIR: path.join(dist, 'web'),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => lines.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  try {
    await until(async () => child.exitCode === null && (await fetch(`${base}/health`)).ok, 60_000, 'the server');
  } catch (error) {
    child.kill();
    throw new Error(`${error.message}\n${lines.join('')}`);
  }
  return { child, base };
}

/** Chromium with a DevTools port for Lighthouse to drive (its own profile in a temp folder). */
async function startChromium(profile) {
  const child = spawn(
    CHROMIUM,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const port = await until(
    async () => /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)?.[1],
    30_000,
    'Chromium',
  );
  return { child, port: Number(port) };
}

/** Signs the demo student in; returns the session cookie and the school's home path (where / sends them). */
async function demoStudent(base) {
  const login = await fetch(`${base}/do/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_STUDENT),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('y_main='));
  if (!login.ok || !cookie) throw new Error(`demo student sign-in failed: ${login.status} ${await login.text()}`);
  const home = (await fetch(`${base}/`, { headers: { cookie }, redirect: 'manual' })).headers.get('location');
  if (!home?.startsWith('/u/')) throw new Error(`no school home for the demo student (got ${home})`);
  return { cookie, home };
}

async function call(base, url, body) {
  const res = await fetch(
    `${base}/${url}`,
    body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
  );
  const reply = await res.json();
  if (reply.status !== 'ok') throw new Error(`${url}: ${res.status} ${reply.error}`);
  return reply.data;
}

/** The pages to measure: a course with chapters of every kind (React 入门实战) and its first study chapter (a video). */
async function pages(base) {
  const student = await demoStudent(base);
  const uid = student.home.split('/')[2];
  const { courseData } = await call(base, 'course/bycate', { uid, page: 1, num: 100, catid: '0' });
  const course = courseData.find((item) => item.title === 'React 入门实战') ?? courseData[0];
  const { chapters } = await call(base, `course/chapter/${course.code}`);
  const flat = (nodes) => nodes.flatMap((node) => [node, ...flat(node.children)]);
  // The first chapter with a study page (a heading has none), the video one in the demo course.
  const chapter = flat(chapters).find((node) => node.learnType);
  if (!chapter) throw new Error(`no study chapter in ${course.title}`);
  return [
    { name: 'home', url: `${base}${student.home}` },
    { name: 'catalogue', url: `${base}${student.home}#/courselist/0` },
    { name: 'course intro', url: `${base}/course/${course.code}#/introduce/info` },
    {
      name: 'study page',
      url: `${base}/u/learn/${course.code}/${chapter.cid}/${chapter.learnType}`,
      cookie: student.cookie,
    },
  ];
}

/** Ends a child process and waits for it to exit. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  return exited;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The audits that cost a category points (score below 0.9, weighted), worst first. */
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
    .sort((a, b) => b.weight * (1 - lhr.audits[b.id].score) - a.weight * (1 - lhr.audits[a.id].score))
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      return `${ref.id} ${Math.round(audit.score * 100)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`;
    });
}

async function main() {
  ensureBuilt();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-lighthouse-'));
  const server = await startServer(path.join(work, 'data'));
  const chromium = await startChromium(path.join(work, 'profile'));
  try {
    const list = await pages(server.base);
    const rows = [];
    for (const page of list) {
      const scores = Object.fromEntries(CATEGORIES.map((category) => [category, []]));
      let last;
      for (let run = 0; run < runs; run += 1) {
        const flags = {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
        };
        const result = await lighthouse(page.url, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
        last = result.lhr;
        if (last.runtimeError) throw new Error(`${page.name}: ${last.runtimeError.code} ${last.runtimeError.message}`);
        for (const category of CATEGORIES)
          scores[category].push(Math.round((last.categories[category].score ?? 0) * 100));
        if (jsonDir) {
          fs.mkdirSync(jsonDir, { recursive: true });
          fs.writeFileSync(path.join(jsonDir, `${page.name.replace(/\W+/g, '-')}-${run + 1}.json`), result.report);
        }
      }
      const row = {
        page: page.name,
        ...Object.fromEntries(CATEGORIES.map((category) => [category, median(scores[category])])),
      };
      rows.push(row);
      console.log(
        `${page.name.padEnd(13)} performance ${String(row.performance).padStart(3)}  accessibility ${String(row.accessibility).padStart(3)}  best-practices ${String(row['best-practices']).padStart(3)}${runs > 1 ? `  (median of ${runs}: ${CATEGORIES.map((c) => scores[c].join('/')).join(', ')})` : ''}`,
      );
      for (const category of CATEGORIES) {
        if (row[category] < 90) console.log(`  ${category} below 90: ${losses(last, category).slice(0, 6).join('; ')}`);
      }
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ];
      console.log(
        `  ${metrics.map((id) => `${id.replace(/-/g, ' ')} ${last.audits[id]?.displayValue ?? '-'}`).join(', ')}`,
      );
    }
    console.log(
      `\nLighthouse ${lighthouse.version ?? '12.2.3'}, mobile emulation, simulated throttling; ${list[0].url.split('/u/')[0]} (demo data)`,
    );
  } finally {
    await Promise.all([stop(chromium.child), stop(server.child)]);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
