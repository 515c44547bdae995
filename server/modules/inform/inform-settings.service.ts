/**
 * A school's notice channels (issue 16 'inform'): SMTP server and SMS gateway settings, which channels each
 * event uses, the notice language, the templates, and the test buttons.
 *
 * Choices where the spec is silent:
 * - The SMTP password is sealed exactly as the LDAP bind password (ldap-settings.service sealPassword: AES-256-GCM
 *   under a key derived from the install secret); GET never returns it, only passwordSet. Saving without one keeps
 *   the saved one, but only for the host, port, security, user and CA it was entered for (400 passwordAgain
 *   otherwise): an administrator cannot point the host at a server of theirs and receive the password.
 * - Test e-mail and test SMS send at once with the saved settings and answer what the server or gateway said; they
 *   do not go through the queue and leave no log row.
 */
import { type Locale, LOCALES } from '../../../shared/constants';
import {
  INFORM_CHANNELS,
  INFORM_ERRORS,
  INFORM_EVENTS,
  zInformChannels,
  zInformConfig,
  zSaveTemplate,
  type InformConfig,
  type InformSettings,
  type SaveInformSettings,
  type SaveTemplate,
  type Template,
  zSaveInformSettings,
  zTemplateKey,
} from '../../../shared/schemas/inform';
import { placeholdersOf } from '../../../shared/rules/inform';
import type { AppContext } from '../../context';
import { badInput } from '../../lib/errors';
import { openPassword, sealPassword } from '../ldap/ldap-settings.service';
import * as repo from './inform.repository';
import { createTransport, SendError, sendEmail, sendSms, type SmtpConnection } from './transport';
import { defaultWording, templateMap, word } from './wording';
import type { z } from 'zod';

export interface LoadedSettings {
  config: InformConfig;
  locale: Locale;
  smtp: SmtpConnection;
  channels: z.output<typeof zInformChannels>;
  /** The settings' version: a transport made for an older one is closed. */
  updatedAt: number;
}

/** The school's settings with the SMTP password opened, or undefined when never saved. */
export async function loadSettings(ctx: AppContext, schoolId: string): Promise<LoadedSettings | undefined> {
  const row = await repo.findSettings(ctx.db, schoolId);
  if (!row) return undefined;
  const config = zInformConfig.parse(JSON.parse(row.config));
  return {
    config,
    locale: config.locale ?? ctx.config.LOCALE,
    smtp: { ...config.smtp, password: await openPassword(ctx, row.smtpPassword) },
    channels: zInformChannels.parse(JSON.parse(row.channels)),
    updatedAt: row.updatedAt,
  };
}

/** GET inform/settings: the saved settings or the defaults; never the password. */
export async function getSettings(ctx: AppContext, schoolId: string): Promise<InformSettings> {
  const row = await repo.findSettings(ctx.db, schoolId);
  const config = zInformConfig.parse(row ? JSON.parse(row.config) : {});
  return {
    locale: config.locale ?? ctx.config.LOCALE,
    siteUrl: config.siteUrl,
    smtp: { ...config.smtp, passwordSet: !!row?.smtpPassword },
    sms: config.sms,
    channels: row ? zInformChannels.parse(JSON.parse(row.channels)) : {},
  };
}

type Target = Pick<SmtpConnection, 'host' | 'port' | 'security' | 'user' | 'caCert'>;
const sameTarget = (a: Target, b: Target) =>
  a.host === b.host &&
  a.port === b.port &&
  a.security === b.security &&
  a.user === b.user &&
  a.caCert.trim() === b.caCert.trim();

/** POST inform/settings. */
export async function saveSettings(
  ctx: AppContext,
  schoolId: string,
  input: SaveInformSettings,
): Promise<InformSettings> {
  const parsed = zSaveInformSettings.parse(input);
  const { password, ...smtp } = parsed.smtp;
  const existing = await repo.findSettings(ctx.db, schoolId);
  const kept = existing?.smtpPassword ?? '';
  if (!password && kept && !sameTarget(zInformConfig.parse(JSON.parse(existing!.config)).smtp, smtp))
    throw badInput(INFORM_ERRORS.passwordAgain, { field: 'smtp.password' });
  if (smtp.host && !smtp.from) throw badInput('is required', { field: 'smtp.from' });
  const config: InformConfig = { locale: parsed.locale, siteUrl: parsed.siteUrl, smtp, sms: parsed.sms };
  // Each event once, each channel once.
  const channels = Object.fromEntries(
    INFORM_EVENTS.filter((event) => parsed.channels[event]?.length).map((event) => [
      event,
      INFORM_CHANNELS.filter((channel) => parsed.channels[event]?.includes(channel)),
    ]),
  );
  await repo.saveSettings(ctx.db, {
    schoolId,
    config: JSON.stringify(config),
    smtpPassword: password ? await sealPassword(ctx, password) : kept,
    channels: JSON.stringify(channels),
    updatedAt: ctx.now(),
  });
  return await getSettings(ctx, schoolId);
}

/** GET inform/templates: every event, channel and locale with the wording in use and the built-in one. */
export async function listTemplates(ctx: AppContext, schoolId: string): Promise<{ list: Template[] }> {
  const own = templateMap(await repo.schoolTemplates(ctx.db, schoolId));
  const list: Template[] = [];
  for (const event of INFORM_EVENTS) {
    for (const channel of INFORM_CHANNELS) {
      for (const locale of LOCALES) {
        const builtIn = defaultWording(locale, event, channel);
        const row = own.get(`${event}\u0000${channel}\u0000${locale}`);
        list.push({
          event,
          channel,
          locale,
          subject: row ? row.subject : builtIn.subject,
          body: row ? row.body : builtIn.body,
          custom: !!row,
          defaultSubject: builtIn.subject,
          defaultBody: builtIn.body,
          placeholders: placeholdersOf(`${builtIn.subject} ${builtIn.body}`),
        });
      }
    }
  }
  return { list };
}

/** POST inform/templates: the school's own wording (an e-mail needs a subject). */
export async function saveTemplate(ctx: AppContext, schoolId: string, input: SaveTemplate) {
  const t = zSaveTemplate.parse(input);
  if (t.channel === 'email' && !t.subject) throw badInput('is required', { field: 'subject' });
  if (t.channel === 'sms' && t.body.length > 500) throw badInput('is too long', { field: 'body' });
  await repo.saveTemplate(ctx.db, {
    schoolId,
    ...t,
    subject: t.channel === 'sms' ? '' : t.subject,
    updatedAt: ctx.now(),
  });
  return await listTemplates(ctx, schoolId);
}

/** POST inform/templates/reset: back to the built-in wording. */
export async function resetTemplate(ctx: AppContext, schoolId: string, input: z.input<typeof zTemplateKey>) {
  await repo.deleteTemplate(ctx.db, { schoolId, ...zTemplateKey.parse(input) });
  return await listTemplates(ctx, schoolId);
}

const failure = (error: unknown) => ({
  ok: false,
  message: error instanceof SendError ? error.message : String((error as Error)?.message ?? error),
});

/** POST inform/test/email: one message now, with the saved settings; the SMTP server's answer. */
export async function testEmail(ctx: AppContext, schoolId: string, to: string) {
  const loaded = await loadSettings(ctx, schoolId);
  if (!loaded?.smtp.host || !loaded.smtp.from) return { ok: false, message: INFORM_ERRORS.notConfigured };
  const school = await repo.schoolName(ctx.db, schoolId);
  const { subject, body } = word(defaultWording(loaded.locale, 'test', 'email'), 'email', { school });
  const transport = createTransport(loaded.smtp, ctx.config.INFORM_TIMEOUT_MS, false);
  try {
    const outcome = await sendEmail(transport, loaded.smtp, school, { to, subject, text: body });
    return { ok: true, message: outcome.message };
  } catch (error) {
    ctx.log.info({ schoolId, error: String(error) }, 'inform test e-mail failed');
    return failure(error);
  } finally {
    transport.close();
  }
}

/** POST inform/test/sms: one SMS now through the saved gateway; its answer. */
export async function testSms(ctx: AppContext, schoolId: string, phone: string) {
  const loaded = await loadSettings(ctx, schoolId);
  if (!loaded?.config.sms.url) return { ok: false, message: INFORM_ERRORS.smsNotConfigured };
  const school = await repo.schoolName(ctx.db, schoolId);
  const { body } = word(defaultWording(loaded.locale, 'test', 'sms'), 'sms', { school });
  try {
    return { ok: true, ...(await sendSms(loaded.config.sms, { phone, text: body }, ctx.config.INFORM_TIMEOUT_MS)) };
  } catch (error) {
    return failure(error);
  }
}
