/**
 * Display rules for text (spec 5, 9): the title filter, duration display, price labels (spec 2 catalogue cards)
 * and when a search may run (spec 5).
 */
import { TITLE_LIMIT, type Locale } from '../constants';
import { readAmount, type Money } from './course-status';

export const ELLIPSIS = '…';
/** Currency symbol (spec 9). */
export const CURRENCY_SYMBOL = '￥';
/** The word shown for a free course on mobile (spec 2). */
export const FREE_WORDS: Record<Locale, string> = { 'zh-CN': '免费', 'en-gb': 'Free' };
/** Duration units per locale, with the separator between parts. */
export const DURATION_UNITS: Record<Locale, { hours: string; minutes: string; seconds: string; separator: string }> = {
  'zh-CN': { hours: '小时', minutes: '分', seconds: '秒', separator: '' },
  'en-gb': { hours: ' h', minutes: ' min', seconds: ' s', separator: ' ' },
};

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** Splits text into user-perceived characters, so Chinese, emoji and joined emoji are never cut apart. */
export function characters(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
}

/** Title filter (spec 5, 9): titles longer than the limit (default 30 characters) keep that many, then an ellipsis. */
export function filterTitle(title: string | null | undefined, limit: number = TITLE_LIMIT): string {
  const chars = characters(title ?? '');
  return chars.length > limit ? chars.slice(0, Math.max(0, limit)).join('') + ELLIPSIS : chars.join('');
}

/** Whole seconds split into hours, minutes and seconds; negative or unreadable counts as 0. */
export function durationParts(seconds: number | string | null | undefined): {
  hours: number;
  minutes: number;
  seconds: number;
} {
  const raw = Number(seconds ?? 0);
  const total = Number.isFinite(raw) && raw > 0 ? Math.floor(raw) : 0;
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** Duration as a label (spec 5: hours/minutes/seconds): '1小时2分3秒' / '1 h 2 min 3 s'; zero parts left out, 0 → '0秒' / '0 s'. */
export function formatDuration(seconds: number | string | null | undefined, locale: Locale): string {
  const parts = durationParts(seconds);
  const units = DURATION_UNITS[locale];
  const shown: string[] = [];
  if (parts.hours > 0) shown.push(`${parts.hours}${units.hours}`);
  if (parts.minutes > 0) shown.push(`${parts.minutes}${units.minutes}`);
  if (parts.seconds > 0 || shown.length === 0) shown.push(`${parts.seconds}${units.seconds}`);
  return shown.join(units.separator);
}

/** Duration as a clock: 'mm:ss' under an hour ('02:03'), else 'h:mm:ss' ('1:02:03'). */
export function formatClock(seconds: number | string | null | undefined): string {
  const { hours, minutes, seconds: secs } = durationParts(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${pad(minutes)}:${pad(secs)}`;
}

/** A price with the currency symbol and two decimals rounded half up ('￥29.90'), or null when unreadable. */
export function formatPrice(amount: Money | null | undefined): string | null {
  const value = readAmount(amount);
  if (!Number.isFinite(value)) return null;
  const cents = Math.round(Number((Math.max(0, value) * 100).toFixed(6)));
  return `${CURRENCY_SYMBOL}${(cents / 100).toFixed(2)}`;
}

/** Card price (spec 2): '￥29.90' when paid; when 0, hidden (null) on desktop and 'free' on mobile; null when unreadable. */
export function priceLabel(
  actual: Money | null | undefined,
  options: { mobile: boolean },
  locale: Locale,
): string | null {
  const value = readAmount(actual);
  if (!Number.isFinite(value)) return null;
  if (value <= 0) return options.mobile ? FREE_WORDS[locale] : null;
  return formatPrice(value);
}

/** A search keyword as it is sent: trimmed. */
export function searchKeyword(keyword: string | null | undefined): string {
  return (keyword ?? '').trim();
}

/** Search runs only when the keyword is non-empty (trimmed) and no search is already running (spec 5). */
export function searchAllowed(keyword: string | null | undefined, running: boolean): boolean {
  return searchKeyword(keyword) !== '' && !running;
}
