import SqliteDatabase from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { projectPath } from '../lib/paths';
import * as schema from './schema';
import { type ChangeFeed, SqliteChangeFeed } from './changes';
import { isPostgresUrl, onPostgres, type Engine } from './engine';
import { PgChangeFeed } from './pg-changes';
import { openPool, pgDrizzle } from './postgres';
import { migrateWithBackup, type MigrationState, stateOf } from './upgrade';
import { migratePostgres } from './pg-upgrade';
import { asyncSqlite, type AsyncSqlite, sqlRows as sqliteRows } from './sqlite-async';

export { affected, driverError, first } from './sqlite-async';
export { afterCommit, outsideTransaction } from './transaction-hooks';

/**
 * The database, typed as the SQLite driver's: on PostgreSQL the same calls reach node-postgres's drizzle
 * (./postgres.ts), whose query builder answers alike (the tables are built for it, ./schema/dialect.ts).
 */
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

export interface OpenDatabase {
  engine: Engine;
  db: Database;
  /** The SQLite connection itself (null on PostgreSQL): its backup API and the records' group commit. */
  sqlite: SqliteDatabase.Database | null;
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** PostgreSQL's migrations (drizzle-kit, drizzle.pg.config.ts); looked for only on PostgreSQL. */
export const pgMigrationsFolder = (): string => projectPath('migrations-pg');

/**
 * Opens the database the address names: a postgres:// URL (PostgreSQL), else a SQLite file or ':memory:'.
 * Migrates it first, after a backup when migrations are pending on a database that holds data.
 */
export async function openDatabase(target: string, options: OpenOptions = {}): Promise<OpenDatabase> {
  if (isPostgresUrl(target) !== onPostgres()) {
    throw new Error(
      'DATABASE_URL must be set in the environment of the process (the tables are built for its engine when it starts).',
    );
  }
  return isPostgresUrl(target) ? openPostgres(target, options) : openSqlite(target, options);
}

/**
 * SQLite with the pragmas in one place (WAL, foreign keys, busy timeout), migrated, its hot tables watched
 * (./changes). Pending migrations on a file that already has tables are preceded by an online backup into
 * backupDir (./upgrade); a failed migration closes the database untouched and throws naming it.
 */
async function openSqlite(file: string, options: OpenOptions): Promise<OpenDatabase> {
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
  const changes = new SqliteChangeFeed(sqlite);
  return { engine: 'sqlite', sqlite, db, changes, close: async () => void sqlite.close() };
}

/** PostgreSQL: migrated (pg_dump first when it holds data), then its watched tables told by NOTIFY (./pg-changes). */
async function openPostgres(url: string, options: OpenOptions): Promise<OpenDatabase> {
  await migratePostgres(url, {
    migrationsFolder: options.migrationsFolder ?? pgMigrationsFolder(),
    backupDir: options.backupDir,
    now: options.now,
  });
  const changes = await PgChangeFeed.open(url);
  const pool = openPool(url, { afterWrite: () => changes.catchUp() });
  const pgDb = pgDrizzle(pool, schema, { afterWrite: () => changes.catchUp() });
  changes.insideTransaction = pgDb.inTransaction;
  const db = pgDb.db as unknown as Database;
  const close = async () => {
    await changes.close();
    await pool.end();
  };
  return { engine: 'postgres', sqlite: null, db, changes, close };
}

/** A hand-written statement with ? placeholders (tools and tests; code uses sql`…`). */
export function statement(text: string, params: readonly unknown[] = []): SQL {
  const pieces = text.split('?');
  if (pieces.length - 1 !== params.length) {
    throw new Error(`statement: ${pieces.length - 1} placeholders, ${params.length} values`);
  }
  const chunks: SQL[] = [sql.raw(pieces[0] ?? '')];
  params.forEach((value, i) => chunks.push(sql`${value}`, sql.raw(pieces[i + 1] ?? '')));
  return sql.join(chunks);
}

interface PgExecutor {
  execute(query: SQL): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/**
 * The rows of a hand-written query (sql`…`) as objects named by its result columns, on either engine.
 * Prefer the query builder.
 */
export async function sqlRows<T>(db: object, query: SQL): Promise<T[]> {
  if (!onPostgres()) return sqliteRows<T>(db, query);
  return (await (db as PgExecutor).execute(query)).rows as T[];
}

/** Runs a hand-written write; answers the rows it changed. */
export async function execute(db: object, query: SQL): Promise<number> {
  if (onPostgres()) return (await (db as PgExecutor).execute(query)).rowCount ?? 0;
  const result = await (db as Database).run(query);
  return (result as unknown as { rowCount?: number }).rowCount ?? 0;
}

/** Whether the database refused a write for a unique key (named: one whose name contains it). */
export function isUniqueViolation(error: unknown, name = ''): boolean {
  const e = error as { code?: string; message?: string; constraint?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return (e.constraint ?? '').includes(name) || (e.message ?? '').includes(name);
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
    ? (e.message ?? '').includes(name)
    : false;
}

/** Which of the app's migrations the database has (lan/upgrade/status), on either engine. */
export async function migrationStateOf(db: object): Promise<MigrationState> {
  const table = onPostgres() ? sql.raw('drizzle.__drizzle_migrations') : sql.raw('__drizzle_migrations');
  const [row] = await sqlRows<{ last: number | null }>(db, sql`select max(created_at) as last from ${table}`);
  const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
  return stateOf(onPostgres() ? pgMigrationsFolder() : MIGRATIONS_FOLDER, last);
}
