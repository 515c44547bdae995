import SqliteDatabase from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { MIGRATIONS_FOLDER } from '../db/client';
import { migrationState } from '../db/upgrade';
import { loadTar } from '../lib/heavy-modules';
import { moveIntoPlace } from '../lib/storage';
import {
  archiveName,
  backupDirOf,
  DATABASE_ENTRY,
  FILES_ENTRY,
  isArchiveName,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  renderSums,
  sha256File,
  sha256Text,
  SUMS_NAME,
  type Manifest,
  type ManifestEntry,
} from './manifest';

/**
 * `npm run backup` and the scheduled backup: the database and the stored files into one archive (./manifest),
 * online, while the server runs. The files are hard-linked into a staging folder under DATA_DIR/tmp (a snapshot
 * for free: the app only ever renames complete files into place, never rewrites one), the database is copied with
 * SQLite's online backup API between two such passes, so every file a copied row names is in the archive.
 * The archive is written under a hidden .partial name and renamed when complete: BACKUP_DIR only ever shows
 * whole archives, and only those count for retention.
 */

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseFile' | 'BACKUP_DIR' | 'BACKUP_KEEP'>;

export interface BackupOptions {
  config: BackupConfig;
  version: string;
  /** The server's own connection (scheduled runs): its writes then reach the copy instead of restarting it. */
  sqlite?: SqliteDatabase.Database;
  now?: () => number;
}

export interface BackupResult {
  /** Absolute path of the archive. */
  file: string;
  bytes: number;
  manifest: Manifest;
  /** Older archives removed by retention (names). */
  removed: string[];
}

/** A backup that cannot be made; the message says why in words an operator can act on. */
export class BackupError extends Error {}

/** Largest page count for one backup step: the whole database in one read transaction. */
const ALL_PAGES = 0x7fffffff;

/** Names the app writes while working (uploads in progress, conversion work folders): never backed up. */
const TEMPORARY_NAME = /(\.part|\.partial)$|\.(tmp|old)-[^/]*$/;

/** Stops tar from storing a file as a hard link to another one: every staged file is itself a link. */
class NoLinkCache extends Map<`${number}:${number}`, string> {
  override set(): this {
    return this;
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { config } = options;
  const now = options.now ?? Date.now;
  if (config.databaseFile === ':memory:')
    throw new BackupError('The database is in memory (DATABASE_FILE=:memory:): there is nothing to back up.');
  if (!fs.existsSync(config.databaseFile))
    throw new BackupError(`No database at ${config.databaseFile}: is DATA_DIR (or DATABASE_FILE) right?`);
  const backupDir = backupDirOf(config);
  fs.mkdirSync(backupDir, { recursive: true });
  fs.mkdirSync(path.join(config.dataDir, 'tmp'), { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.dataDir, 'tmp', 'backup-'));
  const at = now();
  const name = archiveName(at);
  const partial = path.join(backupDir, `.${name}.partial`);
  try {
    const skip = [backupDir, path.join(config.dataDir, 'tmp')];
    const staged = new Set<string>();
    stageFiles(config.dataDir, staging, skip, staged);
    const databaseCopy = path.join(staging, DATABASE_ENTRY);
    await copyDatabase(config.databaseFile, databaseCopy, options.sqlite);
    // Files that arrived while the database was copied: their rows may be in the copy.
    stageFiles(config.dataDir, staging, skip, staged);
    const schema = settleCopy(databaseCopy);

    const entries: ManifestEntry[] = [];
    for (const relative of [DATABASE_ENTRY, ...[...staged].sort()]) {
      const file = path.join(staging, relative);
      entries.push({ path: relative, size: fs.statSync(file).size, sha256: await sha256File(file) });
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      formatVersion: 1,
      app: { name: 'lanxue', version: options.version },
      schema,
      createdAt: new Date(at).toISOString(),
      database: DATABASE_ENTRY,
      totals: { files: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.size, 0) },
      entries,
    };
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
    fs.writeFileSync(path.join(staging, MANIFEST_NAME), manifestText);
    fs.writeFileSync(
      path.join(staging, SUMS_NAME),
      renderSums([{ path: MANIFEST_NAME, sha256: sha256Text(manifestText) }, ...entries]),
    );

    // gzip level 1: media files do not shrink anyway, and the server beside it keeps its CPU.
    const tar = await loadTar();
    await tar.c({ cwd: staging, file: partial, gzip: { level: 1 }, portable: true, linkCache: new NoLinkCache() }, [
      MANIFEST_NAME,
      SUMS_NAME,
      ...entries.map((entry) => entry.path),
    ]);
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    const file = path.join(backupDir, name);
    await moveIntoPlace(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest, removed: applyRetention(backupDir, config.BACKUP_KEEP) };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/**
 * The online copy. From another process: one step copies every page inside one read transaction, so the server's
 * writes (WAL) neither wait for it nor restart it, as they would between smaller steps. On the server's own
 * connection: SQLite carries its writes into the copy, so small steps keep the event loop free.
 */
async function copyDatabase(file: string, target: string, own: SqliteDatabase.Database | undefined): Promise<void> {
  if (own) {
    await own.backup(target);
    return;
  }
  const source = new SqliteDatabase(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
}

/** Makes the copy one self-contained file (journal mode DELETE), checks it and reads its schema version. */
function settleCopy(file: string): Manifest['schema'] {
  const copy = new SqliteDatabase(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new BackupError(`The database copy failed SQLite's check (${String(check)}): no archive was written.`);
    const state = migrationState(copy, MIGRATIONS_FOLDER);
    return { migration: state.schemaVersion, migrations: state.applied.length };
  } finally {
    copy.close();
  }
}

/** Hard-links (or copies, across file systems) every stored file not yet staged into the staging folder. */
function stageFiles(dataDir: string, staging: string, skip: string[], staged: Set<string>): void {
  const root = path.join(dataDir, FILES_ENTRY);
  const walk = (dir: string, relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const rel = `${relative}/${entry.name}`;
      if (
        TEMPORARY_NAME.test(entry.name) ||
        skip.some((folder) => full === folder || full.startsWith(folder + path.sep))
      )
        continue;
      if (entry.isDirectory()) walk(full, rel);
      else if (entry.isFile() && !staged.has(rel) && stageOne(full, path.join(staging, rel))) staged.add(rel);
    }
  };
  walk(root, FILES_ENTRY);
}

function stageOne(source: string, target: string): boolean {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  try {
    fs.linkSync(source, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false; // removed since it was listed: not part of this backup
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
  }
  try {
    fs.copyFileSync(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Keeps the newest `keep` archives in the folder (0 keeps all); returns the names removed. */
export function applyRetention(backupDir: string, keep: number): string[] {
  if (keep <= 0) return [];
  const archives = fs.readdirSync(backupDir).filter(isArchiveName).sort().reverse();
  const removed = archives.slice(keep);
  for (const name of removed) fs.rmSync(path.join(backupDir, name), { force: true });
  return removed;
}
