import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import {
  type BackupRecord,
  type MigrateOptions,
  type MigrationState,
  readJournal,
  stamp,
  stateOf,
  UPGRADE_SETTINGS,
} from './upgrade';

/**
 * PostgreSQL's side of ./upgrade.ts (lan/upgrade/status): pending migrations are preceded by a pg_dump of a
 * database that holds data, then run in one transaction; a failure rolls them all back and names the
 * migration. The bookkeeping is drizzle's own (drizzle.__drizzle_migrations), so drizzle-kit agrees with it.
 * Several nodes starting together take turns on an advisory lock: the first migrates, the others find
 * nothing pending.
 */
const TABLE = 'drizzle.__drizzle_migrations';
const LOCK = "hashtext('lanxue_migrations')";

async function lastApplied(client: pg.ClientBase): Promise<number | null> {
  const exists = await client.query("SELECT to_regclass('drizzle.__drizzle_migrations') AS t");
  if (!exists.rows[0]?.t) return null;
  const row = await client.query(`SELECT created_at FROM ${TABLE} ORDER BY created_at DESC LIMIT 1`);
  return row.rows[0] ? Number(row.rows[0].created_at) : null;
}

/** Which migrations of the folder the database has (drizzle's rule, as on SQLite). */
export async function pgMigrationState(client: pg.ClientBase, folder: string): Promise<MigrationState> {
  return stateOf(folder, await lastApplied(client));
}

async function hasTables(client: pg.ClientBase): Promise<boolean> {
  const row = await client.query(
    "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'schools' LIMIT 1",
  );
  return (row.rowCount ?? 0) > 0;
}

/** pg_dump of the whole database in its custom format (pg_restore reads it). */
async function dump(url: string, target: string): Promise<void> {
  await promisify(execFile)('pg_dump', ['--format=custom', `--file=${target}`, `--dbname=${url}`]);
}

export async function migratePostgres(
  url: string,
  options: MigrateOptions,
): Promise<{ applied: string[]; backup: BackupRecord | null }> {
  const now = options.now ?? Date.now;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${LOCK})`);
    const entries = readJournal(options.migrationsFolder);
    const last = await lastApplied(client);
    const state = stateOf(options.migrationsFolder, last);
    if (state.pending.length === 0) return { applied: [], backup: null };
    let backup: BackupRecord | null = null;
    if (options.backupDir && (await hasTables(client))) {
      fs.mkdirSync(options.backupDir, { recursive: true });
      const at = now();
      const file = `lanxue-${stamp(at)}-before-${state.pending.at(-1)}.pgdump`;
      const target = path.join(options.backupDir, file);
      await dump(url, target);
      backup = { file, bytes: fs.statSync(target).size, at };
    }
    const migrations = readMigrationFiles({ migrationsFolder: options.migrationsFolder });
    const applied: string[] = [];
    let current = '';
    await client.query('BEGIN');
    try {
      await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
      );
      for (const [index, migration] of migrations.entries()) {
        if (last !== null && migration.folderMillis <= last) continue;
        current = entries[index]?.tag ?? String(migration.folderMillis);
        for (const part of migration.sql) if (part.trim()) await client.query(part);
        await client.query(`INSERT INTO ${TABLE} (hash, created_at) VALUES ($1, $2)`, [
          migration.hash,
          migration.folderMillis,
        ]);
        applied.push(current);
      }
      const setting = `INSERT INTO app_settings (key, value) VALUES ($1, $2)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
      await client.query(setting, [UPGRADE_SETTINGS.lastMigrationAt, String(now())]);
      if (backup) await client.query(setting, [UPGRADE_SETTINGS.backup, JSON.stringify(backup)]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      const reason = err instanceof Error ? err.message : String(err);
      const saved = backup
        ? `a backup taken before migrating is DATA_DIR/backups/${backup.file}`
        : 'no backup was needed';
      throw new Error(
        `Database upgrade failed at migration ${current}: ${reason}. Nothing was changed: the database stays at schema ${state.schemaVersion ?? 'empty'} (${saved}). ` +
          'The server will not start until the migration is fixed.',
        { cause: err },
      );
    }
    return { applied, backup };
  } finally {
    await client.end();
  }
}
