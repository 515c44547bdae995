import Database from 'better-sqlite3';
import pg from 'pg';
import { execute, sqlRows, statement } from '../../server/db/client';
import type { TestApp } from './app';
import { onPostgres } from '../../server/db/engine';
import { pgDatabaseFor } from './pg-test';

/**
 * Hand-written SQL in tests, on either engine: `?` placeholders, rows as objects. Write SQL both engines
 * read (ON CONFLICT … DO NOTHING rather than INSERT OR IGNORE, no SQLite-only functions).
 */
export const sqlAll = <T = Record<string, unknown>>(app: TestApp, text: string, ...params: unknown[]) =>
  sqlRows<T>(app.ctx.db, statement(text, params));

/** The first row, or undefined. */
export const sqlGet = async <T = Record<string, unknown>>(app: TestApp, text: string, ...params: unknown[]) =>
  (await sqlAll<T>(app, text, ...params))[0];

/** Runs a write; answers the rows it changed. */
export const sqlRun = (app: TestApp, text: string, ...params: unknown[]) =>
  execute(app.ctx.db, statement(text, params));

/**
 * Another connection to an app's database, for reading what it has committed (not what it holds in memory or
 * in an open transaction): a read-only SQLite connection to its file, or a PostgreSQL client. Give the app,
 * or the SQLite file a test named (on PostgreSQL, the database that stands for it: tests/helpers/pg-test.ts).
 */
export async function outsideReader(of: TestApp | string) {
  const file = typeof of === 'string' ? of : of.ctx.config.databaseFile;
  const url = typeof of === 'string' ? (onPostgres() ? await pgDatabaseFor(of) : null) : of.ctx.config.DATABASE_URL;
  let all: (text: string, params: unknown[]) => Promise<unknown[]>;
  let close: () => Promise<void>;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    all = async (text, params) => {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    };
    close = () => client.end();
  } else {
    const sqlite = new Database(file, { readonly: true });
    all = async (text, params) => sqlite.prepare(text).all(...params);
    close = async () => void sqlite.close();
  }
  return {
    all: <T = Record<string, unknown>>(text: string, ...params: unknown[]) => all(text, params) as Promise<T[]>,
    get: async <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
      (await all(text, params))[0] as T | undefined,
    close,
  };
}
