/**
 * Pure rules of the exam platform (yks) frame (issue 19): which texts are embedding origins, and where a yks
 * sign-in goes back to.
 */

/**
 * The origin an administrator wrote (scheme, host and an optional port, a trailing '/' allowed), as a browser
 * writes it (lower case, no default port: what event.origin and frame-ancestors compare); null for anything
 * else (a path, a query, a fragment, credentials, another scheme).
 */
export function httpOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol) || url.username || url.password) return null;
    if (!/^https?:\/\/[^/?#\\\s;,'"]+\/?$/i.test(value)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Where a yks sign-in goes back to: the wanted path when it is a path on this site (never '//host', '/\\host' or
 * a line break), else the fallback; model=yks is kept (set) either way.
 */
export function yksReturnPath(wanted: string | undefined, fallback: string): string {
  const safe = wanted && /^\/(?![/\\])/.test(wanted) && !/[\r\n\t]/.test(wanted) ? wanted : fallback;
  const url = new URL(safe, 'http://here');
  if (url.origin !== 'http://here') return yksReturnPath(undefined, fallback);
  url.searchParams.set('model', 'yks');
  return `${url.pathname}${url.search}${url.hash}`;
}
