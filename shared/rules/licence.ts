import type { RegStatus } from '../schemas/licence';

/** The notice warns when free seats fall to this share of the limit or below (at least one seat). */
export const SEATS_NEAR_LIMIT_SHARE = 0.1;

/**
 * A licence time as milliseconds: a number is taken as is; a date-only text (yyyy-MM-dd) is read in the server's
 * time zone, and as an expiry counts the whole day (it ends when the next day starts), as an issue date its
 * start; other ISO texts as written. Null when unreadable.
 */
export function licenceTime(when: number | string, kind: 'expiry' | 'issue'): number | null {
  if (typeof when === 'number') return Number.isFinite(when) ? when : null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(when);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = new Date(year, month - 1, date);
    if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return null;
    return kind === 'expiry' ? new Date(year, month - 1, date + 1).getTime() : start.getTime();
  }
  const ms = Date.parse(when);
  return Number.isNaN(ms) ? null : ms;
}

/** Which notice the back office shows on every screen: expired, trial, near the limit, or none. */
export function licenceNotice(
  status: Pick<RegStatus, 'trial' | 'expired' | 'seats'>,
): 'expired' | 'trial' | 'nearLimit' | null {
  if (status.expired) return 'expired';
  if (status.trial) return 'trial';
  const free = status.seats.limit - status.seats.used;
  if (free <= Math.max(1, Math.floor(status.seats.limit * SEATS_NEAR_LIMIT_SHARE))) return 'nearLimit';
  return null;
}
