// Where the build reads and writes (shared by scripts/build.mjs and its parts in scripts/build/).
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
// LANXUE_DIST lets parallel work build into its own folder (tests/e2e/harness.ts reads the same variable).
export const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
export const production = process.env.NODE_ENV !== 'development';
