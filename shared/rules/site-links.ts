/**
 * Where a link may send a user (used by the server's schemas and the web app alike).
 *
 * Both rules resolve the value the way a browser does (the WHATWG URL parser, which also drops tabs and
 * newlines and reads a backslash as a slash) and look at where the result lands, instead of looking at how
 * the text begins: '/\t/evil.example/' begins with one slash, yet a browser lands on evil.example.
 * Control characters are refused outright, since they only ever hide what a link does.
 */

/** Longest return path or link kept. */
export const SITE_LINK_MAX = 2000;

/**
 * A stand-in origin to resolve against. A value that starts with '/' resolves to the same path on any
 * origin, so the answer (on this site or not) is the same as against the real one.
 */
const SITE = 'http://site.invalid';

/** Whether the text holds a C0 control character or DEL (tab, newline and carriage return among them). */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function resolve(value: string, origin: string): URL | null {
  try {
    return new URL(value, origin);
  } catch {
    return null;
  }
}

/**
 * Return-path rule: a path on this site to send a user back to after signing in or out. It starts with one
 * '/', holds no control character, and resolved against the site's origin it stays on that origin.
 */
export function isSameSitePath(value: string | null | undefined, origin: string = SITE): value is string {
  if (!value || value.length > SITE_LINK_MAX || !value.startsWith('/') || hasControlCharacters(value)) return false;
  const base = resolve(origin, SITE);
  return !!base && resolve(value, base.origin)?.origin === base.origin;
}

/** Schemes a back-office link may name besides a page of this site. */
const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];

/**
 * Link rule for addresses administrators save (banner, ad and teacher links, the footer's links): empty; a
 * hash ('#/courselist/0'); a site-relative address that stays on the site; or an absolute http(s), mailto or
 * tel address written out with its scheme. Refused: javascript:, data: and every other scheme, control
 * characters, and addresses that only look relative ('//host', '/\host').
 */
export function isSafeLink(value: string): boolean {
  if (value === '') return true;
  if (value.length > SITE_LINK_MAX || hasControlCharacters(value)) return false;
  const url = resolve(value, SITE);
  if (!url) return false;
  if (url.origin === SITE) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && url.protocol === `${scheme}:` && LINK_SCHEMES.includes(url.protocol);
}
