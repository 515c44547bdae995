/**
 * Notices by e-mail and SMS (issue 16 'inform/*'). The back-office calls need permission group 'setting' (like
 * the directory settings: they hold a server password) and always act on the signed-in administrator's school;
 * inform/optout is the signed-in student's own choice.
 */
import * as s from '../schemas/inform';
import { defineCall } from '../contract';

const tags = ['notices by e-mail and SMS (back office)'];
const access = { admin: 'setting' } as const;
const ADMIN = "401 guest; 403 student or a sub-admin without the 'setting' permission. Always the admin's school.";

export const informCalls = {
  settings: defineCall({
    method: 'GET',
    path: 'inform/settings',
    access,
    tags,
    noStore: true,
    summary:
      "The school's notice settings: language, site address, SMTP server (never the password: passwordSet), SMS " +
      `gateway call template, and the channels of each event. ${ADMIN}`,
    reply: s.zInformSettings,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: 'inform/settings',
    access,
    tags,
    summary:
      'Saves the notice settings. smtp.password omitted or empty keeps the saved one (AES-256-GCM at rest), only for ' +
      "the same host, port, security, user and CA (400 'enter the SMTP password again' otherwise). Certificate " +
      `checks are always on; the SMS URL must be http(s). ${ADMIN}`,
    body: s.zSaveInformSettings,
    reply: s.zInformSettings,
  }),
  testEmail: defineCall({
    method: 'POST',
    path: 'inform/test/email',
    access,
    tags,
    summary: `Sends one test e-mail {to} now with the saved SMTP settings; answers {ok, message: the server's answer}. ${ADMIN}`,
    body: s.zTestEmail,
    reply: s.zTestResult,
  }),
  testSms: defineCall({
    method: 'POST',
    path: 'inform/test/sms',
    access,
    tags,
    summary: `Sends one test SMS {phone} now through the saved gateway; answers {ok, message: the gateway's answer}. ${ADMIN}`,
    body: s.zTestSms,
    reply: s.zTestResult,
  }),
  templates: defineCall({
    method: 'GET',
    path: 'inform/templates',
    access,
    tags,
    noStore: true,
    summary:
      "The wording of every event per channel and locale (zh-CN, en-gb): the school's own (custom) or the " +
      `built-in one, with the built-in text and its {placeholders}. ${ADMIN}`,
    reply: s.zTemplates,
  }),
  saveTemplate: defineCall({
    method: 'POST',
    path: 'inform/templates',
    access,
    tags,
    summary: `Saves the school's wording of an event {event, channel, locale, subject, body}; answers every template. ${ADMIN}`,
    body: s.zSaveTemplate,
    reply: s.zTemplates,
  }),
  resetTemplate: defineCall({
    method: 'POST',
    path: 'inform/templates/reset',
    access,
    tags,
    summary: `Goes back to the built-in wording of {event, channel, locale}; answers every template. ${ADMIN}`,
    body: s.zTemplateKey,
    reply: s.zTemplates,
  }),
  log: defineCall({
    method: 'GET',
    path: 'inform/log',
    access,
    tags,
    noStore: true,
    summary:
      'The delivery log: every queued e-mail and SMS of the school, newest first, with status (queued, sending, ' +
      `sent, failed), attempts, last error and times; {status} filters, paged. ${ADMIN}`,
    query: s.zLogQuery,
    reply: s.zDeliveryLog,
  }),
  retry: defineCall({
    method: 'POST',
    path: 'inform/retry',
    access,
    tags,
    summary: `Queues a failed delivery {id} again now (attempts from 0). 404 another school's; 400 not failed. ${ADMIN}`,
    body: s.zRetry,
    reply: s.zRetry,
  }),
  optout: defineCall({
    method: 'GET',
    path: 'inform/optout',
    access: 'student',
    tags: ['student account'],
    noStore: true,
    summary: 'Whether the signed-in student opted out of e-mail for non-essential notices.',
    reply: s.zOptout,
  }),
  setOptout: defineCall({
    method: 'POST',
    path: 'inform/optout',
    access: 'student',
    tags: ['student account'],
    summary:
      'The signed-in student opts out of (or back into) e-mail for non-essential notices {optedOut}; essential ' +
      'ones and SMS still come.',
    body: s.zOptout,
    reply: s.zOptout,
  }),
};
