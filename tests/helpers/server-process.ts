import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ADMIN } from './app';
import { freePort } from './live-server';

/**
 * The real server (server/main.ts through tsx) as a child process on a loopback port: what a test needs to kill
 * an app node (SIGKILL) while it works, unlike an in-process makeApp. Its settings are makeApp's (the same
 * session secret and main admin, no demo data) plus `env` (DATABASE_URL, DATA_DIR, ...).
 */
export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:{port} */
  base: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves once the process has exited (and been reaped). */
  exited: Promise<void>;
  /** Kills it at once (SIGKILL: no close hooks run) and waits for its exit. */
  kill(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Starts the server and resolves when it says it listens; fails with its output when it exits first. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      SESSION_SECRET: 'test-secret-0123456789abcdef',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      DEMO_MEDIA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('Lanxue is running on')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}):\n${output}`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
