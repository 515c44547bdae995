// Builds the server (dist/server) and the web app (dist/web) with esbuild.
// The web app is split so that heavy pages load only when visited; file names carry content hashes.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// LANXUE_DIST lets parallel work build into its own folder (tests/e2e/harness.ts reads the same variable).
const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
const production = process.env.NODE_ENV !== 'development';

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

/**
 * A schema file's source with each top-level const made in an arrow function called at once and marked pure
 * (`const zX = z.object(...)` becomes `const zX = (() => (z.object(...)))()` with a @__PURE__ comment before
 * it): the same value, made at the same point, but esbuild drops a schema nothing uses, so a page that takes a
 * constant from the file (COURSE_ERRORS, CHAPTER_TYPE...) gets fewer of its schemas made as it loads. Literals and
 * functions are left as they are. (A page whose files import a schema file still loads the chunk holding it, and
 * zod with it, even when it uses only constants: esbuild orders chunks by imports, not by what is used.)
 */
function pureSchemas(file, ts) {
  const source = fs.readFileSync(file, 'utf8');
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const plain = (node) =>
    ts.isLiteralExpression(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isIdentifier(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ((ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) && plain(node.expression));
  const wraps = [];
  for (const statement of tree.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (declaration.initializer && !plain(declaration.initializer))
        wraps.push([declaration.initializer.getStart(tree), declaration.initializer.getEnd()]);
  }
  let out = source;
  for (const [start, end] of wraps.reverse())
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  return out;
}

/**
 * What the web app needs at run time of the declarations it shares with the server, made at build time so that
 * zod (about 100 KiB, and a few hundred schemas made as the modules load) stays off the first screen's path:
 *  - a call declaration (shared/calls/*.ts) is used by the web client for its method and path only (web/api/client.ts
 *    request, web/hooks/useCall.ts): each file becomes its exports with the calls cut down to {method, path}
 *    (a file exporting anything else, such as a zod schema, is kept whole);
 *  - the page bootstrap's schema (shared/schemas/bootstrap.ts) becomes the JSON Schema zod writes of it, checked by
 *    web/schema-check.ts with zod's safeParse shape, so web/bootstrap.ts reports bad data as before;
 *  - the other schema files are made pure (pureSchemas) and free of side effects, so unused schemas are dropped;
 *  - the web's imports of shared/i18n resolve to shared/i18n/core.ts, the catalogue without messages: main.tsx
 *    loads the page's language only (web/i18n/load.ts).
 * TypeScript still reads the real files, so a renamed path or field fails type checking on both sides.
 */
/**
 * The source with each import of a schema file (shared/schemas/x) that takes only plain constants of it (type
 * imports aside) pointed at the build's module of those constants (schema-constants:<file>).
 */
function constantImports(file, source, constants, ts) {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly || clause.name || !clause.namedBindings) continue;
    if (!ts.isNamedImports(clause.namedBindings)) continue;
    const target = `${path.resolve(path.dirname(file), statement.moduleSpecifier.text)}.ts`;
    const plain = constants.get(target);
    if (!plain) continue;
    const values = clause.namedBindings.elements.filter((element) => !element.isTypeOnly);
    if (!values.length || !values.every((element) => plain.has((element.propertyName ?? element.name).text))) continue;
    edits.push([statement.moduleSpecifier.getStart(tree), statement.moduleSpecifier.getEnd(), target]);
  }
  let out = source;
  for (const [start, end, target] of edits.reverse())
    out = `${out.slice(0, start)}${JSON.stringify(`schema-constants:${target}`)}${out.slice(end)}`;
  return out;
}

async function webDeclarations() {
  const work = path.join(dist, '.web-declarations');
  fs.rmSync(work, { recursive: true, force: true });
  const callsDir = path.join(root, 'shared/calls');
  const callFiles = fs.readdirSync(callsDir).filter((name) => name.endsWith('.ts'));
  const bootstrapSchema = path.join(root, 'shared/schemas/bootstrap.ts');
  const schemasDir = path.join(root, 'shared/schemas/');
  const schemaFiles = fs.readdirSync(schemasDir).filter((name) => name.endsWith('.ts'));
  await build({
    entryPoints: [
      ...callFiles.map((name) => path.join(callsDir, name)),
      ...schemaFiles.map((name) => path.join(schemasDir, name)),
    ],
    outdir: work,
    outbase: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  const isCall = (value) =>
    typeof value?.method === 'string' && typeof value.path === 'string' && value.reply !== undefined;
  const strip = (value) => {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
    if (isCall(value))
      return { method: value.method, path: value.path, ...(value.multipart ? { multipart: true } : {}) };
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, strip(item)]));
    throw new Error('not a call');
  };
  const modules = new Map();
  const kept = [];
  for (const name of callFiles) {
    const exports = await import(path.join(work, 'shared/calls', name.replace(/\.ts$/, '.js')));
    try {
      const lines = Object.entries(exports).map(
        ([key, value]) => `export const ${key} = ${JSON.stringify(strip(value))};`,
      );
      modules.set(path.join(callsDir, name), lines.join('\n'));
    } catch {
      kept.push(name);
    }
  }
  // Each schema file's plain constants (COURSE_ERRORS, COMMENT_PAGE_SIZE...): a web file that imports nothing else
  // of it imports them from a module of their own (see the plugin), so the page does not load the file's chunk, and
  // zod with it, for a constant.
  const plainData = (value) =>
    value === null ||
    ['string', 'number', 'boolean'].includes(typeof value) ||
    (Array.isArray(value) && value.every(plainData)) ||
    (typeof value === 'object' &&
      Object.getPrototypeOf(value) === Object.prototype &&
      Object.values(value).every(plainData));
  const constants = new Map();
  for (const name of schemaFiles) {
    const exports = await import(path.join(work, 'shared/schemas', name.replace(/\.ts$/, '.js')));
    const plain = Object.entries(exports).filter(([, value]) => plainData(value));
    constants.set(
      path.join(schemasDir, name),
      new Map(plain.map(([key, value]) => [key, `export const ${key} = ${JSON.stringify(value)};`])),
    );
  }
  const { zBootstrap } = await import(path.join(work, 'shared/schemas/bootstrap.js'));
  const { toJSONSchema } = await import('zod');
  const { $schema, ...schema } = toJSONSchema(zBootstrap, { io: 'input' });
  modules.set(
    bootstrapSchema,
    `import { schemaParser } from ${JSON.stringify(path.join(root, 'web/schema-check.ts'))};\n` +
      `export const zBootstrap = schemaParser(${JSON.stringify(schema)});`,
  );
  fs.rmSync(work, { recursive: true, force: true });
  if (kept.length) console.log(`web: call files kept whole (they export more than calls): ${kept.join(', ')}`);
  const { default: ts } = await import('typescript');
  const i18nIndex = path.join(root, 'shared/i18n');
  return {
    name: 'web-declarations',
    setup(build) {
      build.onResolve({ filter: /(^|\/)i18n$/ }, (args) =>
        path.resolve(args.resolveDir, args.path) === i18nIndex ? { path: path.join(i18nIndex, 'core.ts') } : undefined,
      );
      // The schema files only declare (made pure below): a file none of whose exports is used is left out.
      build.onResolve({ filter: /\/schemas\/[^/]+$|^\.\/[^/]+$/ }, (args) => {
        const file = `${path.resolve(args.resolveDir, args.path)}.ts`;
        return file.startsWith(schemasDir) && fs.existsSync(file) ? { path: file, sideEffects: false } : undefined;
      });
      build.onResolve({ filter: /^schema-constants:/ }, (args) => ({
        path: args.path.slice('schema-constants:'.length),
        namespace: 'schema-constants',
      }));
      build.onLoad({ filter: /.*/, namespace: 'schema-constants' }, (args) => ({
        contents: [...constants.get(args.path).values()].join('\n'),
        loader: 'js',
      }));
      // A web or shared file's imports of schema files that take only plain constants go to those constants.
      build.onLoad({ filter: /\/(web|shared\/rules)\/.*\.tsx?$/ }, (args) => {
        if (!args.path.startsWith(`${root}/`) || args.path.includes('/node_modules/')) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        if (!source.includes('schemas/')) return undefined;
        const contents = constantImports(args.path, source, constants, ts);
        return contents === source ? undefined : { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
      build.onLoad({ filter: /\/shared\/(calls|schemas)\/[^/]+\.ts$/ }, (args) => {
        if (modules.has(args.path))
          return { contents: modules.get(args.path), loader: 'js', resolveDir: path.dirname(args.path) };
        if (!args.path.includes('/shared/schemas/')) return undefined;
        // A page that takes a constant from a schema file (COURSE_ERRORS, CHAPTER_TYPE...) would otherwise get every
        // schema of the file made as it loads, and zod with them: the schemas are marked pure (made only if used).
        return { contents: pureSchemas(args.path, ts), loader: 'ts' };
      });
    },
  };
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
    banner: { js: '(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;' },
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

/** esbuild's banner, the first line of every chunk (see buildWeb). */
const BANNER = '(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;';

/**
 * Merges the chunks main.js imports (at every level) into one, chunks/core-[hash].js. esbuild splits the modules
 * main.js shares with the lazy pages by the set of pages that use each, some forty small chunks, all needed before
 * the first paint; over HTTP/1.1 a browser fetches six at a time, so each six cost a round trip. The merged chunk
 * is esbuild's own bundle of those chunks, exporting each chunk's exports under a prefix (c<n>_<name>), evaluated in
 * the order main.js imported them; every other file's imports of them are pointed at it. The old import statements
 * are blanked (same length) and the new ones go on the banner line, so the files' source maps stay right. The
 * metafile is updated to match (tests/e2e/learn-chunks.test.ts reads it). Returns the merged chunk's metafile path.
 */
async function mergeChunks(metafile, chunks, label) {
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
const notDynamic = (metafile) => {
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
function pageChunks(metafile, loaded) {
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
