import type { Locale } from '../constants';

/** Date patterns per locale (spec 9: yyyy-MM-dd HH:mm:ss; watermark HH:mm dd-MM-yyyy in en-gb). */
export const DATE_PATTERNS: Record<Locale, { dateTime: string; minutes: string; date: string; watermark: string }> = {
  'zh-CN': {
    dateTime: 'yyyy-MM-dd HH:mm:ss',
    minutes: 'yyyy-MM-dd HH:mm',
    date: 'yyyy-MM-dd',
    watermark: 'yyyy-MM-dd HH:mm',
  },
  'en-gb': {
    dateTime: 'dd-MM-yyyy HH:mm:ss',
    minutes: 'dd-MM-yyyy HH:mm',
    date: 'dd-MM-yyyy',
    watermark: 'HH:mm dd-MM-yyyy',
  },
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const TOKEN = /yyyy|MM|dd|HH|mm|ss/g;
type Part = string | ((date: Date) => string);
const FIELDS: Record<string, (date: Date) => string> = {
  yyyy: (date) => String(date.getFullYear()),
  MM: (date) => pad(date.getMonth() + 1),
  dd: (date) => pad(date.getDate()),
  HH: (date) => pad(date.getHours()),
  mm: (date) => pad(date.getMinutes()),
  ss: (date) => pad(date.getSeconds()),
};
// A pattern is split into literal text and fields once: dates are formatted on hot paths (course/info).
const compiled = new Map<string, Part[]>();
function compile(pattern: string): Part[] {
  let parts = compiled.get(pattern);
  if (!parts) {
    parts = [];
    let last = 0;
    for (const match of pattern.matchAll(TOKEN)) {
      if (match.index > last) parts.push(pattern.slice(last, match.index));
      parts.push(FIELDS[match[0]]);
      last = match.index + match[0].length;
    }
    if (last < pattern.length) parts.push(pattern.slice(last));
    if (compiled.size < 64) compiled.set(pattern, parts);
  }
  return parts;
}

/** Formats a date with the tokens yyyy, MM, dd, HH, mm, ss in local time; '' for an invalid date. */
export function formatDate(value: Date | number | string, pattern: string): string {
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value.replace(/-/g, '/') : value);
  if (Number.isNaN(date.getTime())) return '';
  let text = '';
  for (const part of compile(pattern)) text += typeof part === 'string' ? part : part(date);
  return text;
}

/** Formats a date and time to the minute the way the locale writes it (lists in the back office). */
export function formatDateMinutes(value: Date | number | string, locale: Locale): string {
  return formatDate(value, DATE_PATTERNS[locale].minutes);
}

/** Formats a date and time the way the locale writes it. */
export function formatDateTime(value: Date | number | string, locale: Locale): string {
  return formatDate(value, DATE_PATTERNS[locale].dateTime);
}
