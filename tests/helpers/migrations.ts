import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { TestApp } from './app';

/** The upgrade tests' kit (tests/server/upgrade.test.ts on SQLite, pg-upgrade.test.ts on PostgreSQL). */

export interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

/** The migrations a folder ships, from its drizzle-kit journal. */
export const journalOf = (folder: string): Journal['entries'] =>
  (JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal).entries;

/**
 * Temporary folders and apps, removed and closed after each test of the file that calls it, and a copy of a
 * migrations folder edited by `change` (drop the last migration, add a broken one).
 */
export function upgradeKit(prefix: string) {
  const dirs: string[] = [];
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  const migrationsCopy = (source: string, change: (journal: Journal, folder: string) => void): string => {
    const folder = path.join(tempDir(), path.basename(source));
    fs.cpSync(source, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
    change(journal, folder);
    fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    return folder;
  };
  return { apps, tempDir, migrationsCopy };
}
