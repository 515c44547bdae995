// Builds the server (dist/server) and the web app (dist/web) with esbuild.
// The web app is split so that heavy pages load only when visited; file names carry content hashes.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// LANXUE_DIST lets parallel work build into its own folder (tests/e2e/harness.ts reads the same variable).
const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
const production = process.env.NODE_ENV !== 'development';

async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: path.join(dist, 'server/main.js'),
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
    logLevel: 'warning',
  });
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(([, meta]) => meta.entryPoint && meta.entryPoint.endsWith('web/main.tsx'));
  if (!entry) throw new Error('web entry not found in build output');
  const rel = (file) => path.relative(path.join(dist, 'web'), path.resolve(root, file)).split(path.sep).join('/');
  const manifest = { js: rel(entry[0]), css: entry[1].cssBundle ? [rel(entry[1].cssBundle)] : [] };
  fs.writeFileSync(path.join(dist, 'web/manifest.json'), JSON.stringify(manifest, null, 2));
  const bytes = outputs.filter(([file]) => !file.endsWith('.map')).reduce((sum, [, meta]) => sum + meta.bytes, 0);
  console.log(`web: ${manifest.js} (${outputs.length} files, ${Math.round(bytes / 1024)} KiB without maps)`);
}

const only = process.argv[2];
if (only !== 'web') await buildServer();
if (only !== 'server') await buildWeb();
