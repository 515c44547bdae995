import type { Locale } from '../constants';
import { zhCN } from './zh-CN';
import { enGb } from './en-gb';

/** One message catalogue for server and web; zh-CN is the default and the source of keys. */
export type MessageKey = keyof typeof zhCN;
export type Messages = Record<MessageKey, string>;

export const catalogues: Record<Locale, Messages> = { 'zh-CN': zhCN, 'en-gb': enGb };

/** Formats a message, replacing {name} placeholders with the given values. */
export function translate(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = catalogues[locale]?.[key] ?? zhCN[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Picks a supported locale from a user choice, falling back to the configured default. */
export function pickLocale(choice: string | undefined | null, fallback: Locale): Locale {
  if (!choice) return fallback;
  const lower = choice.toLowerCase();
  if (lower === 'zh-cn' || lower === 'zh') return 'zh-CN';
  if (lower === 'en-gb' || lower === 'en') return 'en-gb';
  return fallback;
}
