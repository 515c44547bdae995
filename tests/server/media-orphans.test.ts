import { waitUntil } from '../helpers/kit';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { outsideReader } from '../helpers/sql';
import { databaseEnvFor } from '../helpers/pg-test';
import { afterAll, describe, expect, it } from 'vitest';
import { makeVideo, scratch } from './media-helpers';
import { multipartBody, rawRequest } from './uploads-helpers';

/**
 * A killed server leaves no orphan tools. The real server runs as a child process on a file database; a video
 * conversion is slowed down (ffmpeg reads its input at its own pace, -re) so that it is surely running when the
 * server is killed with SIGKILL. ffmpeg runs in its own process group and outlives the server; the next start must
 * kill it (it is the very process recorded with the attempt) and run the job again in a folder of its own.
 */

const root = path.resolve(__dirname, '../..');
const ADMIN_PASSWORD = 'orphan-admin-pass-1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** True while the process exists and is not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Live processes whose command line passes the test, with their arguments. */
function processes(test: (argv: string[]) => boolean): { pid: number; argv: string[] }[] {
  const found: { pid: number; argv: string[] }[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue;
    }
    if (argv.length && test(argv) && alive(Number(name))) found.push({ pid: Number(name), argv });
  }
  return found;
}

const until = <T>(what: string, check: () => T | undefined | false | Promise<T | undefined>, timeoutMs: number) =>
  waitUntil(what, check, timeoutMs, 100);

interface Server {
  child: ChildProcess;
  port: number;
  lines: string[];
  exited: Promise<unknown>;
}

describe('a server killed during a conversion', () => {
  const dir = scratch('orphans');
  const dataDir = path.join(dir, 'data');
  const slowMark = path.join(dir, 'slow');
  const wrapper = path.join(dir, 'bin', 'ffmpeg');
  const servers: Server[] = [];
  let orphan = 0;

  afterAll(async () => {
    for (const server of servers)
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    if (orphan && alive(orphan)) process.kill(-orphan, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<Server> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        ...(await databaseEnvFor(path.join(dataDir, 'lanxue.sqlite'))),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: '0',
        ADMIN_PASSWORD,
        SESSION_SECRET: 'orphans-secret-0123456789abcdef',
        FFMPEG_PATH: wrapper,
        MEDIA_CONCURRENCY: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const server = { child, port, lines, exited };
    servers.push(server);
    await until(
      'the server answers',
      () => {
        if (child.exitCode !== null) throw new Error(`server exited:\n${lines.join('\n')}`);
        return lines.some((line) => line.includes('Lanxue is running'));
      },
      60_000,
    );
    return server;
  }

  it('kills the ffmpeg the dead server left, and runs the job again in a fresh folder', async () => {
    const ffmpeg = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
    expect(ffmpeg, 'ffmpeg is needed (scripts/ensure-media-tools.sh installs it)').not.toBe('');
    fs.mkdirSync(path.dirname(wrapper), { recursive: true });
    // exec: the process the server starts is ffmpeg itself; -re only while the mark is there.
    fs.writeFileSync(
      wrapper,
      `#!/bin/sh\nif [ -e '${slowMark}' ]; then exec '${ffmpeg}' -re "$@"; fi\nexec '${ffmpeg}' "$@"\n`,
      {
        mode: 0o755,
      },
    );
    fs.writeFileSync(slowMark, '');
    const video = makeVideo(path.join(dir, 'lecture.avi'), 30, { size: '320x240' });

    const first = await start();
    const login = await rawRequest(first.port, {
      method: 'POST',
      path: '/do/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, role: 'admin' })),
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']).match(/y_main=[^;]+/)![0];
    const form = multipartBody([
      { name: 'file-select', filename: 'lecture.avi', type: 'video/x-msvideo', data: fs.readFileSync(video) },
    ]);
    const uploaded = await rawRequest(first.port, {
      method: 'POST',
      path: '/resource/upload?cate=0',
      headers: { ...form.headers, cookie },
      body: form.body,
    });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    const rid: string = uploaded.json.data.rid;

    // The slowed conversion runs, writing into its attempt's folder under files/derived.
    const derivedRoot = path.join(dataDir, 'files', 'derived');
    const running = await until(
      'ffmpeg converting the upload',
      () =>
        processes(
          (argv) => argv.includes('-re') && argv.some((arg) => arg.startsWith(`${derivedRoot}/${rid}.tmp-`)),
        )[0],
      30_000,
    );
    const firstFolder = path.dirname(running.argv.find((arg) => arg.startsWith(`${derivedRoot}/${rid}.tmp-`))!);
    expect(fs.existsSync(`${firstFolder}.pids`)).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    // The orphan: ffmpeg outlived its server, still converting.
    orphan = running.pid;
    expect(alive(orphan)).toBe(true);
    expect(
      processes((argv) => argv[0] === ffmpeg && argv.includes(path.join(firstFolder, 'video.mp4'))).map((p) => p.pid),
    ).toContain(orphan);

    fs.rmSync(slowMark);
    const second = await start();
    await until('the orphan is gone', () => !alive(orphan), 15_000);
    expect(
      second.lines.some(
        (line) => line.includes('killed tools a stopped process left running') && line.includes(String(orphan)),
      ),
    ).toBe(true);

    const db = await outsideReader(path.join(dataDir, 'lanxue.sqlite'));
    try {
      const status = async () =>
        (await db.get<{ status: string; message: string }>(
          'select status, status_message as message from resources where id = ?',
          rid,
        ))!;
      const done = await until(
        'the conversion finishes',
        async () => {
          const now = await status();
          return ['ready', 'failed'].includes(now.status) ? now : undefined;
        },
        90_000,
      );
      expect(done).toEqual({ status: 'ready', message: '' });
      const job = (await db.get<{ id: string; state: string; attempts: number }>(
        'select id, state, attempts from media_jobs where resource_id = ?',
        rid,
      ))!;
      // The crashed run does not count as an attempt.
      expect(job).toMatchObject({ state: 'done', attempts: 1 });
      // The second run had a folder of its own; the first one's folder and record are gone.
      const started = second.lines
        .map((line) => JSON.parse(line.startsWith('{') ? line : '{}'))
        .find((entry) => entry.msg === 'media job started');
      expect(started).toMatchObject({ job: job.id, resource: rid });
      expect(path.join(derivedRoot, `${rid}.tmp-${job.id}-${started.run}`)).not.toBe(firstFolder);
      expect(fs.existsSync(firstFolder)).toBe(false);
      expect(fs.existsSync(`${firstFolder}.pids`)).toBe(false);
      expect(fs.readdirSync(derivedRoot).filter((name) => name.includes('.tmp-') || name.includes('.old-'))).toEqual(
        [],
      );
      expect(fs.existsSync(path.join(derivedRoot, rid, 'video.mp4'))).toBe(true);
      expect(fs.existsSync(path.join(derivedRoot, rid, 'hls', 'index.m3u8'))).toBe(true);
    } finally {
      await db.close();
    }
    second.child.kill('SIGTERM');
    await second.exited;
  }, 180_000);
});
