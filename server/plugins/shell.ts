import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { Bootstrap } from '../../shared/schemas/bootstrap';

interface Manifest {
  js: string;
  css: string[];
  /** The chunks main.js imports at every level (scripts/build.mjs), fetched at once with modulepreload. */
  preload?: string[];
  /** Per language, the chunks of the student site's messages (web/i18n/load.ts), preloaded for the page's language. */
  locales?: Record<string, string[]>;
}

const SCRIPT_SAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** Serialises data for a <script type="application/json"> block: nothing in it can close the tag (one pass). */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_SAFE[c]!);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const BASE_CSP = [
  "default-src 'self'",
  // pdf.js decodes JPEG 2000 and JBIG2 images with WebAssembly (its wasm files are served from /assets).
  "script-src 'self' blob: 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  // Rich text written by the school's administrators may show images from other intranet hosts.
  "img-src 'self' data: blob: http: https:",
  // pdf.js and video.js load their fonts from /assets, or as data/blob URLs they make themselves.
  "font-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
];

/** The origin of an address (the live server's), or null when it is none. */
function originOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const { origin } = new URL(address);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The page's Content-Security-Policy. Only this site may frame a page, plus the embedding origins of the
 * configuration (FRAME_ANCESTORS, empty by default): the one place where embedding is allowed. The live
 * server (LIVE_SERVER_URL, issue 17) is another origin the pages fetch and play media from: the live
 * page's players load its HLS and FLV addresses directly; so is the object store of the online release
 * (STORAGE=s3, issue 20: uploads PUT straight to it, its files play from it or from CDN_BASE_URL).
 */
export function pageCsp(
  frameAncestors: readonly string[] = [],
  liveServer?: string,
  storeOrigins: readonly string[] = [],
): string {
  const live = originOf(liveServer);
  const others = [...(live ? [live] : []), ...storeOrigins];
  const from = (...sources: string[]) => [...sources, ...others].join(' ');
  return [
    ...BASE_CSP,
    `connect-src ${from("'self'")}`,
    `media-src ${from("'self'", 'blob:')}`,
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

interface ShellOptions {
  webDir: string;
  frameAncestors?: readonly string[];
  /** LIVE_SERVER_URL: its origin joins connect-src and media-src. */
  liveServer?: string;
  /** The object store's and the CDN's origins (STORAGE=s3): they join connect-src and media-src. */
  storeOrigins?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one HTML shell with the page bootstrap data embedded, as the bytes sendShellPage answers. */
    renderShell(bootstrap: Bootstrap): Buffer;
  }
  interface FastifyReply {
    /** Answers the one HTML shell with the page bootstrap data embedded. */
    sendShell(bootstrap: Bootstrap, statusCode?: number): FastifyReply;
    /**
     * Answers a shell page made by renderShell (a page kept by the pages module), with the shell's headers;
     * frameAncestors: the page's school's embedding origins (its exam platform, issue 19) join frame-ancestors.
     */
    sendShellPage(page: Buffer, statusCode?: number, frameAncestors?: readonly string[]): FastifyReply;
  }
}

/**
 * The HTML shell and the built web app. The shell is never cached; bundles carry content hashes
 * in their names and are cached for a year.
 */
export const shellPlugin = fp(async (app, opts: ShellOptions) => {
  const csp = pageCsp(opts.frameAncestors, opts.liveServer, opts.storeOrigins);
  const manifestFile = path.join(opts.webDir, 'manifest.json');
  const manifest: Manifest | null = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : null;
  if (!manifest) app.log.warn({ webDir: opts.webDir }, 'web app not built: run npm run build');

  const assetsDir = path.join(opts.webDir, 'assets');
  if (fs.existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      wildcard: true,
      index: false,
      immutable: true,
      maxAge: '365d',
      // The build writes .br and .gz copies of the text assets (scripts/build.mjs precompress); a cache in between
      // must keep the encodings apart.
      preCompressed: true,
      setHeaders: (res) => res.setHeader('vary', 'Accept-Encoding'),
      decorateReply: false,
    });
  }

  // The site's icon (made by the build from web/favicon.*): browsers ask for /favicon.ico on every page.
  const icons = { 'favicon.ico': 'image/x-icon', 'favicon.svg': 'image/svg+xml' } as const;
  for (const [name, type] of Object.entries(icons)) {
    const file = path.join(opts.webDir, name);
    if (!fs.existsSync(file)) continue;
    const body = fs.readFileSync(file);
    app.get(`/${name}`, { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type(type).send(body),
    );
  }

  // Everything but the language, the title and the bootstrap data is the same on every page: made once.
  const styles =
    (manifest?.css ?? []).map((href) => `<link rel="stylesheet" href="/${href}">`).join('') +
    (manifest?.preload ?? []).map((href) => `<link rel="modulepreload" href="/${href}">`).join('');
  const script = manifest ? `<script type="module" src="/${manifest.js}"></script>` : '';
  const head =
    `<head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,user-scalable=no">` +
    `<link rel="icon" href="/favicon.ico" sizes="any"><link rel="icon" href="/favicon.svg" type="image/svg+xml">`;
  const body = `</head><body><div id="root"></div><script type="application/json" id="bootstrap">`;
  const tail = `</script>${script}</body></html>`;

  const localePreload = (locale: string) =>
    (manifest?.locales?.[locale] ?? []).map((href) => `<link rel="modulepreload" href="/${href}">`).join('');

  const renderShell = (bootstrap: Bootstrap) =>
    Buffer.from(
      `<!doctype html><html lang="${bootstrap.locale}">${head}<title>${escapeHtml(bootstrap.schoolName || 'Lanxue')}</title>` +
        `${styles}${localePreload(bootstrap.locale)}${body}${jsonForHtml(bootstrap)}${tail}`,
    );
  app.decorate('renderShell', renderShell);

  // One policy per list of a school's embedding origins, made once.
  const schoolCsp = new Map<string, string>();
  const cspFor = (extra: readonly string[]) => {
    const key = extra.join(' ');
    let found = schoolCsp.get(key);
    if (!found) {
      if (schoolCsp.size > 1000) schoolCsp.clear();
      found = pageCsp([...new Set([...(opts.frameAncestors ?? []), ...extra])], opts.liveServer, opts.storeOrigins);
      schoolCsp.set(key, found);
    }
    return found;
  };

  app.decorateReply(
    'sendShellPage',
    function sendShellPage(this: FastifyReply, page: Buffer, statusCode = 200, frameAncestors: readonly string[] = []) {
      const framed = frameAncestors.length > 0;
      // For browsers that predate frame-ancestors; newer ones follow the CSP (and so the embedding origins).
      // A page its school lets another origin frame sends none: SAMEORIGIN would contradict the CSP.
      if (!framed) this.header('x-frame-options', 'SAMEORIGIN');
      return this.code(statusCode)
        .header('cache-control', 'no-store')
        .header('content-security-policy', framed ? cspFor(frameAncestors) : csp)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'same-origin')
        .type('text/html; charset=utf-8')
        .send(page);
    },
  );
  app.decorateReply('sendShell', function sendShell(this: FastifyReply, bootstrap: Bootstrap, statusCode = 200) {
    return this.sendShellPage(renderShell(bootstrap), statusCode);
  });
});
