/**
 * What code may ask of the transaction it runs in, on either engine: each driver (./sqlite-async.ts,
 * ./postgres.ts) registers how for its database.
 */
interface TransactionHooks {
  /** Queues work to run once the caller's transaction has committed; false outside a transaction. */
  defer(work: () => void): boolean;
  /** Runs work outside the caller's transaction (PostgreSQL only: SQLite's one connection decides itself). */
  outside?<T>(work: () => T): T;
}

const hooks = new WeakMap<object, TransactionHooks>();

export const setTransactionHooks = (db: object, given: TransactionHooks): void => void hooks.set(db, given);

interface Nestable {
  transaction<T>(work: (savepoint: Nestable) => Promise<T>, config?: unknown): Promise<T>;
}

/** Registers a transaction handle, and every savepoint later begun on it, with its database's hooks. */
export function registerTransaction(tx: object, given: TransactionHooks): void {
  hooks.set(tx, given);
  const handle = tx as Nestable;
  const nested = handle.transaction.bind(handle);
  handle.transaction = (work, config) =>
    nested((savepoint) => {
      registerTransaction(savepoint, given);
      return work(savepoint);
    }, config);
}

/**
 * Runs work once the caller's transaction has committed (never when it rolls back), or now outside one: a
 * wake-up of background work that must see the rows the transaction wrote, and must not join it.
 */
export function afterCommit(db: object, work: () => void): void {
  if (!hooks.get(db)?.defer(work)) work();
}

/**
 * Runs work outside whatever transaction the caller is in (PostgreSQL: its statements go to the pool, and a
 * transaction it begins is its own, not a savepoint). On SQLite, where one connection serves everyone, the
 * work runs as it is (./sqlite-async.ts decides there).
 */
export function outsideTransaction<T>(db: object, work: () => T): T {
  const outside = hooks.get(db)?.outside;
  return outside ? outside(work) : work();
}
