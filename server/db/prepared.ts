import type { Db } from './client';
import { onPostgres } from './engine';

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * A query prepared once per database connection and reused: drizzle otherwise builds and
 * prepares the SQL on every call (~100 µs), which dominates hot paths such as the session read.
 * Build the query with sql.placeholder() for its parameters.
 */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    statement = onPostgres() ? (asSqliteQuery(build(db)) as T) : build(db);
    statements.set(key, statement);
  }
  return statement;
}

interface PgPrepared {
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
}

/**
 * PostgreSQL's prepared queries answer execute() only: the get/all/run that repositories call (SQLite's
 * names) are given to them here, so one repository serves both engines.
 */
function asSqliteQuery(query: unknown): unknown {
  const pgQuery = query as PgPrepared;
  return Object.assign(pgQuery, {
    get: async (values?: Record<string, unknown>) => (await pgQuery.execute(values))[0],
    all: (values?: Record<string, unknown>) => pgQuery.execute(values),
    run: (values?: Record<string, unknown>) => pgQuery.execute(values),
  });
}
