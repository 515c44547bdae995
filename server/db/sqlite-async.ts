import { AsyncLocalStorage } from 'node:async_hooks';
import type SqliteDatabase from 'better-sqlite3';
import { DrizzleQueryError, type SQL } from 'drizzle-orm';
import { drizzle, type RemoteCallback, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type * as schema from './schema';
import { registerTransaction, setTransactionHooks } from './transaction-hooks';

export type AsyncSqlite = SqliteRemoteDatabase<typeof schema>;
type Transaction = Parameters<Parameters<AsyncSqlite['transaction']>[0]>[0];

/** How many distinct statements stay prepared (a list of n ids makes a statement of its own). */
const KEPT_STATEMENTS = 2000;

/** An open transaction: its drizzle handle once begun, and whether it is over. */
interface Open {
  tx: Transaction | null;
  over: boolean;
  /** Work to run once the transaction has committed (./transaction-hooks.ts afterCommit). */
  committed: (() => void)[];
}

/**
 * The one connection's owner while a transaction is open. A transaction's callback awaits its statements, so
 * another request's statement could otherwise run between two of them on the same connection: inside the
 * transaction, seeing what it has not committed, and undone with it. Statements from outside the owner's async
 * context wait here until the transaction ends; the owner's own go straight through.
 *
 * The async context is tracked only while transactions are open or waiting: on Node 20 an active
 * AsyncLocalStorage hooks every promise the process makes, which costs a read-only request about a third
 * of its speed (scripts/bench/access.mjs).
 */
class ConnectionLock {
  private readonly context = new AsyncLocalStorage<Open>();
  private owner: Open | null = null;
  /** Settles when the owner's transaction ends. */
  private ended: Promise<void> = Promise.resolve();
  /** Settles when the last transaction that asked has ended: the next one starts then. */
  private queue: Promise<void> = Promise.resolve();

  /** The open transaction this code runs in, if any. */
  current(): Open | undefined {
    const open = this.owner === null ? undefined : this.context.getStore();
    return open && !open.over ? open : undefined;
  }

  /** Waits while a transaction of another context holds the connection (null: go ahead). */
  wait(): Promise<void> | null {
    return this.owner === null || this.context.getStore() === this.owner ? null : this.free();
  }

  private async free(): Promise<void> {
    while (this.owner !== null && this.context.getStore() !== this.owner) await this.ended;
  }

  /** Runs work holding the connection; transactions take turns in the order they asked. */
  async hold<T>(work: (open: Open) => Promise<T>): Promise<T> {
    const before = this.queue;
    let done!: () => void;
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.queue = mine;
    await before;
    const open: Open = { tx: null, over: false, committed: [] };
    this.owner = open;
    this.ended = mine;
    try {
      return await this.context.run(open, () => work(open));
    } finally {
      open.over = true;
      this.owner = null;
      // Nobody waits to begin: stop tracking async contexts until the next transaction.
      if (this.queue === mine) this.context.disable();
      done();
    }
  }
}

type Statement = SqliteDatabase.Statement<unknown[]>;
/** drizzle's methods, and 'objects': rows as objects keyed by column name, for sqlRows() below. */
type Method = 'run' | 'all' | 'values' | 'get' | 'objects';

/**
 * Drizzle over better-sqlite3 with asynchronous statements and transactions, the shape PostgreSQL's driver
 * has: repositories await every statement, and `db.transaction(async (tx) => …)` is a real transaction
 * (drizzle's better-sqlite3 driver runs an async callback outside its transaction). Statements are prepared
 * once per SQL text. A write answers `{ rowCount }` as node-postgres does (see affected()).
 */
export function asyncSqlite(sqlite: SqliteDatabase.Database, schemaModule: typeof schema): AsyncSqlite {
  const lock = new ConnectionLock();
  const statements = new Map<string, Statement>();
  const statementFor = (text: string): Statement => {
    let statement = statements.get(text);
    if (statement === undefined) {
      statement = sqlite.prepare(text);
      if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value as string);
      statements.set(text, statement);
    }
    return statement;
  };
  const execute = (text: string, params: unknown[], method: Method) => {
    const statement = statementFor(text);
    if (!statement.reader) return { rows: [], rowCount: statement.run(...params).changes };
    statement.raw(method !== 'objects');
    if (method === 'objects') return { rows: statement.all(...params) as unknown[] };
    if (method === 'get') return { rows: statement.get(...params) as unknown[] };
    const rows = statement.all(...params) as unknown[][];
    return { rows, rowCount: rows.length };
  };
  const db = drizzle(
    (async (text: string, params: unknown[], method: Method) => {
      const waiting = lock.wait();
      if (waiting) await waiting;
      return execute(text, params, method);
    }) as RemoteCallback,
    { schema: schemaModule },
  );
  const begin = db.transaction.bind(db);
  // A transaction begun on db inside another (a helper handed db rather than tx) is a savepoint of it. Work
  // started inside a transaction may go on after it (a timer, a queue's pump): it then begins its own.
  db.transaction = ((work, config) => {
    const outer = lock.current();
    if (outer?.tx) return outer.tx.transaction(work);
    let done: Open | undefined;
    const committed = lock.hold((open) => {
      done = open;
      return begin((tx) => {
        open.tx = tx;
        registerTransaction(tx, hooks);
        return work(tx);
      }, config);
    });
    return committed.then((result) => {
      for (const after of done?.committed ?? []) after();
      return result;
    });
  }) as typeof db.transaction;
  const hooks = {
    defer: (work: () => void) => {
      const inside = lock.current();
      inside?.committed.push(work);
      return inside !== undefined;
    },
  };
  setTransactionHooks(db, hooks);
  return db;
}

/** The rows a write changed, on either engine (better-sqlite3's changes, node-postgres's rowCount). */
export function affected(result: unknown): number {
  return (result as { rowCount?: number | null }).rowCount ?? 0;
}

/** The first row of a result, or undefined (what `.get()` answered). */
export function first<T>(rows: readonly T[]): T | undefined {
  return rows[0];
}

interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { client: (text: string, params: unknown[], method: Method) => Promise<{ rows: unknown[] }> };
}

/**
 * The rows of a hand-written query (sql`…`) as objects named by its result columns: what raw queries answer
 * on either engine (drizzle's db.all answers arrays on this driver). Prefer the query builder.
 */
export async function sqlRows<T>(db: object, query: SQL): Promise<T[]> {
  const { dialect, session } = db as Internals;
  const built = dialect.sqlToQuery(query);
  return (await session.client(built.sql, built.params, 'objects')).rows as T[];
}

/**
 * The driver's own error behind drizzle's DrizzleQueryError (which names the SQL and its parameters: not for
 * users, nor for matching constraint names). Anything else as it is.
 */
export function driverError(error: unknown): unknown {
  return error instanceof DrizzleQueryError ? error.cause : error;
}
