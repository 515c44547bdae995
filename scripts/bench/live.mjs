// node scripts/bench/live.mjs: live teaching under load (issue 17 'Performance'). Starts the production build and the
// live server of deploy/live (scripts/live-server.mjs: nginx with its RTMP module, node-media-server for HTTP-FLV),
// schedules a live session through the back office's calls and pushes one 1.5 Mbit/s test stream with Debian's
// ffmpeg (1280x720, 25 fps, a bar code of the stream's clock burned into its top 32 rows). Then:
//  1. HLS viewers: wrk fetches the session's signed playlist and, in turn, the newest segment it names, as a player
//     does, at rising connection counts (BENCH_LIVE_STEPS, default 100,250,500,1000,2000; BENCH_SECONDS a step).
//     A player asks for the playlist and one 1 s segment each second, so a step serves req/s ÷ 2 viewers; the
//     largest step with p99 under 1 s is the answer. The platform's CPU and the live server's during each step
//     come from /proc: the platform is not in the video path, so it should stay near idle.
//  2. Glass-to-glass latency: ffmpeg reads the stream the way a player does (HLS from the live edge; FLV with no
//     buffering, as mpegts.js with its stash buffer off) and each decoded frame's bar code gives the moment it was
//     pushed: latency = now − (push start + frame time), the median and the 90th percentile over BENCH_SECONDS.
//     The push start is the moment the platform accepted the publish (the session's liveAt), so the figures hold
//     the pusher's first-frame delay too; RTMP read straight from the ingest is reported beside them as the floor.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminCookie, cpuMs, duration, freePort, requireWrk, root, runWrk, startBuiltServer } from './lib.mjs';

const STEPS = (process.env.BENCH_LIVE_STEPS ?? '100,250,500,1000,2000').split(',').map(Number);
const SECRET = 'bench-live-secret-0123456789';
const BITS = 32;
const BAR_W = 1280 / BITS;
const BAR_H = 32;
/** The main admin's session cookie for the back-office calls (scheduleSession signs in). */
let cookie = '';

requireWrk();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-live-'));
fs.chmodSync(work, 0o755);
const ports = { rtmp: await freePort(), http: await freePort(), nmsRtmp: await freePort(), nmsHttp: await freePort() };
const liveUrl = `http://127.0.0.1:${ports.http}`;
const rtmpUrl = `rtmp://127.0.0.1:${ports.rtmp}/live`;
const platform = await startBuiltServer({
  name: 'live',
  seats: 100,
  env: {
    LIVE_SERVER_URL: liveUrl,
    LIVE_RTMP_URL: rtmpUrl,
    LIVE_SECRET: SECRET,
    LIVE_RECORDINGS_DIR: path.join(work, 'recordings'),
  },
});
const children = [];
let live = null;
const cleanUp = async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  if (live?.exitCode === null) {
    live.kill('SIGTERM');
    await new Promise((resolve) => live.once('exit', resolve));
  }
  await platform.stop();
  fs.rmSync(work, { recursive: true, force: true });
};

try {
  live = await startLive();
  const session = await scheduleSession();
  children.push(push(`${rtmpUrl}/${session.streamName}`));
  await waitForPlaylist(session.playback.hls);
  // The stream's clock starts when the live server took it: the moment the platform accepted the publish.
  const pushedAt = (await sessionInfo(session.id)).liveAt;
  console.log(`stream live; playlist ${session.playback.hls.replace(liveUrl, '')}`);

  const rows = [];
  for (const conns of STEPS) rows.push(await viewers(session.playback.hls, conns));
  console.table(rows);
  const served = rows.filter((row) => row['p99 ms'] < 1000 && row.errors === 0).at(-1);
  console.log(
    served
      ? `HLS: p99 under 1 s up to ${served.connections} connections (p99 ${served['p99 ms']} ms); the live server ` +
          `answered ${served['req/s']} req/s there, enough for about ${served.viewers} players`
      : 'no step kept p99 under 1 s',
  );

  const latency = [];
  latency.push(await glassToGlass('RTMP from the ingest (floor)', `${rtmpUrl}/${session.code}`, pushedAt, true));
  latency.push(await glassToGlass('HLS (signed playlist)', session.playback.hls, pushedAt));
  latency.push(await glassToGlass('HTTP-FLV (signed, no buffering)', session.playback.flv, pushedAt, true));
  console.table(latency);
} finally {
  await cleanUp();
}

/** The live server on loopback ports, calling back the platform; resolves once it says it is ready. */
async function startLive() {
  const args = [
    path.join(root, 'scripts/live-server.mjs'),
    ...['--host', '127.0.0.1', '--platform', platform.base, '--secret', SECRET],
    ...['--rtmp-port', String(ports.rtmp), '--http-port', String(ports.http)],
    ...['--nms-rtmp-port', String(ports.nmsRtmp), '--nms-http-port', String(ports.nmsHttp)],
    ...['--data', path.join(work, 'data'), '--recordings', path.join(work, 'recordings')],
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('live server ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`live server exited (${code})`)));
  });
  return child;
}

/** A back-office call as the main admin (signed in by scheduleSession). */
async function call(method, url, body) {
  const res = await fetch(`${platform.base}/${url}`, {
    method,
    headers: { cookie, origin: platform.base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = await res.json();
  if (reply.status !== 'ok') throw new Error(`${url}: ${res.status} ${JSON.stringify(reply)}`);
  return reply.data;
}

function sessionInfo(id) {
  return call('GET', `live/session/info?id=${id}`);
}

/** A live course and a session from now for an hour, through the back office's calls: its stream name and addresses. */
async function scheduleSession() {
  cookie = await adminCookie(platform.base);
  const { coid } = await call('POST', 'course/new', { title: '基准直播课', catid: '0', type: 1 });
  await call('POST', 'course/pub', { coid, pub: '1' });
  const now = Date.now();
  const { id } = await call('POST', 'live/session/add', {
    coid,
    title: '基准直播',
    startAt: now,
    endAt: now + 3_600_000,
  });
  const info = await sessionInfo(id);
  return { ...info, code: info.streamName.split('?')[0] };
}

/** ffmpeg pushing 1.5 Mbit/s of 720p test picture with the frame's time as a bar code (bit i: 40 px, from the left). */
function push(target) {
  // geq draws on yuv420p here: on the colour source's own format the overlay drew nothing.
  const bar =
    `color=black:size=1280x${BAR_H}:rate=25,format=yuv420p,` +
    `geq=lum='255*mod(floor(T*1000/pow(2\\,floor(X/${BAR_W})))\\,2)':cb=128:cr=128`;
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-filter_complex', `${bar}[bar];[0:v][bar]overlay=0:0:format=yuv420[v]`, '-map', '[v]', '-map', '1:a'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25', '-keyint_min', '25'],
    ...['-b:v', '1400k', '-maxrate', '1400k', '-bufsize', '700k', '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', target],
  ];
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  child.once('exit', (code) => code && console.error(`the test stream's ffmpeg exited (${code})`));
  return child;
}

async function waitForPlaylist(url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(url).catch(() => null);
    if (res?.ok && (await res.text()).includes('.ts')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no playlist at ${url}`);
}

/** The pids of a process and its children (the live server's nginx master and worker, node-media-server). */
function tree(pid) {
  const all = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const parent = new Map();
  for (const name of all) {
    try {
      parent.set(Number(name), Number(fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]));
    } catch {}
  }
  const found = [pid];
  for (let i = 0; i < found.length; i++) for (const [child, p] of parent) if (p === found[i]) found.push(child);
  return found;
}

/** One step of HLS viewers: wrk alternating the playlist and the newest segment it names. */
async function viewers(playlistUrl, conns) {
  const url = new URL(playlistUrl);
  const dir = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
  const lua = `
local playlist = ${JSON.stringify(url.pathname)}
local dir = ${JSON.stringify(dir)}
local newest = nil
local turn = 0
request = function()
  turn = turn + 1
  if newest == nil or turn % 2 == 1 then return wrk.format("GET", playlist) end
  return wrk.format("GET", dir .. newest)
end
response = function(status, headers, body)
  if status == 200 and body and string.find(body, "#EXTM3U", 1, true) then
    for line in string.gmatch(body, "[^\\r\\n]+") do
      if string.sub(line, 1, 1) ~= "#" then newest = line end
    end
  end
end`;
  const livePids = tree(live.pid);
  const before = { platform: cpuMs(platform.pid), live: livePids.reduce((sum, pid) => sum + cpuMs(pid), 0) };
  const result = await runWrk(url.href, { request: lua, connections: conns, seconds: duration, threads: 2 });
  const ms = result.us / 1000;
  const liveCpu = livePids.reduce((sum, pid) => sum + cpuMs(pid), 0) - before.live;
  const reqs = Math.round(result.requests / (result.us / 1e6));
  const row = {
    connections: conns,
    'req/s': reqs,
    viewers: Math.floor(reqs / 2),
    'MiB/s': Number((result.bytes / (result.us / 1e6) / 2 ** 20).toFixed(1)),
    'p50 ms': Number((result.p50 / 1000).toFixed(1)),
    'p99 ms': Number((result.p99 / 1000).toFixed(1)),
    errors: result.status + result.socket,
    'platform CPU %': Number((((cpuMs(platform.pid) - before.platform) / ms) * 100).toFixed(1)),
    'live server CPU %': Math.round((liveCpu / ms) * 100),
    'wrk CPU %': Math.round((result.clientMs / ms) * 100),
  };
  console.log(JSON.stringify(row));
  return row;
}

/** Reads the stream for BENCH_SECONDS with ffmpeg and answers the latency of its frames (median, 90th percentile). */
function glassToGlass(name, url, pushedAt, noBuffer = false) {
  const input = noBuffer ? ['-fflags', 'nobuffer', '-flags', 'low_delay', '-probesize', '100000'] : [];
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', ...input, '-i', url, '-an'],
    ...['-vf', `crop=1280:${BAR_H}:0:0,format=gray`, '-f', 'rawvideo', '-'],
  ];
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const frame = 1280 * BAR_H;
  const samples = [];
  let pending = Buffer.alloc(0);
  child.stdout.on('data', (chunk) => {
    const now = Date.now();
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= frame) {
      let t = 0;
      for (let bit = 0; bit < BITS; bit++) {
        const x = bit * BAR_W + BAR_W / 2;
        if (pending[(BAR_H / 2) * 1280 + x] > 128) t += 2 ** bit;
      }
      samples.push(now - (pushedAt + t));
      pending = pending.subarray(frame);
    }
  });
  return new Promise((resolve) => {
    setTimeout(() => child.kill('SIGINT'), duration * 1000);
    child.once('exit', () => {
      // The first second is the player's start (a burst of buffered frames), not its steady latency.
      const steady = samples.slice(25).sort((a, b) => a - b);
      const at = (q) => steady[Math.min(steady.length - 1, Math.floor(q * steady.length))] ?? NaN;
      const row = { case: name, frames: steady.length, 'median ms': at(0.5), 'p90 ms': at(0.9) };
      console.log(JSON.stringify(row));
      resolve(row);
    });
  });
}
