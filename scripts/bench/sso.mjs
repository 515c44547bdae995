// node scripts/bench/sso.mjs: the server time a sign-in from elsewhere adds (issue 19 'Performance': the OIDC
// and yks logins must each add under 50 ms of server time beyond the provider's own). Starts the production
// server build on a fresh database and a real OpenID provider (oidc-provider, the tests' helper, in this
// process), configures both for the school, then signs SIGN_INS people in one after another:
//  - OIDC: GET /sso/oidc/start, the provider's own login and consent pages, GET /sso/oidc/callback (the
//    platform then asks the provider for the tokens);
//  - yks: GET /yks/login with a freshly signed HS256 assertion.
// The platform's time is its process's CPU time (/proc) over the platform's own requests, divided by the
// sign-ins: the provider runs in this process, so its work (and the time the platform waits on it) is not in
// it. The wall time of each platform request is shown beside it (for OIDC the callback's includes the provider).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { SignJWT } from 'jose';
import { adminCookie, cpuMs, root, startBuiltServer } from './lib.mjs';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 100);
const SECRET = 'the-platform-shared-secret-0123456789';
const ISSUER = 'https://exam.example';

/** The tests' provider helper (TypeScript), bundled for this script where its imports resolve. */
async function providerHelper() {
  const out = path.join(root, 'node_modules/.cache/lanxue-bench/oidc-provider.mjs');
  await build({
    entryPoints: [path.join(root, 'tests/helpers/oidc-provider.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: out,
    logLevel: 'warning',
  });
  return import(out);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const cookieOf = (res, name) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`));

async function timed(url, headers = {}) {
  const began = performance.now();
  const res = await fetch(url, { headers, redirect: 'manual' });
  await res.arrayBuffer();
  return { res, ms: performance.now() - began };
}

execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
const { startProvider, signInAtProvider } = await providerHelper();
const platform = await startBuiltServer({ name: 'sso', seats: SIGN_INS * 3 });
const people = Array.from({ length: SIGN_INS }, (_, i) => ({
  sub: `sub-${i}`,
  claims: { preferred_username: `sso-${i}`, name: `学员 ${i}`, email: `s${i}@campus.test`, groups: ['maths'] },
}));
const idp = await startProvider({ redirectUris: [`${platform.base}/sso/oidc/callback`], people });
try {
  const admin = await adminCookie(platform.base);
  const post = async (call, body) => {
    const res = await fetch(`${platform.base}/${call}`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json', origin: platform.base },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${call}: ${res.status} ${await res.text()}`);
  };
  await post('oidc/settings', {
    enabled: true,
    name: 'Campus ID',
    issuer: idp.issuer,
    clientId: 'lanxue',
    clientSecret: 'lanxue-secret',
  });
  await post('yks/settings', {
    enabled: true,
    loginUrl: 'https://exam.example/sso',
    origins: ['https://exam.example'],
    issuer: ISSUER,
    alg: 'HS256',
    secret: SECRET,
  });
  const status = await (await fetch(`${platform.base}/oidc/status`)).json();
  const startUrl = new URL(status.data.studentStart, platform.base).href;
  const school = new URL(startUrl).searchParams.get('school');

  // OIDC: the platform's two requests of each sign-in are counted; the provider's pages are not.
  const oidc = { start: [], callback: [], cpu: 0 };
  for (const [i, person] of people.entries()) {
    const before = cpuMs(platform.pid);
    const start = await timed(startUrl);
    let cpu = cpuMs(platform.pid) - before;
    const back = await signInAtProvider(start.res.headers.get('location'), person.sub);
    const again = cpuMs(platform.pid);
    const done = await timed(back.href, { cookie: cookieOf(start.res, 'y_sso') });
    cpu += cpuMs(platform.pid) - again;
    if (done.res.status !== 303 || !cookieOf(done.res, 'y_main'))
      throw new Error(`oidc sign-in ${i}: ${done.res.status} ${done.res.headers.get('location')}`);
    oidc.start.push(start.ms);
    oidc.callback.push(done.ms);
    oidc.cpu += cpu;
  }

  // yks: one request a sign-in, each with a new assertion (used once) for a new student.
  const yks = { login: [], cpu: 0 };
  const key = new TextEncoder().encode(SECRET);
  for (let i = 0; i < SIGN_INS; i++) {
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ username: `yks-${i}`, name: `考生 ${i}` })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(school)
      .setSubject(`exam-user-${i}`)
      .setJti(`bench-${i}-${now}`)
      .setExpirationTime(now + 120)
      .sign(key);
    const before = cpuMs(platform.pid);
    const done = await timed(`${platform.base}/yks/login?assertion=${assertion}`);
    yks.cpu += cpuMs(platform.pid) - before;
    if (done.res.status !== 302 || !cookieOf(done.res, 'y_main'))
      throw new Error(`yks sign-in ${i}: ${done.res.status}`);
    yks.login.push(done.ms);
  }

  const rows = [
    {
      case: 'OIDC sign-in (start + callback)',
      'sign-ins': SIGN_INS,
      'platform CPU ms/sign-in': +(oidc.cpu / SIGN_INS).toFixed(1),
      'start p50 ms': +median(oidc.start).toFixed(1),
      'callback p50 ms (with provider)': +median(oidc.callback).toFixed(1),
    },
    {
      case: 'yks sign-in (one assertion)',
      'sign-ins': SIGN_INS,
      'platform CPU ms/sign-in': +(yks.cpu / SIGN_INS).toFixed(1),
      'start p50 ms': '',
      'callback p50 ms (with provider)': +median(yks.login).toFixed(1),
    },
  ];
  console.log(`\n${SIGN_INS} sign-ins each, node ${process.version}, ${os.cpus().length} cores`);
  console.table(rows);
  for (const row of rows)
    console.log(`${row.case}: ${row['platform CPU ms/sign-in']} ms of platform server time (target < 50)`);
} finally {
  await idp.close();
  await platform.stop();
}
