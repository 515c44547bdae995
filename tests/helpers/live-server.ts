import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from './wait';

/**
 * The live server of deploy/live (scripts/live-server.mjs: Debian's nginx with its RTMP module, and
 * node-media-server for HTTP-FLV) on free loopback ports for one test, and Debian's ffmpeg pushing a test
 * stream into it. scripts/ensure-live-tools.sh installs what is missing.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Loopback TCP ports nobody listens on, held until `release()` so that they differ from each other and from
 * any port reserved meanwhile (a port freed at once may be handed out again by the next call).
 */
export async function reservePorts(n: number): Promise<{ ports: number[]; release(): Promise<void> }> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server));
          server.on('error', reject);
        }),
    ),
  );
  return {
    ports: servers.map((server) => (server.address() as net.AddressInfo).port),
    release: () => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))).then(),
  };
}

/** A loopback TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const { ports, release } = await reservePorts(1);
  await release();
  return ports[0]!;
}

export interface LiveServer {
  /** What a teacher enters in OBS as Server (LIVE_RTMP_URL): rtmp://127.0.0.1:{port}/live */
  rtmpUrl: string;
  /** The public HTTP address players load from (LIVE_SERVER_URL): http://127.0.0.1:{port} */
  httpUrl: string;
  /** Where finished recordings land (LIVE_RECORDINGS_DIR). */
  recordingsDir: string;
  /** Everything the launcher, nginx and node-media-server printed so far. */
  output(): string;
  /** Stops nginx and node-media-server and removes the data folder (recordings included). */
  stop(): Promise<void>;
}

/**
 * Starts the live server calling back `platformUrl` (the test app's listening address, http://127.0.0.1:port)
 * with `secret` (the app's LIVE_SECRET), and resolves once it printed 'live server ready' (its /health
 * answered and node-media-server listens).
 */
export async function startLiveServer(options: {
  platformUrl: string;
  secret: string;
  /** Seconds between nginx's update callbacks while publishing (10 by default). */
  updateSeconds?: number;
}): Promise<LiveServer> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-live-'));
  // nginx's workers run as www-data when the tests run as root: they must reach the folders below.
  fs.chmodSync(base, 0o755);
  const recordingsDir = path.join(base, 'recordings');
  const [rtmpPort, httpPort, nmsRtmpPort, nmsHttpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const args = [
    path.join(ROOT, 'scripts/live-server.mjs'),
    ...['--host', '127.0.0.1', '--platform', options.platformUrl, '--secret', options.secret],
    ...['--rtmp-port', String(rtmpPort), '--http-port', String(httpPort)],
    ...['--nms-rtmp-port', String(nmsRtmpPort), '--nms-http-port', String(nmsHttpPort)],
    ...['--data', path.join(base, 'data'), '--recordings', recordingsDir],
    ...(options.updateSeconds ? ['--update-every', String(options.updateSeconds)] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  try {
    // The launcher prints 'live server ready' once its /health answers: polled with the kit's deadline.
    await waitUntil(
      'the live server to say it is ready',
      () => {
        if (exitCode !== undefined) throw new Error(`live server exited (${exitCode})`);
        return output.includes('live server ready');
      },
      30_000,
    );
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(base, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}:\n${output}`);
  }
  return {
    rtmpUrl: `rtmp://127.0.0.1:${rtmpPort}/live`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    recordingsDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

export interface TestPush {
  process: ChildProcess;
  /** Resolves when ffmpeg exits: its exit code (non-zero when the live server refused or dropped it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /** Stops the push the way a teacher stops OBS (ffmpeg closes the stream cleanly) and waits for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/**
 * Debian's ffmpeg pushing a 640x360 test picture with a tone, in real time, to `{rtmpUrl}/{name}?key={key}`:
 * what OBS does with Server = rtmpUrl and Stream key = `{name}?key={key}`.
 */
export function pushTestStream(rtmpUrl: string, name: string, key: string): TestPush {
  const target = `${rtmpUrl}/${name}?key=${encodeURIComponent(key)}`;
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-c:a', 'aac', '-f', 'flv', target],
  ];
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return {
    process: child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

/** Waits until `url` answers 200 (a playlist or segment appearing) and returns that response. */
export function waitFor200(url: string, deadlineMs = 20_000, init: RequestInit = {}): Promise<Response> {
  let last = 'no answer';
  return waitUntil(
    () => `${url} to answer 200 (last: ${last})`,
    async () => {
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(3000) });
        last = String(res.status);
        if (res.status === 200) return res;
        await res.body?.cancel();
      } catch (error) {
        last = (error as Error).message;
      }
      return null;
    },
    deadlineMs,
    100,
  );
}
