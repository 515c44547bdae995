/**
 * How a notice is worded: the school's own template for the event, channel and locale, or the built-in one
 * (shared/i18n/inform.<locale>.ts). Read once per informStudents call, then used for every student.
 */
import type { Locale } from '../../../shared/constants';
import { messages as zh } from '../../../shared/i18n/inform.zh-CN';
import { messages as en } from '../../../shared/i18n/inform.en-gb';
import { fillTemplate } from '../../../shared/rules/inform';
import { INFORM_SMS_BODY_MAX, type InformChannel, type InformEvent } from '../../../shared/schemas/inform';
import type { TemplateRow } from './inform.repository';

type BuiltInKey = keyof typeof zh;
const BUILT_IN: Record<Locale, Record<BuiltInKey, string>> = { 'zh-CN': zh, 'en-gb': en };

export interface Wording {
  subject: string;
  body: string;
}

/** The built-in wording of an event on a channel in a locale (an SMS has no subject). */
export function defaultWording(locale: Locale, event: InformEvent | 'test', channel: InformChannel): Wording {
  const texts = BUILT_IN[locale];
  if (channel === 'sms') return { subject: '', body: texts[`inform.${event}.sms.body` as BuiltInKey] };
  return {
    subject: texts[`inform.${event}.email.subject` as BuiltInKey],
    body: texts[`inform.${event}.email.body` as BuiltInKey],
  };
}

const keyOf = (event: string, channel: string, locale: string) => `${event}\u0000${channel}\u0000${locale}`;

/** The school's templates by event, channel and locale. */
export function templateMap(rows: readonly TemplateRow[]): Map<string, TemplateRow> {
  return new Map(rows.map((row) => [keyOf(row.event, row.channel, row.locale), row]));
}

/** The wording in use: the school's template when it has one, else the built-in one. */
export function wordingOf(
  templates: Map<string, TemplateRow>,
  locale: Locale,
  event: InformEvent,
  channel: InformChannel,
): Wording {
  const own = templates.get(keyOf(event, channel, locale));
  if (own) return { subject: channel === 'sms' ? '' : own.subject, body: own.body };
  return defaultWording(locale, event, channel);
}

/** The subject (one line) and text of one message, the values filled in; an SMS is cut to its limit. */
export function word(
  wording: Wording,
  channel: InformChannel,
  values: Record<string, string | number>,
): { subject: string; body: string } {
  const body = fillTemplate(wording.body, values);
  return {
    subject: channel === 'email' ? fillTemplate(wording.subject, values, true).slice(0, 300) : '',
    body: channel === 'sms' ? body.slice(0, INFORM_SMS_BODY_MAX) : body,
  };
}

/** An in-site path made absolute with the site's address (when one is set). */
export function absoluteLink(siteUrl: string, link: string): string {
  if (!link || !siteUrl || !link.startsWith('/')) return link;
  return `${siteUrl.replace(/\/+$/, '')}${link}`;
}
