import SqliteDatabase from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../config';
import { MIGRATIONS_FOLDER } from '../db/client';
import { migrationState } from '../db/upgrade';
import { resolveInside } from '../lib/storage';
import {
  DATABASE_ENTRY,
  FILES_ENTRY,
  MANIFEST_NAME,
  parseSums,
  sha256File,
  sha256Text,
  SUMS_NAME,
  zManifest,
  type Manifest,
} from './manifest';

/**
 * `npm run restore ARCHIVE`: puts a backup (./backup) back onto an empty data folder. Everything is unpacked into a
 * hidden folder inside the data folder (same file system, and inside a Docker volume whose mount point cannot be
 * replaced), every checksum and the database are checked, and only then are the files and the database renamed
 * into place, the database last. Any failure before that removes the hidden folder: the data folder is as it was.
 */

export type RestoreConfig = Pick<Config, 'dataDir' | 'databaseFile'>;

export interface RestoreResult {
  dataDir: string;
  manifest: Manifest;
}

/** A restore refused or failed; the message says why and that nothing was changed. */
export class RestoreError extends Error {}

const WORK_PREFIX = '.restore-';
/** What an empty data folder may still hold: a file system's lost+found, a restore killed before it finished. */
const IGNORABLE = (name: string) => name === 'lost+found' || name.startsWith(WORK_PREFIX);

export async function restoreBackup(archive: string, config: RestoreConfig): Promise<RestoreResult> {
  const source = path.resolve(archive);
  if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile()) throw new RestoreError(`No archive at ${source}.`);
  const dataDir = path.resolve(config.dataDir);
  const databaseTarget = path.join(dataDir, DATABASE_ENTRY);
  if (config.databaseFile !== databaseTarget) {
    throw new RestoreError(
      `DATABASE_FILE is ${config.databaseFile}, but a restore writes the database to ${databaseTarget}. ` +
        'Unset DATABASE_FILE for the restore (and move the database afterwards if you need it elsewhere).',
    );
  }
  const existing = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : null;
  const held = (existing ?? []).filter((name) => !IGNORABLE(name));
  if (held.length > 0) {
    const shown = held.slice(0, 5).join(', ') + (held.length > 5 ? `, … (${held.length} entries)` : '');
    throw new RestoreError(
      `The data folder ${dataDir} is not empty (${shown}). A restore only writes into an empty data folder, ` +
        'so nothing was changed. Stop the server, move the folder\u2019s contents away (or point DATA_DIR at a new ' +
        'folder) and run it again.',
    );
  }
  for (const name of existing ?? [])
    if (name.startsWith(WORK_PREFIX)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(dataDir, WORK_PREFIX));
  const unchanged = `Nothing was restored; ${dataDir} is as it was.`;
  try {
    await unpack(source, work).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RestoreError(`The archive ${path.basename(source)} is damaged or incomplete (${reason}). ${unchanged}`);
    });
    const manifest = await verify(work).catch((error: unknown) => {
      if (!(error instanceof Verification)) throw error;
      throw new RestoreError(
        `The archive ${path.basename(source)} failed verification: ${error.message}. ${unchanged}`,
      );
    });
    moveIntoData(work, dataDir);
    return { dataDir, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    if (existing === null && fs.readdirSync(dataDir).length === 0) fs.rmdirSync(dataDir);
  }
}

class Verification extends Error {}

async function unpack(archive: string, work: string): Promise<void> {
  const refused: string[] = [];
  await tar.x({
    file: archive,
    cwd: work,
    strict: true,
    preserveOwner: false,
    // Plain files only (folders are made as needed): a link could point outside the data folder.
    filter: (entryPath, entry) => {
      const type = 'type' in entry ? entry.type : 'File';
      if (type === 'File' || type === 'OldFile' || type === 'Directory') return true;
      refused.push(`${entryPath} (${type})`);
      return false;
    },
  });
  if (refused.length > 0)
    throw new Error(`it holds entries that are not plain files: ${refused.slice(0, 3).join(', ')}`);
}

/** Every file the archive held, relative to the work folder, with '/'. */
function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, relative: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
      else found.push(rel);
    }
  };
  walk(root, '');
  return found;
}

async function verify(work: string): Promise<Manifest> {
  const read = (name: string) => {
    const file = path.join(work, name);
    if (!fs.existsSync(file)) throw new Verification(`it has no ${name} (not a Lanxue backup, or cut short)`);
    return fs.readFileSync(file, 'utf8');
  };
  const manifestText = read(MANIFEST_NAME);
  const sums = parseSums(read(SUMS_NAME));
  if (!sums) throw new Verification(`${SUMS_NAME} is malformed`);
  if (sums.get(MANIFEST_NAME) !== sha256Text(manifestText))
    throw new Verification(`${MANIFEST_NAME} does not match its checksum`);
  let parsed: Awaited<ReturnType<typeof zManifest.safeParse>>;
  try {
    parsed = zManifest.safeParse(JSON.parse(manifestText));
  } catch {
    throw new Verification(`${MANIFEST_NAME} is not JSON`);
  }
  if (!parsed.success)
    throw new Verification(`${MANIFEST_NAME} is not a Lanxue backup manifest (${parsed.error.issues[0]?.message})`);
  const manifest = parsed.data;

  const listed = new Set<string>([MANIFEST_NAME, SUMS_NAME]);
  for (const entry of manifest.entries) {
    const allowed = entry.path === DATABASE_ENTRY || entry.path.startsWith(`${FILES_ENTRY}/`);
    if (!allowed || !resolveInside(work, entry.path) || listed.has(entry.path))
      throw new Verification(`the manifest lists ${JSON.stringify(entry.path)}`);
    if (sums.get(entry.path) !== entry.sha256)
      throw new Verification(`${SUMS_NAME} and the manifest disagree on ${entry.path}`);
    listed.add(entry.path);
  }
  if (sums.size !== manifest.entries.length + 1)
    throw new Verification(`${SUMS_NAME} lists files the manifest does not`);
  if (manifest.entries[0]?.path !== DATABASE_ENTRY) throw new Verification('the manifest lists no database');
  const present = listFiles(work);
  const extra = present.find((file) => !listed.has(file));
  if (extra) throw new Verification(`it holds ${extra}, which the manifest does not list`);
  const missing = [...listed].find((file) => !present.includes(file));
  if (missing) throw new Verification(`${missing} is missing (the archive was cut short?)`);
  for (const entry of manifest.entries) {
    const file = path.join(work, entry.path);
    const size = fs.statSync(file).size;
    if (size !== entry.size)
      throw new Verification(`${entry.path} has ${size} bytes where the manifest says ${entry.size}`);
    if ((await sha256File(file)) !== entry.sha256) throw new Verification(`${entry.path} does not match its checksum`);
  }
  checkDatabase(path.join(work, DATABASE_ENTRY), manifest);
  return manifest;
}

/** The copy opens, passes SQLite's check, is at the manifest's schema, and this version knows that schema. */
function checkDatabase(file: string, manifest: Manifest): void {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const known = journal.entries.map((entry) => entry.tag);
  const wanted = manifest.schema.migration;
  if (wanted !== null && !known.includes(wanted)) {
    throw new Verification(
      `it was made by a newer Lanxue (schema ${wanted}; this one knows up to ${known.at(-1)}): upgrade Lanxue first`,
    );
  }
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Verification(`the database fails SQLite's check (${String(check)})`);
    const schema = migrationState(db, MIGRATIONS_FOLDER).schemaVersion;
    if (schema !== wanted) throw new Verification(`the database is at schema ${schema}, the manifest says ${wanted}`);
  } catch (error) {
    if (error instanceof Verification) throw error;
    throw new Verification(`the database does not open (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    db?.close();
  }
}

/** Renames the verified files, then the database, into the data folder; puts back what moved if one rename fails. */
function moveIntoData(work: string, dataDir: string): void {
  const moved: string[] = [];
  try {
    for (const name of [FILES_ENTRY, DATABASE_ENTRY]) {
      if (!fs.existsSync(path.join(work, name))) continue;
      fs.renameSync(path.join(work, name), path.join(dataDir, name));
      moved.push(name);
    }
  } catch (error) {
    for (const name of moved.reverse()) fs.renameSync(path.join(dataDir, name), path.join(work, name));
    const reason = error instanceof Error ? error.message : String(error);
    throw new RestoreError(
      `Moving the restored files into ${dataDir} failed (${reason}). Nothing was restored; ${dataDir} is as it was.`,
    );
  }
}
