import SqliteDatabase from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { projectPath } from '../lib/paths';
import * as schema from './schema';
import { ChangeFeed } from './changes';
import { migrateWithBackup } from './upgrade';

import { asyncSqlite, type AsyncSqlite } from './sqlite-async';

export { affected, driverError, first, sqlRows } from './sqlite-async';

export type Database = AsyncSqlite;
/** What repositories take: the database or a transaction on it. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The migrations the app ships (drizzle-kit output). */
export const MIGRATIONS_FOLDER = projectPath('migrations');

/** Where backups before migrations live: DATA_DIR/backups. */
export const backupFolder = (dataDir: string) => path.join(dataDir, 'backups');

export interface OpenOptions {
  /** Another migrations folder (tests add a broken migration or leave the last one out). */
  migrationsFolder?: string;
  /** Where the backup before a migration goes (the server passes DATA_DIR/backups); none without it. */
  backupDir?: string;
  now?: () => number;
}

/**
 * Opens the database with the pragmas in one place (WAL, foreign keys, busy timeout), migrates it and watches
 * hot tables (./changes). Pending migrations on a file that already has tables are preceded by an online backup
 * into backupDir (./upgrade); a failed migration closes the database untouched and throws naming it.
 */
export async function openDatabase(
  file: string,
  options: OpenOptions = {},
): Promise<{ sqlite: SqliteDatabase.Database; db: Database; changes: ChangeFeed }> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = asyncSqlite(sqlite, schema);
  try {
    await migrateWithBackup(sqlite, {
      migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER,
      backupDir: options.backupDir,
      now: options.now,
    });
  } catch (err) {
    sqlite.close();
    throw err;
  }
  // After the migrations: the triggers watch tables they create.
  return { sqlite, db, changes: new ChangeFeed(sqlite) };
}
