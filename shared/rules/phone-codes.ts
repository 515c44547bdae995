/**
 * Phone binding codes (spec 7 bindPhoneNum, checkVerification; issue 19): every limit in one place, and the
 * pure decisions the service takes from the rows of phone_codes.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const PHONE_CODES = {
  /** Digits of a code. */
  digits: 6,
  /** A code is good for ten minutes. */
  ttlMs: 10 * MINUTE,
  /** Wrong tries a code allows; the next one is refused. */
  maxTries: 5,
  /** No new code for the same student or number before this interval. */
  resendMs: MINUTE,
  /** Codes sent to one number of a school. */
  perNumberHour: 5,
  perNumberDay: 10,
  /** Codes asked for from one address. */
  perAddressHour: 20,
  hourMs: HOUR,
  dayMs: DAY,
} as const;

/** Error strings of the two calls (stable: the web app and the tests read them). */
export const PHONE_ERRORS = {
  badPhone: 'phone number not accepted',
  phoneTaken: 'phone is bound to another student',
  resendTooSoon: 'resend too soon',
  numberThrottled: 'too many codes for this number',
  addressThrottled: 'too many codes from this address',
  noCode: 'no code was sent',
  wrongCode: 'wrong code',
  expired: 'code expired',
  tooManyTries: 'too many tries',
} as const;

/** A phone number as the calls take it: digits with an optional leading +, 5 to 20 digits. */
export const PHONE_PATTERN = /^\+?\d{5,20}$/;

/** The times codes were asked for (createdAt), for one counter. */
export interface SendHistory {
  /** Codes of this student or this number, newest first. */
  lastForStudentOrNumber: number | null;
  numberTimes: number[];
  addressTimes: number[];
}

export type SendRefusal =
  | { error: typeof PHONE_ERRORS.resendTooSoon; retryAfter: number }
  | { error: typeof PHONE_ERRORS.numberThrottled; retryAfter: number }
  | { error: typeof PHONE_ERRORS.addressThrottled; retryAfter: number };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Seconds until the oldest of the last `limit` times leaves the window, or 0 when under the limit. */
function waitFor(times: number[], limit: number, windowMs: number, now: number): number {
  const inWindow = times.filter((t) => now - t < windowMs).sort((a, b) => a - b);
  if (inWindow.length < limit) return 0;
  return seconds(inWindow[inWindow.length - limit] + windowMs - now);
}

/** Why a new code may not be sent now (resend interval, then per-number, then per-address), or null. */
export function sendRefusal(history: SendHistory, now: number): SendRefusal | null {
  const last = history.lastForStudentOrNumber;
  if (last !== null && now - last < PHONE_CODES.resendMs)
    return { error: PHONE_ERRORS.resendTooSoon, retryAfter: seconds(last + PHONE_CODES.resendMs - now) };
  const numberWait = Math.max(
    waitFor(history.numberTimes, PHONE_CODES.perNumberHour, PHONE_CODES.hourMs, now),
    waitFor(history.numberTimes, PHONE_CODES.perNumberDay, PHONE_CODES.dayMs, now),
  );
  if (numberWait > 0) return { error: PHONE_ERRORS.numberThrottled, retryAfter: numberWait };
  const addressWait = waitFor(history.addressTimes, PHONE_CODES.perAddressHour, PHONE_CODES.hourMs, now);
  if (addressWait > 0) return { error: PHONE_ERRORS.addressThrottled, retryAfter: addressWait };
  return null;
}

/** The code a student typed, against the newest code of theirs for that number. */
export type CheckOutcome = 'ok' | 'noCode' | 'expired' | 'tooManyTries' | 'wrongCode';

export function checkOutcome(
  code: { expiresAt: number; attempts: number; usedAt: number | null } | undefined,
  matches: boolean,
  now: number,
): CheckOutcome {
  if (!code || code.usedAt !== null) return 'noCode';
  if (code.attempts >= PHONE_CODES.maxTries) return 'tooManyTries';
  if (now >= code.expiresAt) return 'expired';
  return matches ? 'ok' : 'wrongCode';
}

/** A number shown to someone who may not read it whole: the last four digits. */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return '*'.repeat(phone.length);
  return `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}

/**
 * The bind overlay's check (spec 4 'Wechat-bind overlay', spec 8 timings): every 4 s until bound; after more
 * than 20 checks it stops and shows the QR-expired message.
 */
export const BIND_POLL = { intervalMs: 4000, maxPolls: 20 } as const;

/** Whether the overlay has checked more than maxPolls times (the QR has expired). */
export const bindExpired = (polls: number) => polls > BIND_POLL.maxPolls;
