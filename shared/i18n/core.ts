/**
 * The message catalogue's machinery without any messages: the server fills it with both languages
 * (shared/i18n/index.ts), the web app with the page's language only (web/i18n/load.ts; scripts/build.mjs
 * resolves the web's imports of shared/i18n to this file), so a page never downloads the other language.
 */
import type { Locale } from '../constants';
import { formatPlurals } from './plural';
import type { messages as SiteZh } from './site.zh-CN';
import type { messages as AdminPlansZh } from './admin-plans.zh-CN';
import type { messages as AdminCatalogueZh } from './admin-catalogue.zh-CN';
import type { messages as AdminResourcesZh } from './admin-resources.zh-CN';
import type { messages as AdminRecordsZh } from './admin-records.zh-CN';
import type { messages as AdminFeedbackZh } from './admin-feedback.zh-CN';
import type { messages as AdminQuestionsZh } from './admin-questions.zh-CN';
import type { messages as AdminExamsZh } from './admin-exams.zh-CN';
import type { messages as AdminExercisesZh } from './admin-exercises.zh-CN';
import type { messages as AdminPeopleZh } from './admin-people.zh-CN';
import type { messages as AdminImportZh } from './admin-import.zh-CN';
import type { messages as AdminAdminsZh } from './admin-admins.zh-CN';
import type { messages as AdminLdapZh } from './admin-ldap.zh-CN';
// Issue 19: single sign-on (OpenID Connect).
import type { messages as AdminOidcZh } from './admin-oidc.zh-CN';
import type { messages as AdminYksZh } from './admin-yks.zh-CN';
import type { messages as AdminLicenceZh } from './admin-licence.zh-CN';
import type { messages as AdminMembersZh } from './admin-members.zh-CN';
import type { messages as RedeemAdminZh } from './redeem-admin.zh-CN';
import type { messages as AdminPointsZh } from './admin-points.zh-CN';
import type { messages as AdminOrdersZh } from './admin-orders.zh-CN';
import type { messages as AdminMessagesZh } from './admin-messages.zh-CN';
import type { messages as AdminInformZh } from './admin-inform.zh-CN';
import type { messages as AdminQaZh } from './admin-qa.zh-CN';
import type { messages as AdminAnnouncementsZh } from './admin-announcements.zh-CN';
import type { messages as AdminLiveZh } from './admin-live.zh-CN';
import type { messages as AdminAnalyticsZh } from './admin-analytics.zh-CN';

/** One message catalogue for server and web; zh-CN is the default and the source of keys. */
export type MessageKey =
  | keyof typeof SiteZh
  | keyof typeof AdminCatalogueZh
  | keyof typeof AdminResourcesZh
  | keyof typeof AdminRecordsZh
  | keyof typeof AdminFeedbackZh
  | keyof typeof AdminPlansZh
  | keyof typeof AdminQuestionsZh
  | keyof typeof AdminExamsZh
  | keyof typeof AdminExercisesZh
  | keyof typeof AdminPeopleZh
  | keyof typeof AdminImportZh
  | keyof typeof AdminAdminsZh
  | keyof typeof AdminLdapZh
  | keyof typeof AdminOidcZh
  | keyof typeof AdminYksZh
  | keyof typeof AdminLicenceZh
  | keyof typeof AdminMembersZh
  | keyof typeof RedeemAdminZh
  | keyof typeof AdminPointsZh
  | keyof typeof AdminOrdersZh
  | keyof typeof AdminMessagesZh
  | keyof typeof AdminInformZh
  | keyof typeof AdminQaZh
  | keyof typeof AdminAnnouncementsZh
  | keyof typeof AdminLiveZh
  | keyof typeof AdminAnalyticsZh;
export type Messages = Record<MessageKey, string>;

/** The messages loaded so far, per language. */
export const catalogues: Record<Locale, Partial<Messages>> = { 'zh-CN': {}, 'en-gb': {} };

/** Adds one language's messages (the student site's, at start). */
export function addCatalogue(locale: Locale, messages: Partial<Messages>): void {
  Object.assign(catalogues[locale], messages);
}

/** Adds a lazily loaded area's messages (the back office calls this when its chunk loads). */
export function addMessages(zh: Partial<Messages>, en: Partial<Messages>): void {
  addCatalogue('zh-CN', zh);
  addCatalogue('en-gb', en);
}

/**
 * Fills a message's text: plural blocks take the form their number needs in this locale (plural.ts), then
 * {name} placeholders get the given values. For texts read from a message file directly (the server's files).
 */
export function fillMessage(locale: Locale, text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  const fill = (whole: string, name: string) => (name in vars ? String(vars[name]) : whole);
  return formatPlurals(locale, text, vars).replace(/\{(\w+)\}/g, fill);
}

/** Formats a message of the catalogue (the default locale's text when this one lacks it). */
export function translate(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  const found = catalogues[locale]?.[key];
  return fillMessage(found === undefined ? 'zh-CN' : locale, found ?? catalogues['zh-CN'][key] ?? key, vars);
}

/** Picks a supported locale from a user choice, falling back to the configured default. */
export function pickLocale(choice: string | undefined | null, fallback: Locale): Locale {
  if (!choice) return fallback;
  const lower = choice.toLowerCase();
  if (lower === 'zh-cn' || lower === 'zh') return 'zh-CN';
  if (lower === 'en-gb' || lower === 'en') return 'en-gb';
  return fallback;
}
