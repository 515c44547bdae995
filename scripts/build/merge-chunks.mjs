// Production builds merge the many small chunks esbuild splits into a few (see mergeChunks).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { production, root } from './paths.mjs';

/** esbuild's banner, the first line of every chunk (see buildWeb). */
export const BANNER = '(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;';

/**
 * Merges the chunks main.js imports (at every level) into one, chunks/core-[hash].js. esbuild splits the modules
 * main.js shares with the lazy pages by the set of pages that use each, some forty small chunks, all needed before
 * the first paint; over HTTP/1.1 a browser fetches six at a time, so each six cost a round trip. The merged chunk
 * is esbuild's own bundle of those chunks, exporting each chunk's exports under a prefix (c<n>_<name>), evaluated in
 * the order main.js imported them; every other file's imports of them are pointed at it. The old import statements
 * are blanked (same length) and the new ones go on the banner line, so the files' source maps stay right. The
 * metafile is updated to match (tests/e2e/learn-chunks.test.ts reads it). Returns the merged chunk's metafile path.
 */
export async function mergeChunks(metafile, chunks, label) {
  if (chunks.length < 2) return null;
  const diskPath = (output) => path.resolve(root, output);
  const chunkDir = path.dirname(diskPath(chunks[0]));
  if (chunks.some((output) => path.dirname(diskPath(output)) !== chunkDir))
    throw new Error('merge: chunks in two folders');
  const index = new Map(chunks.map((output, i) => [diskPath(output), i]));
  const entry = chunks
    .map((output, i) => {
      const names = metafile.outputs[output].exports;
      const file = `./${path.basename(diskPath(output))}`;
      return names.length
        ? `export { ${names.map((name) => `${name} as c${i}_${name}`).join(', ')} } from '${file}';`
        : `import '${file}';`;
    })
    .join('\n');
  const out = await build({
    stdin: { contents: entry, resolveDir: chunkDir, sourcefile: 'merged.js', loader: 'js' },
    outfile: path.join(chunkDir, 'merged.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome87', 'safari14.1', 'firefox78'],
    minify: production,
    sourcemap: true,
    write: false,
    logLevel: 'warning',
    // Only the merged chunks go in: the lazy pages they import() stay files of their own (core sits beside them).
    plugins: [
      {
        name: 'merge-only',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            const file = path.resolve(args.resolveDir, args.path);
            return index.has(file) ? { path: file } : { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const js = out.outputFiles.find((file) => file.path.endsWith('.js'));
  const map = out.outputFiles.find((file) => file.path.endsWith('.js.map'));
  const hash = createHash('sha256')
    .update(js.contents)
    .digest('base64url')
    .replace(/[-_]/g, '')
    .slice(0, 8)
    .toUpperCase();
  const name = `${label}-${hash}.js`;
  const body = js.text.replace(/\/\/# sourceMappingURL=merged\.js\.map\s*$/, `//# sourceMappingURL=${name}.map\n`);
  fs.writeFileSync(path.join(chunkDir, name), `${BANNER}\n${body}`);
  // The banner line moves the bundle one line down: the map's mappings start with an empty line.
  const sourceMap = JSON.parse(map.text);
  sourceMap.mappings = `;${sourceMap.mappings}`;
  sourceMap.file = name;
  fs.writeFileSync(path.join(chunkDir, `${name}.map`), JSON.stringify(sourceMap));
  const coreOutput = path.join(path.dirname(chunks[0]), name).split(path.sep).join('/');

  // Points every other file's imports of the merged chunks at the merged one.
  const importStatement = /import\s*(?:\{([^}]*)\}\s*from\s*)?"(\.\.?\/[^"]+)";?/g;
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js') || index.has(diskPath(output))) continue;
    if (!meta.imports.some((item) => chunks.includes(item.path))) continue;
    const file = diskPath(output);
    const text = fs.readFileSync(file, 'utf8');
    // The first line is the banner (and the imports an earlier merge put there); esbuild's imports open the second.
    const first = text.indexOf('\n');
    if (!text.startsWith(BANNER) || first === -1) throw new Error(`merge: ${output} does not start with the banner`);
    const lineEnd = text.indexOf('\n', first + 1);
    const head = text.slice(first + 1, lineEnd === -1 ? text.length : lineEnd);
    const added = [];
    const blanked = head.replace(importStatement, (statement, specifiers, from) => {
      const i = index.get(path.resolve(path.dirname(file), from));
      if (i === undefined) return statement;
      const coreFrom = path.relative(path.dirname(file), path.join(chunkDir, name)).split(path.sep).join('/');
      const names = (specifiers ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const [imported, local = imported] = part.split(/\s+as\s+/);
          return `c${i}_${imported} as ${local}`;
        });
      const target = coreFrom.startsWith('.') ? coreFrom : `./${coreFrom}`;
      added.push(names.length ? `import{${names.join(',')}}from"${target}";` : `import"${target}";`);
      return ' '.repeat(statement.length);
    });
    if (!added.length) throw new Error(`merge: no import of a merged chunk found in ${output}`);
    fs.writeFileSync(
      file,
      `${text.slice(0, first)}${added.join('')}\n${blanked}${text.slice(first + 1 + head.length)}`,
    );
    const imports = meta.imports.filter((item) => !chunks.includes(item.path));
    meta.imports = [{ path: coreOutput, kind: 'import-statement', external: false }, ...imports];
  }
  const left = Object.keys(metafile.outputs).filter((output) => output.endsWith('.js') && !chunks.includes(output));
  for (const output of left) {
    const text = fs.readFileSync(diskPath(output), 'utf8');
    const still = chunks.find((chunk) => text.includes(`/${path.basename(chunk)}"`));
    if (still) throw new Error(`merge: ${output} still imports ${still}`);
  }
  const inputs = {};
  const imports = [];
  for (const output of chunks) {
    Object.assign(inputs, metafile.outputs[output].inputs);
    for (const item of metafile.outputs[output].imports)
      if (!chunks.includes(item.path) && !imports.some((known) => known.path === item.path && known.kind === item.kind))
        imports.push(item);
    for (const suffix of ['', '.map']) fs.rmSync(diskPath(output) + suffix, { force: true });
    delete metafile.outputs[output];
  }
  metafile.outputs[coreOutput] = {
    imports,
    exports: [],
    inputs,
    bytes: fs.statSync(path.join(chunkDir, name)).size,
  };
  return coreOutput;
}

/** A chunk that is also the target of a dynamic import keeps its own file (none today). */
export const notDynamic = (metafile) => {
  const dynamic = new Set(
    Object.values(metafile.outputs).flatMap((meta) =>
      meta.imports.filter((item) => item.kind === 'dynamic-import').map((item) => item.path),
    ),
  );
  return (output) => output && !dynamic.has(output);
};

/**
 * The chunks the student pages (web/pages/, each a lazy chunk) share with one another, to merge into one: esbuild
 * makes one per set of pages using a module, twenty or so small files under the course and study pages, which
 * HTTP/1.1 fetches six at a time once the page's chunk is read. A page then loads a little code of other pages (in
 * all some 40 KiB compressed). Left out: library chunks (mostly node_modules: zod, DOMPurify), which few pages need
 * and are large, and any chunk that imports a chunk left out (so the merged one never brings a library along).
 */
export function pageChunks(metafile, loaded) {
  const { outputs } = metafile;
  const statics = (output) =>
    outputs[output].imports.filter((item) => item.kind === 'import-statement').map((item) => item.path);
  const closure = (output, seen) => {
    if (seen.has(output)) return seen;
    seen.add(output);
    for (const next of statics(output)) closure(next, seen);
    return seen;
  };
  const pages = Object.keys(outputs).filter((output) => outputs[output].entryPoint?.startsWith('web/pages/'));
  const candidates = new Set();
  for (const page of pages) for (const output of closure(page, new Set())) candidates.add(output);
  for (const output of [...candidates]) {
    const meta = outputs[output];
    const library = Object.entries(meta.inputs)
      .filter(([input]) => input.startsWith('node_modules/'))
      .reduce((sum, [, item]) => sum + item.bytesInOutput, 0);
    if (meta.entryPoint || loaded.includes(output) || !output.endsWith('.js') || library * 2 >= meta.bytes)
      candidates.delete(output);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const output of [...candidates]) {
      if (statics(output).every((next) => candidates.has(next) || loaded.includes(next))) continue;
      candidates.delete(output);
      changed = true;
    }
  }
  return [...candidates].filter(notDynamic(metafile));
}
