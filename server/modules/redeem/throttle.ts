/**
 * The attempt throttle of enrolment keys and redeem codes (shared/rules/redeem-code REDEEM_THROTTLE): failed
 * attempts per student and per address in a sliding window, in memory (one per app). Successes do not count.
 * A locked student or address answers 429 'too many attempts' with retry-after.
 */
import { recentFailures, REDEEM_THROTTLE, waitSeconds } from '../../../shared/rules/redeem-code';
import { REDEEM_ERRORS } from '../../../shared/schemas/redeem';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';

type Failures = Map<string, number[]>;
/** Most students and addresses remembered at once. */
const RECENT_KEYS_MAX = 50_000;
const stores = new WeakMap<AppContext, Failures>();

function storeOf(ctx: AppContext): Failures {
  let store = stores.get(ctx);
  if (!store) stores.set(ctx, (store = new Map()));
  return store;
}

/** The keys an attempt counts under: the student, and the address. */
const keysOf = (studentId: string, ip: string) => [`s:${studentId}`, `a:${ip}`] as const;

/** 429 when the student or the address has failed too often within the window. */
export function assertNotThrottled(ctx: AppContext, studentId: string, ip: string): void {
  const store = storeOf(ctx);
  const now = ctx.now();
  const [student, address] = keysOf(studentId, ip);
  const wait = Math.max(
    waitSeconds(store.get(student) ?? [], now, REDEEM_THROTTLE.windowMs, REDEEM_THROTTLE.perStudent),
    waitSeconds(store.get(address) ?? [], now, REDEEM_THROTTLE.windowMs, REDEEM_THROTTLE.perAddress),
  );
  if (wait > 0) throw new AppError(429, REDEEM_ERRORS.tooMany, { retryAfter: wait }, { 'retry-after': String(wait) });
}

/** Counts a failed attempt of the student from the address. */
export function countFailure(ctx: AppContext, studentId: string, ip: string): void {
  const store = storeOf(ctx);
  const now = ctx.now();
  for (const key of keysOf(studentId, ip)) {
    const kept = recentFailures(store.get(key) ?? [], now, REDEEM_THROTTLE.windowMs);
    kept.push(now);
    store.delete(key);
    store.set(key, kept);
  }
  // Bounded memory: the oldest keys go first (a Map keeps insertion order).
  while (store.size > RECENT_KEYS_MAX) store.delete(store.keys().next().value as string);
}
