import SqliteDatabase from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { projectPath } from '../lib/paths';
import * as schema from './schema';
import { ChangeFeed } from './changes';

export type Database = BetterSQLite3Database<typeof schema>;
/** What repositories take: the database or a transaction on it. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];


/** Opens the database with the pragmas in one place (WAL, foreign keys, busy timeout), migrates it and watches hot tables (./changes). */
export function openDatabase(file: string): { sqlite: SqliteDatabase.Database; db: Database; changes: ChangeFeed } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: projectPath('migrations') });
  // After the migrations: the triggers watch tables they create.
  return { sqlite, db, changes: new ChangeFeed(sqlite) };
}
