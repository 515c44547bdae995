import { injectAs, waitUntil } from '../helpers/kit';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Manifest } from '../../server/backup/manifest';
import { makeApp, type TestApp } from '../helpers/app';
import { multipartBody } from './uploads-helpers';

/** Helpers of the backup tests: temp folders, the commands as child processes, an app on a file database. */

const root = path.resolve(__dirname, '../..');
const dirs: string[] = [];

export function tempDir(prefix = 'lanxue-backup-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` from the sources (the same cli.ts the build bundles), in a child process. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The app on a database file in its own data folder. */
export async function fileApp(dataDir: string, overrides: Record<string, unknown> = {}): Promise<TestApp> {
  return makeApp({ DATA_DIR: dataDir, DATABASE_FILE: path.join(dataDir, 'lanxue.sqlite'), ...overrides });
}

/** Uploads through POST lan/upload; returns the stored key. */
export async function upload(app: TestApp, cookie: string, name: string, data: Buffer): Promise<string> {
  const { body, headers } = multipartBody([
    { name: 'file-select', filename: name, type: 'application/octet-stream', data },
  ]);
  const res = await injectAs(app, cookie).inject({
    method: 'POST',
    url: `/lan/upload/${name.replace(/\./g, '%2E')}`,
    payload: body,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.key as string;
}

export function sha256(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}

/** Every file under a folder, relative with '/', sorted. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

/** Unpacks an archive as it is (no checks) and returns the folder and its manifest. */
export async function unpacked(archive: string): Promise<{ dir: string; manifest: Manifest }> {
  const dir = tempDir('lanxue-backup-unpacked-');
  await tar.x({ file: archive, cwd: dir });
  return { dir, manifest: JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest };
}

/** Polls until `check` answers something truthy, or fails at the deadline. */
export async function waitFor<T>(
  check: () => T | undefined | null | false,
  what: string,
  deadlineMs = 15_000,
): Promise<T> {
  return waitUntil(what, check, deadlineMs);
}
