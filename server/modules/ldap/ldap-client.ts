/**
 * The directory connection (ldapts 8): connect with ldap:// (+ StartTLS) or ldaps://, check the certificate
 * against the given CA (on by default), bind, search in pages, and turn every failure into one clear reason
 * (LDAP_ERRORS). ldapjs was decommissioned in 2024.
 */
import {
  AndFilter,
  Client,
  EqualityFilter,
  FilterParser,
  InvalidCredentialsError,
  NoSuchObjectError,
  OrFilter,
  SizeLimitExceededError,
  type Entry,
  type Filter,
} from 'ldapts';
import type { ConnectionOptions } from 'node:tls';
import { loginNameForms } from '../../../shared/rules/login-name';
import { LDAP_ERRORS, LDAP_PAGE_SIZE, type LdapConfig } from '../../../shared/schemas/ldap';
import { AppError } from '../../lib/errors';

export interface Connection extends Pick<LdapConfig, 'url' | 'startTLS' | 'verifyCert' | 'bindDN' | 'baseDN'> {
  bindPassword: string;
  caCert: string;
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
]);

/** Which LDAP_ERRORS reason an ldapts or socket failure is, with the detail for the log and the run record. */
export function classify(error: unknown): { reason: string; detail: string; status: number } {
  const err = error as { code?: unknown; message?: string };
  const detail = String(err?.message ?? error).slice(0, 300);
  if (error instanceof AppError) return { reason: error.error, detail, status: error.statusCode };
  if (error instanceof InvalidCredentialsError) return { reason: LDAP_ERRORS.badBind, detail, status: 400 };
  if (error instanceof NoSuchObjectError) return { reason: LDAP_ERRORS.baseNotFound, detail, status: 400 };
  if (error instanceof SizeLimitExceededError) return { reason: LDAP_ERRORS.truncated, detail, status: 502 };
  if (
    typeof err?.code === 'string' &&
    (TLS_CODES.has(err.code) || err.code.startsWith('ERR_SSL') || err.code.startsWith('ERR_TLS'))
  ) {
    return { reason: LDAP_ERRORS.certificate, detail, status: 400 };
  }
  if (/certificate/i.test(detail)) return { reason: LDAP_ERRORS.certificate, detail, status: 400 };
  return { reason: LDAP_ERRORS.unreachable, detail, status: 503 };
}

function tlsOptions(c: Connection): ConnectionOptions {
  const options: ConnectionOptions = { rejectUnauthorized: c.verifyCert };
  if (c.caCert.trim()) options.ca = c.caCert;
  return options;
}

/** A connected client, StartTLS done when asked (not bound yet). */
export async function connect(c: Connection, timeoutMs: number): Promise<Client> {
  const secure = /^ldaps:/i.test(c.url);
  const client = new Client({
    url: c.url,
    timeout: timeoutMs,
    connectTimeout: timeoutMs,
    tlsOptions: secure ? tlsOptions(c) : undefined,
  });
  if (c.startTLS && !secure) {
    try {
      await client.startTLS(tlsOptions(c));
    } catch (error) {
      await close(client);
      throw error;
    }
  }
  return client;
}

/** A client bound as the service account. */
export async function serviceClient(c: Connection, timeoutMs: number): Promise<Client> {
  // A DN with an empty password is an unauthenticated bind, which many servers accept: refuse it here (an
  // anonymous service account is a bind DN left empty too).
  if (c.bindDN && c.bindPassword === '') throw new AppError(400, LDAP_ERRORS.badBind);
  const client = await connect(c, timeoutMs);
  try {
    await client.bind(c.bindDN, c.bindPassword);
    return client;
  } catch (error) {
    await close(client);
    throw error;
  }
}

export async function close(client: Client): Promise<void> {
  try {
    await client.unbind();
  } catch {
    // already gone
  }
}

/**
 * The user filter and'ed with attribute=value for each form of the typed name (the login-name rule: a
 * directory that does not normalise Unicode itself still finds an entry stored in the other form). The values
 * travel as values (RFC 4515 escaping by construction).
 */
export function userLookupFilter(userFilter: string, attribute: string, typed: string): Filter {
  const equal = loginNameForms(typed).map((value) => new EqualityFilter({ attribute, value }));
  const name = equal.length === 1 ? equal[0]! : new OrFilter({ filters: equal });
  return new AndFilter({ filters: [FilterParser.parseString(userFilter), name] });
}

/** Whether the text parses as an LDAP filter. */
export function validFilter(text: string): boolean {
  try {
    FilterParser.parseString(text);
    return true;
  } catch {
    return false;
  }
}

/** Reads every page of a search (page size 500); throws on any failure, so nothing partial comes back. */
export async function searchAll(
  client: Client,
  base: string,
  filter: string | Filter,
  attributes: string[],
  onPage?: (page: number, entries: number) => Promise<void> | void,
): Promise<Entry[]> {
  const all: Entry[] = [];
  let page = 0;
  for await (const result of client.searchPaginated(base, {
    scope: 'sub',
    filter,
    attributes,
    paged: { pageSize: LDAP_PAGE_SIZE },
  })) {
    for (const entry of result.searchEntries) all.push(entry);
    page += 1;
    await onPage?.(page, all.length);
  }
  return all;
}

/** First text value of an attribute ('' when absent). */
export function first(entry: Entry, attribute: string): string {
  if (!attribute) return '';
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key ? entry[key] : undefined;
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined ? '' : Buffer.isBuffer(one) ? one.toString('utf8') : String(one).trim();
}

/** Every text value of an attribute. */
export function values(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key ? entry[key] : undefined;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
}

/** A DN compared loosely: lower case, no spaces around separators. */
export function normDN(dn: string): string {
  return dn
    .split(',')
    .map((part) =>
      part
        .split('=')
        .map((s) => s.trim())
        .join('='),
    )
    .join(',')
    .toLowerCase();
}
