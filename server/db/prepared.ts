import type { Db } from './client';

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
    statement = build(db);
    statements.set(key, statement);
  }
  return statement;
}
