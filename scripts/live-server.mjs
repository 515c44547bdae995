#!/usr/bin/env node
/**
 * The live server (issue 17; deploy/live): Debian's nginx with its RTMP module takes the teachers' streams
 * (RTMP in, asks the platform on publish, HLS out, recordings) and pushes each stream on to node-media-server
 * on loopback, which serves HTTP-FLV. nginx's HTTP server is the one public HTTP port: it serves HLS itself,
 * proxies FLV to node-media-server, answers /health, and lets a player in only with a signed address
 * (/t/{sig}/{exp}/live/{code}.m3u8, checked by nginx's secure_link with the secret it shares with the
 * platform) or, for a public live course, the plain address /live/{code}.m3u8 once the platform said so
 * (auth_request, cached for a few seconds). The video never passes through the platform.
 *
 * This launcher writes nginx.conf and node-media-server's config into the data folder, starts both, prints
 * 'live server ready' once /health answers and node-media-server listens, and stops both on SIGTERM or
 * SIGINT (or when either exits). Runs as root (nginx's workers then run as --user) or as anyone.
 *
 * Options (flags win over the environment):
 *   --rtmp-port     LIVE_RTMP_PORT       RTMP ingest port (1935)
 *   --http-port     LIVE_HTTP_PORT       public HTTP port: HLS, FLV, /health (8080)
 *   --host          LIVE_BIND            address both listen on (0.0.0.0)
 *   --platform      LIVE_PLATFORM_URL    the platform as the live server reaches it, for the callbacks
 *   --secret        LIVE_SECRET          the secret shared with the platform (required)
 *   --recordings    LIVE_RECORDINGS_DIR  where finished recordings are written (the platform imports them)
 *   --data          LIVE_DATA_DIR        nginx's and node-media-server's working folder (config, HLS, temp)
 *   --allow-origin  LIVE_ALLOW_ORIGIN    Access-Control-Allow-Origin for players on other origins (*)
 *   --nms-rtmp-port LIVE_NMS_RTMP_PORT   node-media-server's loopback RTMP port (19350)
 *   --nms-http-port LIVE_NMS_HTTP_PORT   node-media-server's loopback HTTP-FLV port (18000)
 *   --update-every  LIVE_UPDATE_SECONDS  seconds between on_update calls while publishing (10; the platform
 *                                        treats a publisher unheard of for 35 s as dropped)
 *   --user          LIVE_NGINX_USER      the user nginx's workers run as when started as root (www-data)
 *   --nginx         LIVE_NGINX           the nginx binary (nginx)
 *   --rtmp-module   LIVE_RTMP_MODULE     the RTMP module (/usr/lib/nginx/modules/ngx_rtmp_module.so)
 *   --nms           LIVE_NMS             node-media-server's bin/app.js (found from this project)
 */
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';

const FLAGS = {
  'rtmp-port': ['LIVE_RTMP_PORT', '1935'],
  'http-port': ['LIVE_HTTP_PORT', '8080'],
  host: ['LIVE_BIND', '0.0.0.0'],
  platform: ['LIVE_PLATFORM_URL', ''],
  secret: ['LIVE_SECRET', ''],
  recordings: ['LIVE_RECORDINGS_DIR', ''],
  data: ['LIVE_DATA_DIR', ''],
  'allow-origin': ['LIVE_ALLOW_ORIGIN', '*'],
  'nms-rtmp-port': ['LIVE_NMS_RTMP_PORT', '19350'],
  'nms-http-port': ['LIVE_NMS_HTTP_PORT', '18000'],
  'update-every': ['LIVE_UPDATE_SECONDS', '10'],
  user: ['LIVE_NGINX_USER', 'www-data'],
  nginx: ['LIVE_NGINX', 'nginx'],
  'rtmp-module': ['LIVE_RTMP_MODULE', '/usr/lib/nginx/modules/ngx_rtmp_module.so'],
  nms: ['LIVE_NMS', ''],
};

function fail(message) {
  console.error(`live-server: ${message}`);
  process.exit(1);
}

function readOptions() {
  const { values } = parseArgs({
    options: Object.fromEntries(Object.keys(FLAGS).map((name) => [name, { type: 'string' }])),
    strict: true,
  });
  const o = {};
  for (const [name, [env, fallback]] of Object.entries(FLAGS)) o[name] = values[name] ?? process.env[env] ?? fallback;
  const every = Number(o['update-every']);
  if (!Number.isInteger(every) || every < 1 || every > 30) fail('--update-every: 1 to 30 seconds');
  o['update-every'] = every;
  for (const name of ['rtmp-port', 'http-port', 'nms-rtmp-port', 'nms-http-port']) {
    const port = Number(o[name]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--${name} must be a port, not '${o[name]}'`);
    o[name] = port;
  }
  // The secret goes into nginx.conf and the callbacks' query: a plain token keeps both unambiguous.
  if (!/^[A-Za-z0-9._~-]{16,}$/.test(o.secret)) fail('--secret (LIVE_SECRET): at least 16 of A-Z a-z 0-9 . _ ~ -');
  if (!/^http:\/\/[A-Za-z0-9.[\]:-]+\/?$/.test(o.platform))
    fail('--platform (LIVE_PLATFORM_URL): http://host:port (plain http: nginx-rtmp calls back without TLS)');
  if (!/^(\*|https?:\/\/[^\s;"'{}$]+)$/.test(o['allow-origin'])) fail('--allow-origin: * or an origin');
  if (!/^[0-9a-fA-F.:]+$|^[\w.-]+$/.test(o.host)) fail('--host: an address');
  if (!o.data) fail('--data (LIVE_DATA_DIR) is required');
  if (!o.recordings) fail('--recordings (LIVE_RECORDINGS_DIR) is required');
  o.data = path.resolve(o.data);
  o.recordings = path.resolve(o.recordings);
  o.platform = o.platform.replace(/\/+$/, '');
  if (!o.nms) o.nms = createRequire(import.meta.url).resolve('node-media-server/bin/app.js');
  if (!fs.existsSync(o['rtmp-module']))
    fail(`no RTMP module at ${o['rtmp-module']} (apt-get install libnginx-mod-rtmp)`);
  return o;
}

/** nginx.conf: RTMP ingest with the platform's callbacks, HLS, recordings and the push to node-media-server. */
export function nginxConf(o, asRoot) {
  const d = o.data;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  const hook = (call) => `${o.platform}/live/hook/${call}?secret=${o.secret}`;
  const cors = [
    `add_header Access-Control-Allow-Origin "${o['allow-origin']}" always;`,
    'add_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS" always;',
    'add_header Access-Control-Allow-Headers "Range" always;',
    'add_header Access-Control-Expose-Headers "Content-Length, Content-Range" always;',
  ].join('\n      ');
  // A stream's name is an encoded course id; HLS fragments are {code}-{n}.ts beside {code}.m3u8.
  const code = '(?<code>[0-9A-Za-z]{1,11})';
  const hlsFile = `${code}(?<file>\\.m3u8|-[0-9]{1,12}\\.ts)`;
  const signed = '/t/(?<sig>[A-Za-z0-9_-]{22})/(?<exp>[0-9]{1,12})/live/';
  const serveHls = `
      ${cors}
      if ($request_method = OPTIONS) { return 204; }
      types { application/vnd.apple.mpegurl m3u8; video/mp2t ts; }
      alias ${d}/hls/$code$file;`;
  const serveFlv = `
      ${cors}
      if ($request_method = OPTIONS) { return 204; }
      proxy_hide_header Access-Control-Allow-Origin;
      proxy_http_version 1.1;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_pass http://127.0.0.1:${o['nms-http-port']}/live/$code.flv;`;
  const checkSigned = `
      secure_link $sig,$exp;
      secure_link_md5 "$exp$code ${o.secret}";
      if ($secure_link = "") { return 403; }
      if ($secure_link = "0") { return 403; }`;
  return `# Written by scripts/live-server.mjs at each start: edit that script, not this file.
load_module ${o['rtmp-module']};
daemon off;
master_process on;
worker_processes 1;
${asRoot ? `user ${o.user};` : ''}
pid ${d}/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }

rtmp {
  server {
    listen ${host}:${o['rtmp-port']};
    chunk_size 4096;
    notify_method post;
    application live {
      live on;
      # Players watch over HTTP; only node-media-server's relay may play RTMP.
      allow play 127.0.0.1;
      deny play all;
      # The platform decides who publishes: 2xx goes ahead, anything else (or no answer) drops the publisher;
      # a refused update (key rotated, session ended) drops it too.
      on_publish ${hook('publish')};
      on_publish_done ${hook('publish_done')};
      on_record_done ${hook('record_done')};
      on_update ${hook('update')};
      notify_update_timeout ${o['update-every']}s;
      # A publisher that sends nothing for this long is dropped (its session ends through publish_done).
      drop_idle_publisher 15s;
      hls on;
      hls_path ${d}/hls;
      hls_fragment 1s;
      hls_playlist_length 6s;
      hls_cleanup on;
      record all;
      record_path ${o.recordings};
      record_unique on;
      push rtmp://127.0.0.1:${o['nms-rtmp-port']}/live;
    }
  }
}

http {
  access_log off;
  log_not_found off;
  sendfile on;
  tcp_nopush on;
  server_tokens off;
  default_type application/octet-stream;
  client_body_temp_path ${d}/tmp/body;
  proxy_temp_path ${d}/tmp/proxy;
  fastcgi_temp_path ${d}/tmp/fastcgi;
  uwsgi_temp_path ${d}/tmp/uwsgi;
  scgi_temp_path ${d}/tmp/scgi;
  # The platform's answers to 'may anyone watch this stream?', kept a few seconds so it stays near idle.
  proxy_cache_path ${d}/cache/play levels=1 keys_zone=live_play:1m max_size=16m inactive=1m use_temp_path=off;

  server {
    listen ${host}:${o['http-port']};

    location = /health { default_type text/plain; return 200 "ok\\n"; }

    location = /_play {
      internal;
      # No variables in proxy_pass: the platform's host name is resolved once, at start.
      rewrite ^ /live/hook/play?name=$code&secret=${o.secret}? break;
      proxy_pass ${o.platform};
      proxy_method GET;
      proxy_pass_request_body off;
      proxy_pass_request_headers off;
      proxy_set_header Content-Length "";
      proxy_connect_timeout 3s;
      proxy_read_timeout 5s;
      proxy_cache live_play;
      proxy_cache_key $code;
      proxy_cache_valid 200 403 404 15s;
      proxy_cache_lock on;
      proxy_cache_use_stale updating;
    }

    # A public live course's stream: the platform says whether this code is one.
    location ~ "^/live/${hlsFile}$" {
      auth_request /_play;
      add_header Cache-Control "no-cache";${serveHls}
    }
    location ~ "^/live/${code}\\.flv$" {
      auth_request /_play;${serveFlv}
    }

    # Any live stream under a token the platform signed (server/modules/live/playback.ts).
    location ~ "^${signed}${hlsFile}$" {${checkSigned}
      add_header Cache-Control "no-cache";${serveHls}
    }
    location ~ "^${signed}${code}\\.flv$" {${checkSigned}${serveFlv}
    }

    location / { return 404; }
  }
}
`;
}

/** node-media-server's config: loopback only, no admin console, no API (no jwt), never rewritten by it. */
function nmsConfig(o) {
  return {
    bind: '127.0.0.1',
    notify: { url: '' },
    store: { path: path.join(o.data, 'nms') },
    // A secret of our own so node-media-server never writes one back into this file; auth stays off
    // because only nginx on loopback publishes to it and players reach it only through nginx.
    auth: { play: false, publish: false, secret: randomBytes(16).toString('hex') },
    rtmp: { port: o['nms-rtmp-port'] },
    http: { port: o['nms-http-port'] },
    webadmin: { enable: false },
    record: { auto: false, path: path.join(o.data, 'nms', 'record') },
  };
}

/** Folders nginx's workers write (HLS, temp, cache, recordings): theirs when the master runs as root. */
function prepareFolders(o, asRoot) {
  const writable = ['hls', 'tmp', 'cache', 'cache/play'].map((p) => path.join(o.data, p));
  writable.push(o.recordings);
  for (const dir of [o.data, path.join(o.data, 'nms'), ...writable]) fs.mkdirSync(dir, { recursive: true });
  if (!asRoot) return;
  const [name, group = name] = o.user.split(/\s+/);
  const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
  const gid = Number(execFileSync('getent', ['group', group]).toString().split(':')[2]);
  for (const dir of writable) fs.chownSync(dir, uid, gid);
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
  });
}

async function healthy(o) {
  const wildcard = { '0.0.0.0': '127.0.0.1', '::': '[::1]' };
  const host = wildcard[o.host] ?? (o.host.includes(':') ? `[${o.host}]` : o.host);
  try {
    const res = await fetch(`http://${host}:${o['http-port']}/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok && (await portOpen(o['nms-http-port'])) && (await portOpen(o['nms-rtmp-port']));
  } catch {
    return false;
  }
}

async function main() {
  const o = readOptions();
  const asRoot = process.getuid?.() === 0;
  prepareFolders(o, asRoot);
  const conf = path.join(o.data, 'nginx.conf');
  // Both files hold the secret: readable by this user alone (nginx's master reads its file before it forks).
  fs.writeFileSync(conf, nginxConf(o, asRoot), { mode: 0o600 });
  fs.chmodSync(conf, 0o600);
  const nmsConf = path.join(o.data, 'nms.json');
  fs.writeFileSync(nmsConf, `${JSON.stringify(nmsConfig(o), null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(nmsConf, 0o600);

  const children = [];
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    const exitWhenDone = () => children.every((c) => c.exitCode !== null || c.signalCode) && process.exit(code);
    for (const child of children) child.once('exit', exitWhenDone);
    exitWhenDone();
    setTimeout(() => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      process.exit(code);
    }, 5000).unref();
  };
  const start = (name, command, args) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) => {
      console.error(`live-server: ${name} could not start: ${err.message}`);
      stop(1);
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`live-server: ${name} exited (${signal ?? code}); stopping`);
      stop(1);
    });
    children.push(child);
  };
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));

  start('node-media-server', process.execPath, [o.nms, '-c', nmsConf, '--no-admin']);
  start('nginx', o.nginx, ['-p', o.data, '-c', conf, '-e', 'stderr']);
  const deadline = Date.now() + 30_000;
  while (!stopping && !(await healthy(o))) {
    if (Date.now() > deadline) {
      console.error('live-server: not healthy after 30 s');
      return stop(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!stopping) console.log(`live server ready: rtmp ${o['rtmp-port']}, http ${o['http-port']}`);
}

main();
