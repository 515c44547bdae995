import type { Locale } from '../constants';

/** Date patterns per locale (spec 9: yyyy-MM-dd HH:mm:ss; watermark HH:mm dd-MM-yyyy in en-gb). */
export const DATE_PATTERNS: Record<Locale, { dateTime: string; date: string; watermark: string }> = {
  'zh-CN': { dateTime: 'yyyy-MM-dd HH:mm:ss', date: 'yyyy-MM-dd', watermark: 'yyyy-MM-dd HH:mm' },
  'en-gb': { dateTime: 'dd-MM-yyyy HH:mm:ss', date: 'dd-MM-yyyy', watermark: 'HH:mm dd-MM-yyyy' },
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats a date with the tokens yyyy, MM, dd, HH, mm, ss in local time; '' for an invalid date. */
export function formatDate(value: Date | number | string, pattern: string): string {
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value.replace(/-/g, '/') : value);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {
    yyyy: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => parts[token]);
}

/** Formats a date and time the way the locale writes it. */
export function formatDateTime(value: Date | number | string, locale: Locale): string {
  return formatDate(value, DATE_PATTERNS[locale].dateTime);
}
