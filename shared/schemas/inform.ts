/**
 * Notices by e-mail and SMS (issue 16 'inform'): the school's SMTP server and SMS gateway, which channels each
 * event uses, the wording per event, channel and locale, the delivery log, and a student's opt-out of
 * non-essential e-mail.
 */
import * as z from 'zod';
import { LOCALES } from '../constants';
import { NOTICE_WORDED_KINDS } from '../rules/notices';
import { zId, zQueryNum, zQueryPage } from './common';

/**
 * The events a student may be told about by e-mail or SMS: the system notices' kinds (shared/rules/notices,
 * the one list the notice service writes) and a published announcement.
 */
export const INFORM_EVENTS = [...NOTICE_WORDED_KINDS, 'announcement.published'] as const;
export type InformEvent = (typeof INFORM_EVENTS)[number];

export const INFORM_CHANNELS = ['email', 'sms'] as const;
export type InformChannel = (typeof INFORM_CHANNELS)[number];

export const INFORM_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type InformStatus = (typeof INFORM_STATUSES)[number];

/** Limits of what an administrator types (also the form's counters). */
export const INFORM_SUBJECT_MAX = 200;
export const INFORM_EMAIL_BODY_MAX = 5000;
export const INFORM_SMS_BODY_MAX = 500;
export const INFORM_CA_MAX = 65_536;
export const INFORM_SMS_TEMPLATE_MAX = 4000;
export const INFORM_SMS_HEADERS_MAX = 20;
export const INFORM_LOG_PAGE_MAX = 100;

/** Error strings of the inform calls (web: admin.inform.error.*). */
export const INFORM_ERRORS = {
  notConfigured: 'e-mail is not configured',
  smsNotConfigured: 'SMS gateway is not configured',
  passwordAgain: 'enter the SMTP password again: the server, port, security or user changed',
  notFailed: 'only a failed delivery can be retried',
} as const;

const zText = (max: number) => z.string().trim().max(max);

/** An SMTP or SMS host name or address: no scheme, no path, no spaces. */
export const zHost = zText(253).regex(/^$|^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'must be a host name or address');

/** An e-mail address as the SMTP envelope takes it (one address, no display name, no line breaks). */
export const zEmailAddress = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@<>",;]+@[^\s@<>",;]+$/, 'must be an e-mail address');

/** The SMTP settings (the password is kept apart, encrypted). Certificate checks are always on. */
export const zSmtpConfig = z.object({
  host: zHost.default(''),
  port: z.coerce.number().int().min(1).max(65535).default(587),
  /** STARTTLS on a plain port (587) or TLS from the first byte (465); never a plain connection. */
  security: z.enum(['starttls', 'tls']).default('starttls'),
  user: zText(254).default(''),
  from: z.union([zEmailAddress, z.literal('')]).default(''),
  /** A CA certificate (PEM) the server's certificate is checked against, besides the system's. */
  caCert: z.string().max(INFORM_CA_MAX).default(''),
});
export type SmtpConfig = z.infer<typeof zSmtpConfig>;

/** http(s) only: the gateway is a web call. */
export const zGatewayUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value.replace(/\{(phone|text)\}/g, 'x'));
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL');

const zHeaderName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be a header name');
/** Header values may hold {phone} and {text}; line breaks are refused (no header injection). */
const zHeaderValue = z
  .string()
  .max(1000)
  .regex(/^[^\r\n]*$/, 'must be one line');

/**
 * The institution's SMS gateway as an HTTP call template: {phone} and {text} in the URL, header values and body
 * are replaced by the recipient and the message, escaped for where they stand (URL component, JSON string, form).
 */
export const zSmsConfig = z.object({
  url: zGatewayUrl.default(''),
  method: z.enum(['POST', 'GET', 'PUT']).default('POST'),
  headers: z
    .array(z.object({ name: zHeaderName, value: zHeaderValue }))
    .max(INFORM_SMS_HEADERS_MAX)
    .default([]),
  /** How the body is written and escaped: a JSON document, a form (application/x-www-form-urlencoded), none. */
  bodyType: z.enum(['json', 'form', 'none']).default('json'),
  body: z.string().max(INFORM_SMS_TEMPLATE_MAX).default('{"phone":"{phone}","text":"{text}"}'),
});
export type SmsConfig = z.infer<typeof zSmsConfig>;

/** Which channels each event uses: { [event]: ('email'|'sms')[] }; an event not named uses none. */
export const zInformChannels = z
  .partialRecord(z.enum(INFORM_EVENTS), z.array(z.enum(INFORM_CHANNELS)).max(2))
  .default({});
export type InformChannels = z.infer<typeof zInformChannels>;

/** What inform_settings.config holds. */
export const zInformConfig = z.object({
  /** The language notices are worded in (the install's LOCALE when never chosen). */
  locale: z.enum(LOCALES).optional(),
  /** The site's address students open (https://learn.example.edu), so links in notices work; '' paths only. */
  siteUrl: zGatewayUrl.default(''),
  smtp: zSmtpConfig.default(zSmtpConfig.parse({})),
  sms: zSmsConfig.default(zSmsConfig.parse({})),
});
export type InformConfig = z.infer<typeof zInformConfig>;

/** GET inform/settings: never the password, only whether one is set. */
export const zInformSettings = z.object({
  locale: z.enum(LOCALES),
  siteUrl: z.string(),
  smtp: zSmtpConfig.extend({ passwordSet: z.boolean() }),
  sms: zSmsConfig,
  channels: z.record(z.string(), z.array(z.enum(INFORM_CHANNELS))),
});
export type InformSettings = z.infer<typeof zInformSettings>;

/** POST inform/settings: smtp.password omitted or '' keeps the saved one (for the same server and user). */
export const zSaveInformSettings = z.object({
  locale: z.enum(LOCALES),
  siteUrl: zGatewayUrl.default(''),
  smtp: zSmtpConfig.extend({ password: z.string().max(500).optional() }),
  sms: zSmsConfig,
  channels: zInformChannels,
});
export type SaveInformSettings = z.input<typeof zSaveInformSettings>;

/** POST inform/test/email, inform/test/sms: sent at once with the saved settings; the server's answer. */
export const zTestEmail = z.object({ to: zEmailAddress });
export const zTestSms = z.object({ phone: z.string().trim().min(1, 'is required').max(40) });
export const zTestResult = z.object({ ok: z.boolean(), message: z.string() });

export const zTemplateKey = z.object({
  event: z.enum(INFORM_EVENTS),
  channel: z.enum(INFORM_CHANNELS),
  locale: z.enum(LOCALES),
});
/** POST inform/templates: a school's own wording; {name} placeholders are the event's values. */
export const zSaveTemplate = zTemplateKey.extend({
  subject: zText(INFORM_SUBJECT_MAX).default(''),
  body: z.string().trim().min(1, 'is required').max(INFORM_EMAIL_BODY_MAX),
});
export type SaveTemplate = z.input<typeof zSaveTemplate>;

export const zTemplate = zTemplateKey.extend({
  subject: z.string(),
  body: z.string(),
  /** The school's own wording (false: the built-in one). */
  custom: z.boolean(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  /** The placeholders the event's values fill, e.g. ['name', 'title', 'link']. */
  placeholders: z.array(z.string()),
});
export type Template = z.infer<typeof zTemplate>;
export const zTemplates = z.object({ list: z.array(zTemplate) });

/** GET inform/log. */
export const zLogQuery = z.object({
  status: z.enum(INFORM_STATUSES).optional(),
  page: zQueryPage,
  num: zQueryNum(INFORM_LOG_PAGE_MAX),
});
export const zDelivery = z.object({
  id: zId,
  channel: z.enum(INFORM_CHANNELS),
  event: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(INFORM_STATUSES),
  attempts: z.number().int(),
  lastError: z.string(),
  createdAt: z.number(),
  nextAt: z.number(),
  sentAt: z.number().nullable(),
});
export type Delivery = z.infer<typeof zDelivery>;
export const zDeliveryLog = z.object({ list: z.array(zDelivery), total: z.number().int() });
export const zRetry = z.object({ id: zId });

/** GET/POST inform/optout: the signed-in student's choice. */
export const zOptout = z.object({ optedOut: z.boolean() });
