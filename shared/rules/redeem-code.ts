/**
 * Redeem codes (card keys) and the attempt throttle, as pure rules (issue 15 'Redeem codes'):
 * - a code is CODE_LENGTH characters of an alphabet without confusable characters (no 0/O, 1/I/L), drawn
 *   with a cryptographic random integer source the caller passes (crypto.randomInt on the server), so it
 *   carries CODE_LENGTH × log2(alphabet size) bits (16 × log2 31 ≈ 79 bits; the issue asks for at least 60);
 * - it is stored bare (upper case, no separators) and shown in groups of four: XXXX-XXXX-XXXX-XXXX;
 * - what a student types is normalised (case, spaces, dashes) before it is looked up;
 * - failed attempts are counted in a sliding window per student and per address; past the limit the next
 *   attempt waits until the oldest failure leaves the window.
 */

/** The code alphabet: digits 2-9 and the letters A-Z without I, L and O (31 characters). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Characters of a code (without the dashes between groups). */
export const CODE_LENGTH = 16;
/** Characters per group when a code is shown. */
export const CODE_GROUP = 4;

/** Bits of randomness of a code drawn uniformly: length × log2(alphabet size). */
export function entropyBits(alphabetSize: number, length: number): number {
  return length * Math.log2(alphabetSize);
}

/** A new bare code, each character drawn by randomInt(max) (uniform in [0, max)). */
export function generateCode(randomInt: (max: number) => number, length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** What a student typed, bare: upper case without spaces, dashes, underscores or dots. */
export function normaliseCode(input: string): string {
  return input.toUpperCase().replace(/[\s\-_.\u2010-\u2015\u30fc\uff0d]+/g, '');
}

/** Whether a bare code has the shape of a code (length and alphabet): anything else is not looked up. */
export function isCodeShape(bare: string): boolean {
  if (bare.length !== CODE_LENGTH) return false;
  for (const char of bare) if (!CODE_ALPHABET.includes(char)) return false;
  return true;
}

/** A bare code in groups for reading: XXXX-XXXX-XXXX-XXXX. */
export function formatCode(bare: string): string {
  return (bare.match(new RegExp(`.{1,${CODE_GROUP}}`, 'g')) ?? []).join('-');
}

/** The attempt throttle's limits: failures per window per student and per address. */
export const REDEEM_THROTTLE = {
  windowMs: 10 * 60_000,
  perStudent: 10,
  /** Higher: an intranet often puts many students behind one address. */
  perAddress: 30,
} as const;

/** The failures still inside the window (times in ms, oldest first). */
export function recentFailures(times: readonly number[], now: number, windowMs: number): number[] {
  return times.filter((at) => at > now - windowMs);
}

/** Seconds to wait before the next attempt (0: may try now), given the recent failures and the limit. */
export function waitSeconds(times: readonly number[], now: number, windowMs: number, limit: number): number {
  const recent = recentFailures(times, now, windowMs);
  if (recent.length < limit) return 0;
  const oldestThatMustLeave = recent[recent.length - limit];
  return Math.max(1, Math.ceil((oldestThatMustLeave + windowMs - now) / 1000));
}
