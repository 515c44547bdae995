// The web build's view of the declarations it shares with the server (see webDeclarations): made at build time.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dist, root } from './paths.mjs';

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

export async function webDeclarations() {
  // Inside the project whatever LANXUE_DIST says, so the compiled declarations find node_modules (zod) when imported.
  const work = path.join(
    root,
    'node_modules/.cache/lanxue-build',
    createHash('sha256').update(dist).digest('hex').slice(0, 12),
  );
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
