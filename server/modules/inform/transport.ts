/**
 * Sending one message: e-mail through the school's SMTP server with nodemailer (one pooled transport per school
 * and settings version, closed when the settings change or the worker stops), SMS as the gateway's HTTP call.
 * Failures become one line for the delivery log and whether trying again can help.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { fillGateway } from '../../../shared/rules/inform';
import type { SmsConfig, SmtpConfig } from '../../../shared/schemas/inform';

export interface SmtpConnection extends SmtpConfig {
  password: string;
}

export interface Outcome {
  /** The server's or gateway's answer ('250 OK ...', 'HTTP 200'). */
  message: string;
}

/** A failed send: the line for the log, and whether another attempt cannot help (a refused recipient). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

const LINE_MAX = 500;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, LINE_MAX);

/** nodemailer options: STARTTLS required or TLS from the start, certificate checks always on. */
export function transportOptions(c: SmtpConnection, timeoutMs: number, pool: boolean) {
  return {
    host: c.host,
    port: c.port,
    secure: c.security === 'tls',
    requireTLS: c.security === 'starttls',
    ignoreTLS: false,
    auth: c.user ? { user: c.user, pass: c.password } : undefined,
    tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2' as const, ...(c.caCert.trim() ? { ca: c.caCert } : {}) },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    ...(pool ? { pool: true as const, maxConnections: 2, maxMessages: 500 } : {}),
  };
}

export function createTransport(c: SmtpConnection, timeoutMs: number, pool: boolean): Transporter {
  return nodemailer.createTransport(transportOptions(c, timeoutMs, pool));
}

/** What nodemailer's error says, and whether it is the recipient being refused (5xx to RCPT TO). */
export function classifySmtp(error: unknown): SendError {
  const err = error as { code?: string; responseCode?: number; command?: string; response?: string; message?: string };
  const code = err?.code ? `${err.code}: ` : '';
  const text = oneLine(`${code}${err?.response ?? err?.message ?? String(error)}`);
  const refused =
    err?.code === 'EENVELOPE' ||
    (typeof err?.responseCode === 'number' && err.responseCode >= 500 && err.command === 'RCPT TO');
  return new SendError(text, refused);
}

export async function sendEmail(
  transport: Transporter,
  c: SmtpConnection,
  fromName: string,
  message: { to: string; subject: string; text: string },
): Promise<Outcome> {
  try {
    const info = await transport.sendMail({
      from: { name: fromName, address: c.from },
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    if ((info.rejected?.length ?? 0) > 0) throw new SendError(oneLine(`recipient refused: ${info.response}`), true);
    return { message: oneLine(String(info.response ?? 'sent')) };
  } catch (error) {
    throw error instanceof SendError ? error : classifySmtp(error);
  }
}

/** The gateway's call for one message: URL, method, headers and body with {phone} and {text} filled in. */
export function gatewayRequest(sms: SmsConfig, values: { phone: string; text: string }) {
  const url = fillGateway(sms.url, values, 'url');
  const headers: Record<string, string> = {};
  for (const header of sms.headers) headers[header.name.toLowerCase()] = fillGateway(header.value, values, 'header');
  let body: string | undefined;
  if (sms.method !== 'GET' && sms.bodyType !== 'none') {
    body = fillGateway(sms.body, values, sms.bodyType);
    headers['content-type'] ??=
      sms.bodyType === 'json' ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded; charset=utf-8';
  }
  return { url, method: sms.method, headers, body };
}

export async function sendSms(sms: SmsConfig, values: { phone: string; text: string }, timeoutMs: number) {
  const call = gatewayRequest(sms, values);
  const protocol = new URL(call.url).protocol;
  if (protocol !== 'http:' && protocol !== 'https:') throw new SendError('gateway URL must be http or https', true);
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SendError(oneLine(`gateway unreachable: ${cause?.code ?? cause?.message ?? String(error)}`), false);
  }
  const text = oneLine(await response.text().catch(() => ''));
  if (response.status < 200 || response.status >= 300)
    throw new SendError(oneLine(`HTTP ${response.status}${text ? `: ${text}` : ''}`), false);
  return { message: oneLine(`HTTP ${response.status}${text ? `: ${text}` : ''}`) };
}
