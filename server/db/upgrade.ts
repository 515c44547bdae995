import type SqliteDatabase from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Migrations with a backup first (lan/upgrade/status: "At start, when migrations are pending, the
 * server first takes an online backup of the database (better-sqlite3 backup) into the data folder, then
 * migrates; a failed migration leaves the previous database untouched and the server says so").
 *
 * The runner keeps drizzle's bookkeeping (table __drizzle_migrations, one row per migration with the sha256 of
 * its file and the journal's `when` as created_at) so drizzle-kit and older installs agree with it, and like
 * drizzle's own better-sqlite3 migrator it runs every pending migration in ONE transaction; it is ours so the
 * error can name the migration that failed.
 */

const MIGRATIONS_TABLE = '__drizzle_migrations';
/** app_settings keys written after a migration (read by lan/upgrade/status). */
export const UPGRADE_SETTINGS = { lastMigrationAt: 'upgrade:lastMigrationAt', backup: 'upgrade:backup' } as const;

interface JournalEntry {
  tag: string;
  when: number;
}

export interface MigrationState {
  applied: string[];
  pending: string[];
  /** The last applied migration's tag (the schema version), null on an empty database. */
  schemaVersion: string | null;
}

export interface BackupRecord {
  /** File name inside DATA_DIR/backups (never a full path). */
  file: string;
  bytes: number;
  at: number;
}

export function readJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

function lastAppliedMillis(sqlite: SqliteDatabase.Database): number | null {
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
  if (!table) return null;
  const row = sqlite.prepare(`SELECT created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at DESC LIMIT 1`).get() as
    | { created_at: number }
    | undefined;
  return row ? Number(row.created_at) : null;
}

/** Which migrations of the folder the database has, by drizzle's rule (journal `when` after the last applied one = pending). */
export function migrationState(sqlite: SqliteDatabase.Database, folder: string): MigrationState {
  return stateOf(folder, lastAppliedMillis(sqlite));
}

/** The folder's migrations split by the last one applied (its journal `when`; null: none). */
export function stateOf(folder: string, last: number | null): MigrationState {
  const entries = readJournal(folder);
  const applied = entries.filter((entry) => last !== null && entry.when <= last).map((entry) => entry.tag);
  const pending = entries.filter((entry) => last === null || entry.when > last).map((entry) => entry.tag);
  return { applied, pending, schemaVersion: applied.at(-1) ?? null };
}

function hasTables(sqlite: SqliteDatabase.Database): boolean {
  return !!sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' LIMIT 1")
    .get();
}

export function stamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z');
}

function setSetting(sqlite: SqliteDatabase.Database, key: string, value: string): void {
  sqlite
    .prepare(
      'INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    )
    .run(key, value);
}

export interface MigrateOptions {
  migrationsFolder: string;
  /** Where backups go (DATA_DIR/backups); without one (or on :memory:) no backup is taken. */
  backupDir?: string;
  now?: () => number;
}

/**
 * Brings the database up to the folder's last migration: a backup first when the file already holds data and
 * something is pending, then every pending migration in one transaction. A failure rolls everything back and
 * throws an Error naming the migration and the backup.
 */
export async function migrateWithBackup(
  sqlite: SqliteDatabase.Database,
  options: MigrateOptions,
): Promise<{ applied: string[]; backup: BackupRecord | null }> {
  const now = options.now ?? Date.now;
  const state = migrationState(sqlite, options.migrationsFolder);
  if (state.pending.length === 0) return { applied: [], backup: null };
  let backup: BackupRecord | null = null;
  if (options.backupDir && !sqlite.memory && hasTables(sqlite)) {
    fs.mkdirSync(options.backupDir, { recursive: true });
    const at = now();
    const file = `lanxue-${stamp(at)}-before-${state.pending.at(-1)}.sqlite`;
    const target = path.join(options.backupDir, file);
    await sqlite.backup(target);
    backup = { file, bytes: fs.statSync(target).size, at };
  }
  const migrations = readMigrationFiles({ migrationsFolder: options.migrationsFolder });
  const entries = readJournal(options.migrationsFolder);
  const last = lastAppliedMillis(sqlite);
  sqlite.exec(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
  );
  const record = sqlite.prepare(`INSERT INTO ${MIGRATIONS_TABLE} ("hash", "created_at") VALUES (?, ?)`);
  const applied: string[] = [];
  let current = '';
  sqlite.exec('BEGIN');
  try {
    migrations.forEach((migration, index) => {
      if (last !== null && migration.folderMillis <= last) return;
      current = entries[index]?.tag ?? String(migration.folderMillis);
      for (const statement of migration.sql) {
        if (statement.trim()) sqlite.exec(statement);
      }
      record.run(migration.hash, migration.folderMillis);
      applied.push(current);
    });
    sqlite.exec('COMMIT');
  } catch (err) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    const reason = err instanceof Error ? err.message : String(err);
    const kept = state.schemaVersion ?? 'empty';
    const saved = backup
      ? `a backup taken before migrating is DATA_DIR/backups/${backup.file}`
      : 'no backup was needed';
    throw new Error(
      `Database upgrade failed at migration ${current}: ${reason}. Nothing was changed: the database stays at schema ${kept} (${saved}). ` +
        'The server will not start until the migration is fixed.',
      { cause: err },
    );
  }
  const at = now();
  setSetting(sqlite, UPGRADE_SETTINGS.lastMigrationAt, String(at));
  if (backup) setSetting(sqlite, UPGRADE_SETTINGS.backup, JSON.stringify(backup));
  return { applied, backup };
}
