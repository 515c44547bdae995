/**
 * Array helpers for asynchronous callbacks that run one item after another, in order: what a loop of
 * database statements needs (inside a transaction a connection runs one statement at a time anyway, and
 * a pool is not flooded with one query per item).
 */
export async function mapAsync<T, R>(items: Iterable<T>, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let index = 0;
  for (const item of items) out.push(await fn(item, index++));
  return out;
}

export async function eachAsync<T>(
  items: Iterable<T>,
  fn: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  let index = 0;
  for (const item of items) await fn(item, index++);
}

/** True when every item passes (stops at the first that does not). */
export async function everyAsync<T>(items: Iterable<T>, fn: (item: T) => Promise<boolean>): Promise<boolean> {
  for (const item of items) if (!(await fn(item))) return false;
  return true;
}

/** The items that pass, in order. */
export async function filterAsync<T>(items: Iterable<T>, fn: (item: T) => Promise<boolean>): Promise<T[]> {
  const out: T[] = [];
  for (const item of items) if (await fn(item)) out.push(item);
  return out;
}

/**
 * A value now, or later. Hot reads answer from memory without a promise (an async function costs a promise
 * and a turn of the microtask queue even when it has the answer); callers await either alike.
 */
export type MaybePromise<T> = T | Promise<T>;

/** fn applied to the value: at once when it is there, after it settles when it is a promise. */
export function thenMaybe<T, R>(value: MaybePromise<T>, fn: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}
