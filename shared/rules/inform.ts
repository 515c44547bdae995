/**
 * The rules of notices by e-mail and SMS (issue 16 'inform'): who gets which channel, how a template is worded,
 * how long a failed delivery waits, and how the SMS gateway's call template is filled. Pure, unit-tested
 * (tests/shared/inform.test.ts), used by the server's queue.
 */
import type { InformChannel, InformChannels, InformEvent } from '../schemas/inform';

/** The channels the school turned on for an event (each once, e-mail first). */
export function channelsFor(channels: InformChannels, event: InformEvent): InformChannel[] {
  const on = new Set(channels[event] ?? []);
  return (['email', 'sms'] as const).filter((channel) => on.has(channel));
}

export interface Recipient {
  email: string;
  phone: string;
  /** The student opted out of e-mail for non-essential notices. */
  optedOut: boolean;
}

/**
 * Where a notice goes on a channel, or null when it does not: e-mail needs an address and, for a non-essential
 * notice, a student who did not opt out; SMS needs a phone number (the opt-out is about e-mail only).
 */
export function addressFor(channel: InformChannel, student: Recipient, essential: boolean): string | null {
  if (channel === 'email') {
    const email = student.email.trim();
    if (!email) return null;
    return essential || !student.optedOut ? email : null;
  }
  const phone = student.phone.trim();
  return phone ? phone : null;
}

/** A value filled into a template: text only, one line, at most `max` characters. */
export function templateValue(value: string | number, max = 300): string {
  return String(value)
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);
}

/**
 * Fills {name} placeholders with the event's values (unknown names stay as written, so a typo shows). A subject
 * is one line: line breaks in it become spaces (no header injection).
 */
export function fillTemplate(text: string, params: Record<string, string | number>, oneLine = false): string {
  const filled = text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? templateValue(params[name]) : whole,
  );
  return oneLine ? filled.replace(/[\r\n]+/g, ' ').trim() : filled;
}

/** The placeholders a template uses, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];
}

/**
 * How long a delivery that failed for the n-th time (n ≥ 1) waits before the next attempt: base × 2^(n-1),
 * at most `cap`.
 */
export function backoffMs(failures: number, base: number, cap = 3_600_000): number {
  const n = Math.max(1, Math.floor(failures));
  return Math.min(cap, base * 2 ** Math.min(n - 1, 30));
}

/** Whether a delivery that failed after `attempts` attempts is given up (failed) rather than queued again. */
export function givesUp(attempts: number, maxAttempts: number, permanent: boolean): boolean {
  return permanent || attempts >= maxAttempts;
}

export type SmsEscape = 'url' | 'json' | 'form' | 'header' | 'raw';

/** A value escaped for where it stands in the gateway's call. */
export function escapeFor(value: string, where: SmsEscape): string {
  switch (where) {
    case 'url':
    case 'form':
      return encodeURIComponent(value);
    case 'json':
      return JSON.stringify(value).slice(1, -1);
    case 'header':
      return value.replace(/[\r\n]+/g, ' ');
    default:
      return value;
  }
}

/** Fills {phone} and {text} in a part of the gateway's call template, escaped for that part. */
export function fillGateway(template: string, values: { phone: string; text: string }, where: SmsEscape): string {
  return template.replace(/\{(phone|text)\}/g, (_whole, name: 'phone' | 'text') => escapeFor(values[name], where));
}

/** How often a student may change their e-mail opt-out: at most `perWindow` changes in `windowMs`. */
export const OPTOUT_RATE = { perWindow: 10, windowMs: 60_000 } as const;

/** The changes still inside the window, and whether one more is allowed now. */
export function withinRate(
  times: readonly number[],
  now: number,
  rate: { perWindow: number; windowMs: number },
): { recent: number[]; allowed: boolean } {
  const recent = times.filter((at) => now - at < rate.windowMs);
  return { recent, allowed: recent.length < rate.perWindow };
}
