import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type * as schema from './schema';
import { registerTransaction, setTransactionHooks } from './transaction-hooks';

/**
 * PostgreSQL through node-postgres (DATABASE_URL=postgres://…): a pool of connections, and drizzle over it with
 * the same tables as SQLite's (./schema/dialect.ts). What differs from SQLite's driver is settled here:
 *
 * - bigint (int8) and numeric values come back as JS numbers, as SQLite's do: counts, sums and every time in
 *   milliseconds (each well below 2^53);
 * - each connection uses this process's time zone, so the local day of a time (lanxue_day in the
 *   aggregates' triggers) is the day SQLite's strftime(…, 'localtime') gives.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.FLOAT8, (value) => Number(value));

export type PgDatabase = NodePgDatabase<typeof schema>;

/** The process's time zone, as PostgreSQL names it (IANA). */
const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export interface PgPoolOptions {
  /** Connections at most (the pool opens them as needed). */
  max?: number;
  /** Run after each write statement or transaction that committed: the change feed catches up (./changes). */
  afterWrite?: () => Promise<void>;
}

/** A pool on the address with the session settings above. */
export function openPool(url: string, options: PgPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: `-c TimeZone=${timeZone()}`,
  });
  // An idle connection that fails (the server restarted) is dropped by the pool; without a listener the
  // error would end the process.
  pool.on('error', () => {});
  return pool;
}

const WRITE = /^\s*(insert|update|delete|with|create|drop|alter)\b/i;

/** An open transaction: its connection, and whether it is over. */
interface Open {
  client: pg.PoolClient;
  tx: PgTransaction;
  over: boolean;
  /** Work to run once the transaction has committed (./transaction-hooks.ts afterCommit). */
  committed: (() => void)[];
}
type PgTransaction = Parameters<Parameters<PgDatabase['transaction']>[0]>[0];

/**
 * Drizzle over the pool, with SQLite's transaction rules (./sqlite-async.ts), so one repository is correct on
 * both: a statement made through the database while a transaction of the same async context is open runs
 * inside it (a helper handed ctx.db rather than tx sees, and is undone with, the transaction's writes), and a
 * transaction begun inside another is a savepoint of it. Work that outlives its transaction (a timer) goes to
 * the pool again. The async context is tracked only while transactions are open (on Node 20 an active
 * AsyncLocalStorage hooks every promise).
 *
 * With afterWrite, a write that committed waits for it before its caller goes on: a statement outside a
 * transaction, or a transaction's COMMIT.
 */
export function pgDrizzle(
  pool: pg.Pool,
  schemaModule: typeof schema,
  options: PgPoolOptions = {},
): { db: PgDatabase; inTransaction: () => boolean } {
  const afterWrite = options.afterWrite ?? (() => Promise.resolve());
  const context = new AsyncLocalStorage<Open>();
  let open = 0;
  const current = (): Open | undefined => {
    const store = open > 0 ? context.getStore() : undefined;
    return store && !store.over ? store : undefined;
  };
  const client = new Proxy(pool, {
    get(target, property, receiver) {
      if (property === 'query') {
        return async (...args: unknown[]) => {
          const inside = current();
          if (inside) return (inside.client.query as (...a: unknown[]) => Promise<unknown>)(...args);
          const result = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          if (WRITE.test(queryText(args[0]))) await afterWrite();
          return result;
        };
      }
      if (property === 'connect') return async () => watchCommit(await target.connect(), afterWrite);
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const db = drizzle(client as pg.Pool, { schema: schemaModule });
  const hooks = {
    defer: (work: () => void) => {
      const inside = current();
      inside?.committed.push(work);
      return inside !== undefined;
    },
    outside: <T>(work: () => T): T => context.exit(work),
  };
  const begin = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    const outer = current();
    if (outer) return outer.tx.transaction(work);
    let done: Open | undefined;
    const committed = begin(async (tx) => {
      const state: Open = {
        client: (tx as unknown as { session: { client: pg.PoolClient } }).session.client,
        tx,
        over: false,
        committed: [],
      };
      done = state;
      registerTransaction(tx, hooks);
      open++;
      try {
        return await context.run(state, () => work(tx));
      } finally {
        state.over = true;
        if (--open === 0) context.disable();
      }
    }, config);
    return committed.then((result) => {
      for (const after of done?.committed ?? []) after();
      return result;
    });
  }) as typeof db.transaction;
  setTransactionHooks(db, hooks);
  return { db, inTransaction: () => current() !== undefined };
}

const queryText = (query: unknown): string =>
  typeof query === 'string' ? query : String((query as { text?: string }).text ?? '');

/** A client whose COMMIT waits for afterWrite (drizzle runs a transaction on a client of its own). */
function watchCommit(client: pg.PoolClient, afterWrite: () => Promise<void>): pg.PoolClient {
  const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
  let wrote = false;
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return async (...args: unknown[]) => {
        const text = queryText(args[0]);
        const result = await query(...args);
        if (WRITE.test(text)) wrote = true;
        else if (/^\s*commit\b/i.test(text)) {
          if (wrote) await afterWrite();
          wrote = false;
        } else if (/^\s*rollback\b/i.test(text)) wrote = false;
        return result;
      };
    },
  });
}
