import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/kit';

/**
 * No Docker engine runs on these machines, so this does what the Dockerfile does: copy the
 * sources into a clean folder, build, keep production dependencies only, drop the sources, start
 * the server as the image does (NODE_ENV=production, one data folder) and check it.
 */
const root = path.resolve(__dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-prod-'));
const app = path.join(work, 'app');
const data = path.join(work, 'data');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  lines: string[];
  exited: Promise<number | null>;
}

interface Where {
  /** The Node.js binary (the machine's by default). */
  node?: string;
  cwd?: string;
  dataDir?: string;
}

async function start(env: Record<string, string> = {}, where: Where = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(where.node ?? process.execPath, ['dist/server/main.js'], {
    cwd: where.cwd ?? app,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: where.dataDir ?? data,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Started once /health answers; an exit on the way fails at once with what the server printed.
  await waitUntil(
    () => `the server to answer /health:\n${lines.join('\n')}`,
    async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server did not start:\n${lines.join('\n')}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
      } catch {
        return false; // not listening yet
      }
    },
    20_000,
    100,
  );
  return { child, port, lines, exited };
}

describe('the production build, as the Docker image makes and runs it', () => {
  let first: Running | undefined;

  beforeAll(() => {
    fs.mkdirSync(app);
    for (const entry of [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'server',
      'shared',
      'web',
      'scripts',
      'migrations',
      'migrations-pg',
      'node_modules',
    ]) {
      fs.cpSync(path.join(root, entry), path.join(app, entry), { recursive: true, verbatimSymlinks: true });
    }
    // The build goes to the copy's own dist, whatever LANXUE_DIST the run was given for builds of the tree.
    const { LANXUE_DIST: _elsewhere, ...env } = process.env;
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: app, stdio: 'pipe', env });
    execFileSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { cwd: app, stdio: 'pipe' });
    for (const entry of ['server', 'shared', 'web', 'scripts', 'tsconfig.json'])
      fs.rmSync(path.join(app, entry), { recursive: true });
  });

  afterAll(() => {
    if (first && first.child.exitCode === null) first.child.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('keeps production dependencies only', () => {
    for (const dev of ['vitest', 'esbuild', 'typescript', 'react', 'playwright-core', 'drizzle-kit']) {
      expect(fs.existsSync(path.join(app, 'node_modules', dev)), dev).toBe(false);
    }
    for (const prod of ['fastify', 'better-sqlite3', 'drizzle-orm', 'zod'])
      expect(fs.existsSync(path.join(app, 'node_modules', prod)), prod).toBe(true);
  });

  it('starts on an empty data folder, prints a generated admin password once, and serves the app', async () => {
    first = await start();
    const generated = first.lines.filter((line) => line.includes('First start'));
    expect(generated).toHaveLength(1);
    const password = /password: (\S+)/.exec(JSON.parse(generated[0]).msg)![1];
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(first.lines.join('\n')).not.toContain('demo school loaded');

    const base = `http://127.0.0.1:${first.port}`;
    const health = await (await fetch(`${base}/health`)).json();
    expect(health).toMatchObject({ status: 'ok', data: { db: true } });

    const login = await fetch(`${base}/do/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password, role: 'admin' }),
    });
    expect(login.status).toBe(200);
    await login.arrayBuffer();

    const home = await fetch(`${base}/`, { redirect: 'follow', headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    const html = await home.text();
    const script = /<script type="module" src="(\/assets\/main-[A-Z0-9]+\.js)"/.exec(html);
    expect(script).not.toBeNull();
    const bundle = await fetch(`${base}${script![1]}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toContain('immutable');
    expect((await bundle.text()).length).toBeGreaterThan(1000);
    expect(fs.existsSync(path.join(data, 'lanxue.sqlite'))).toBe(true);
  });

  it('stops cleanly on SIGTERM with the database closed', async () => {
    first!.child.kill('SIGTERM');
    expect(await first!.exited).toBe(0);
    expect(first!.lines.join('\n')).toContain('stopping: finishing in-flight requests');
    const db = new Database(path.join(data, 'lanxue.sqlite'), { readonly: true });
    expect(db.prepare('select count(*) as n from schools').get()).toEqual({ n: 1 });
    db.close();
    expect(
      fs.existsSync(path.join(data, 'lanxue.sqlite-wal')) ? fs.statSync(path.join(data, 'lanxue.sqlite-wal')).size : 0,
    ).toBe(0);
  });

  it('starts again on the same data without a new password', async () => {
    const again = await start();
    try {
      expect(again.lines.some((line) => line.includes('First start'))).toBe(false);
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  });

  // What README 'Backup and restore' runs in the image: npm scripts on the build, without sources or tsx.
  it('backs up with npm run backup while serving, and npm run restore brings it back on an empty folder', async () => {
    const npm = (args: string[], dataDir: string) =>
      execFileSync('npm', ['run', '--silent', ...args], {
        cwd: app,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: work, DATA_DIR: dataDir },
      });
    const running = await start();
    let archive: string;
    try {
      archive = /Backup written: (\S+)/.exec(npm(['backup'], data))![1]!;
    } finally {
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
    }
    expect(path.dirname(archive)).toBe(path.join(data, 'backups'));
    const restored = path.join(work, 'restored');
    expect(npm(['restore', '--', archive], restored)).toContain('every checksum matched');
    const again = await start({ DATA_DIR: restored });
    try {
      expect(again.lines.some((line) => line.includes('First start'))).toBe(false);
      const health = await (await fetch(`http://127.0.0.1:${again.port}/health`)).json();
      expect(health).toMatchObject({ status: 'ok', data: { db: true } });
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  });

  it('refuses a bad configuration with a clear message', async () => {
    const out = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: app,
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATA_DIR: data },
    });
    let text = '';
    out.stderr.on('data', (chunk) => (text += chunk));
    const code = await new Promise((resolve) => out.on('exit', resolve));
    expect(code).toBe(1);
    expect(text).toContain('Invalid configuration');
    expect(text).toContain('PORT');
  });

  // The image runs Node 22 (Node 20's life ended in April 2026) while these machines have Node 20: the same build
  // runs on Node 22 from the npm registry's node-linux package, with SQLite's driver compiled for it.
  it('runs on Node 22, the runtime of the image', async () => {
    const node22 = execFileSync('bash', [path.join(root, 'scripts/ensure-node22.sh')], { encoding: 'utf8' }).trim();
    const app22 = path.join(work, 'app22');
    fs.cpSync(app, app22, { recursive: true, verbatimSymlinks: true });
    execFileSync('npm', ['rebuild', 'better-sqlite3', '--no-audit', '--no-fund'], {
      cwd: app22,
      stdio: 'pipe',
      env: { ...process.env, PATH: `${node22}/bin:${process.env.PATH}`, npm_config_nodedir: node22 },
    });
    const version = execFileSync(`${node22}/bin/node`, ['--version'], { encoding: 'utf8' }).trim();
    expect(version).toMatch(/^v22\./);
    const data22 = path.join(work, 'data22');
    const running = await start({}, { node: `${node22}/bin/node`, cwd: app22, dataDir: data22 });
    try {
      const base = `http://127.0.0.1:${running.port}`;
      expect(await (await fetch(`${base}/health`)).json()).toMatchObject({ status: 'ok', data: { db: true } });
      const home = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('/assets/main-');
      expect(running.lines.some((line) => line.includes('First start'))).toBe(true);
    } finally {
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
    }
  }, 600_000);
});
