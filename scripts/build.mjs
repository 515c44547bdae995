// Builds the server (dist/server) and the web app (dist/web) with esbuild.
// The web app is split so that heavy pages load only when visited; file names carry content hashes. Parts of the
// web build live in scripts/build/: the declarations the web shares with the server (web-declarations.mjs) and the
// merging of small chunks (merge-chunks.mjs).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BANNER, mergeChunks, notDynamic, pageChunks } from './build/merge-chunks.mjs';
import { dist, production, root } from './build/paths.mjs';
import { webDeclarations } from './build/web-declarations.mjs';

async function buildServer() {
  await build({
    // The server, and the backup commands (npm run backup / restore) that must run where the image has no sources.
    entryPoints: { main: path.join(root, 'server/main.ts'), 'backup-cli': path.join(root, 'server/backup/cli.ts') },
    outdir: path.join(dist, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

async function buildWeb() {
  const outdir = path.join(dist, 'web/assets');
  fs.rmSync(path.join(dist, 'web'), { recursive: true, force: true });
  const declarations = await webDeclarations();
  const result = await build({
    entryPoints: { main: path.join(root, 'web/main.tsx') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome87', 'safari14.1', 'firefox78'],
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.woff2': 'file' },
    jsx: 'automatic',
    minify: production,
    sourcemap: true,
    metafile: true,
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    // The page's CSP has no 'unsafe-eval': zod's compiled parsers probe for eval with new Function() as each
    // z.object() is made, which the browser reports as a CSP violation on every page. jitless skips the probe;
    // it must be set before the first schema module runs, and with code splitting no module of ours is sure to
    // run first, so every chunk sets it (zod keeps its config on globalThis.__zod_globalConfig).
    banner: { js: BANNER },
    plugins: [declarations],
    logLevel: 'warning',
  });
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(([, meta]) => meta.entryPoint?.endsWith('web/main.tsx'));
  if (!entry) throw new Error('web entry not found in build output');
  const rel = (file) => path.relative(path.join(dist, 'web'), path.resolve(root, file)).split(path.sep).join('/');
  // The chunks main.js imports, directly or through each other (ten levels deep): the shell names them all with
  // modulepreload, so the browser fetches them at once instead of finding them one level (a round trip) at a time.
  // (A production build then merges them into one, mergeChunks.)
  const preload = [];
  const walk = (file) => {
    for (const { path: chunk, kind } of result.metafile.outputs[file]?.imports ?? []) {
      if (kind !== 'import-statement' || preload.includes(rel(chunk))) continue;
      preload.push(rel(chunk));
      walk(chunk);
    }
  };
  walk(entry[0]);
  if (production) {
    const outputKey = (file) => Object.keys(result.metafile.outputs).find((output) => output.endsWith(`/web/${file}`));
    const core = await mergeChunks(result.metafile, preload.map(outputKey).filter(notDynamic(result.metafile)), 'core');
    if (core) preload.splice(0, preload.length, rel(core));
    await mergeChunks(result.metafile, pageChunks(result.metafile, core ? [core, entry[0]] : [entry[0]]), 'pages');
  }
  // The student site's messages of each language (web/i18n/load.ts), with the chunks they import that main.js does
  // not: the shell names those of the page's language with modulepreload too.
  const locales = {};
  for (const locale of ['zh-CN', 'en-gb']) {
    const chunk = outputs.find(([, meta]) => meta.entryPoint?.endsWith(`shared/i18n/site.${locale}.ts`));
    if (!chunk) throw new Error(`no chunk of the ${locale} messages in the web build`);
    const files = [];
    const add = (file) => {
      if (files.includes(rel(file)) || preload.includes(rel(file)) || file === entry[0]) return;
      files.push(rel(file));
      for (const { path: chunk, kind } of result.metafile.outputs[file]?.imports ?? [])
        if (kind === 'import-statement') add(chunk);
    };
    add(chunk[0]);
    locales[locale] = files;
  }
  const manifest = { js: rel(entry[0]), css: entry[1].cssBundle ? [rel(entry[1].cssBundle)] : [], preload, locales };
  fs.writeFileSync(path.join(dist, 'web/manifest.json'), JSON.stringify(manifest, null, 2));
  // Which chunk holds which module (read by tests/e2e/learn-chunks.test.ts: the home page loads no viewer library). Not served.
  fs.writeFileSync(path.join(dist, 'web/metafile.json'), JSON.stringify(result.metafile));
  const bytes = outputs.filter(([file]) => !file.endsWith('.map')).reduce((sum, [, meta]) => sum + meta.bytes, 0);
  console.log(`web: ${manifest.js} (${outputs.length} files, ${Math.round(bytes / 1024)} KiB without maps)`);
  copyViewerFiles();
  // The site's icon (the product's mark), served at /favicon.ico and /favicon.svg by the shell plugin.
  for (const icon of ['favicon.svg', 'favicon.ico']) {
    fs.copyFileSync(path.join(root, 'web', icon), path.join(dist, 'web', icon));
  }
  precompress(path.join(dist, 'web/assets'));
}

/**
 * Brotli and gzip copies of the text assets (.br, .gz beside each), which the shell plugin's static server
 * sends to browsers that accept them (preCompressed): the scripts and styles weigh about a third. Brotli at
 * quality 5 keeps the build quick (about a second for the whole app) for nearly all of quality 11's gain.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(m?js|css|svg|json|wasm)$/.test(entry.name) && fs.statSync(file).size >= 1024) {
      const body = fs.readFileSync(file);
      const quality = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: quality }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    }
  }
}

/**
 * Viewer files that cannot be bundled (recipes.md 'pdf.js in an esbuild bundle'): pdf.js's worker, cmaps
 * (Chinese text), standard fonts, wasm and ICC profiles, and video.js's stylesheet (loaded by the video
 * viewer only, so the main stylesheet stays light). Copied under assets/vendor/ with the library's version
 * in the path, so the year-long immutable caching of /assets/ stays right; the viewers build the same paths
 * from the versions the libraries report (web/components/viewers/vendor.ts).
 */
function copyViewerFiles() {
  const vendor = path.join(dist, 'web/assets/vendor');
  const modules = path.join(root, 'node_modules');
  const version = (name) => JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8')).version;
  const pdfjs = path.join(vendor, `pdfjs-${version('pdfjs-dist')}`);
  fs.mkdirSync(pdfjs, { recursive: true });
  fs.copyFileSync(
    path.join(modules, 'pdfjs-dist/legacy/build/pdf.worker.min.mjs'),
    path.join(pdfjs, 'pdf.worker.min.mjs'),
  );
  for (const folder of ['cmaps', 'standard_fonts', 'wasm', 'iccs'])
    fs.cpSync(path.join(modules, 'pdfjs-dist', folder), path.join(pdfjs, folder), { recursive: true });
  const videojs = path.join(vendor, `video.js-${version('video.js')}`);
  fs.mkdirSync(videojs, { recursive: true });
  // The icon font is inlined as a data: URL, which the page's CSP (font-src falls back to 'self') refuses: serve it as a file.
  const css = fs.readFileSync(path.join(modules, 'video.js/dist/video-js.min.css'), 'utf8');
  fs.writeFileSync(
    path.join(videojs, 'video-js.min.css'),
    css.replace(/url\(data:application\/font-woff;[^)]*\)/, 'url(VideoJS.woff)'),
  );
  fs.copyFileSync(path.join(modules, 'video.js/dist/font/VideoJS.woff'), path.join(videojs, 'VideoJS.woff'));
}

const only = process.argv[2];
if (only !== 'web') await buildServer();
if (only !== 'server') await buildWeb();
