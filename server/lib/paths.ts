import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds a file or folder of the project from here, whether the code runs from the source tree
 * (server/...) or from the build (dist/server/main.js), then from the working directory.
 */
export function projectPath(relative: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const base of [
    path.resolve(here, '..'),
    path.resolve(here, '../..'),
    path.resolve(here, '../../..'),
    process.cwd(),
  ]) {
    const candidate = path.join(base, relative);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${relative} not found`);
}
