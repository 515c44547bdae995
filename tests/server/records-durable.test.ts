/**
 * An answered heartbeat is never lost: the real server (server/main.ts through tsx) in a child process on a
 * database file, heartbeats of several students at once, kill -9 in the middle, a restart on the same data,
 * and every answered heartbeat compared with the records the restarted server gives back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStudent, makeApp } from '../helpers/app';
import { databaseEnvFor } from '../helpers/pg-test';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, learnCourse } from './records-helpers';

const ROOT = path.resolve(__dirname, '../..');
const STUDENTS = 8;
/** The kill comes once this many heartbeats were answered. */
const ANSWERED_BEFORE_KILL = 600;
const ENV = {
  SESSION_SECRET: 'test-secret-0123456789abcdef',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'admin-pass-1',
  DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
};

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

interface Answered {
  student: number;
  position: number;
  eff: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the server on the data folder and resolves when it says it listens (or fails when it exits first). */
async function start(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...ENV,
      ...(await databaseEnvFor(path.join(dataDir, 'lanxue.sqlite'))),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Lanxue is running on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

async function post(base: string, url: string, body: object, cookie = '') {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as { status: string; data: Record<string, unknown> } };
}

async function signIn(base: string, username: string, password: string): Promise<string> {
  const { res } = await post(base, '/do/login', { username, password });
  expect(res.status).toBe(200);
  const token = /y_main=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no y_main cookie');
  return `y_main=${token}`;
}

describe('an answered heartbeat is never lost (kill -9 under heartbeat load)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-durable-'));
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('compares every answered heartbeat with the records after a restart: none missing', async () => {
    // The school, a paid course with a 600 s video and its students, written on the data folder's database.
    const seeding = await makeApp({ DATA_DIR: dataDir, DATABASE_FILE: path.join(dataDir, 'lanxue.sqlite') });
    const course = await learnCourse(seeding, await adminCookie(seeding));
    const accounts = [];
    for (let i = 0; i < STUDENTS; i++) {
      const made = await buildStudent(seeding);
      await enrol(seeding, made.id, course.coid);
      accounts.push(made);
    }
    await seeding.close();

    const first = await start(dataDir);
    servers.push(first);
    const cookies = await Promise.all(accounts.map((made) => signIn(first.base, made.username, made.password)));
    for (const cookie of cookies) {
      expect((await post(first.base, '/learn/start', { coid: course.coid }, cookie)).res.status).toBe(200);
    }

    // Each student plays on, one heartbeat after the other's answer; a position that grows with every
    // heartbeat tells them apart. The kill comes from an answer, while the other students wait for theirs.
    const answered: Answered[] = [];
    let killed = false;
    const drive = async (student: number) => {
      const start_ts = Date.now();
      for (let n = 1; !killed; n++) {
        const beat = { coid: course.coid, cid: course.video, start_ts, position: n / 100, play_type: 'play' };
        let reply;
        try {
          reply = await post(first.base, '/web/heartbeat', beat, cookies[student]);
        } catch {
          return; // the server is gone: this heartbeat was not answered
        }
        expect(reply.res.status, JSON.stringify(reply.body)).toBe(200);
        const { position, eff } = reply.body.data as { position: number; eff: number };
        answered.push({ student, position, eff });
        if (answered.length >= ANSWERED_BEFORE_KILL && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(cookies.map((_, student) => drive(student)));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    const again = await start(dataDir);
    servers.push(again);
    const records = await Promise.all(
      cookies.map(async (cookie) => {
        const url = `${again.base}/learn/record?cid=${course.video}&coid=${course.coid}`;
        const res = await fetch(url, { headers: { cookie } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { position: number; eff: number } }).data;
      }),
    );
    const missing = answered.filter(({ student, position, eff }) => {
      const record = records[student]!;
      return record.position < position || record.eff < eff;
    });
    console.log(
      `kill -9 under heartbeat load: ${answered.length} heartbeats of ${STUDENTS} students answered, ` +
        `${missing.length} missing from the records after the restart`,
    );
    expect(answered.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
    expect(missing).toEqual([]);
    again.child.kill('SIGTERM');
    await again.exited;
  }, 180_000);
});
