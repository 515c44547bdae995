import type { Locale } from '../constants';
import { zhCN as coreZh } from './zh-CN';
import { enGb as coreEn } from './en-gb';
import { messages as catalogueZh } from './catalogue.zh-CN';
import { messages as catalogueEn } from './catalogue.en-gb';
import { messages as adminCatalogueZh } from './admin-catalogue.zh-CN';
import { messages as adminCatalogueEn } from './admin-catalogue.en-gb';

// Areas keep their own message files (so several people can add keys at once); merged here.
const zhCN = { ...coreZh, ...catalogueZh, ...adminCatalogueZh };
const enGb = { ...coreEn, ...catalogueEn, ...adminCatalogueEn };

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
