import type { Bootstrap } from '../shared/schemas/bootstrap';
import { apiUrl } from './api/client';
import { isSameSitePath as sameSitePath } from '../shared/rules/site-links';

type Site = Pick<Bootstrap, 'hashUID' | 'loginUrl' | 'signUpURL'> & Partial<Pick<Bootstrap, 'model'>>;

/** A path on this site (never another origin): the return-path rule, resolved against this page's origin. */
export function isSameSitePath(value: string | null | undefined): value is string {
  return sameSitePath(value, typeof window === 'undefined' ? undefined : window.location.origin);
}

/** Where the user is now: path, query and hash. */
export function currentPath(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

/** The school home page /u/{hashUID}. */
export function schoolHomePath(site: Pick<Bootstrap, 'hashUID'>): string {
  return site.hashUID ? `/u/${site.hashUID}` : '/';
}

/** A hash route of the school home page, e.g. /u/{hashUID}#/courselist/0. */
export function schoolRoutePath(site: Pick<Bootstrap, 'hashUID'>, route: string): string {
  return `${schoolHomePath(site)}#${route.startsWith('/') ? route : `/${route}`}`;
}

function withParam(url: string, key: string, value: string): string {
  const [base, hash = ''] = url.split('#', 2);
  const joined = `${base}${base.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;
  return hash ? `${joined}#${hash}` : joined;
}

/** The sign-in page (or the external loginUrl) with a return path to come back to. */
export function loginHref(site: Site, returnTo: string = currentPath()): string {
  // Issue 19: in yks mode the sign-in is the exam platform's, through yks/login with the organisation id.
  if (site.model === 'yks' && site.hashUID) {
    return apiUrl('yks/login', { uid: site.hashUID, return: isSameSitePath(returnTo) ? returnTo : undefined });
  }
  const base = site.loginUrl || `/login/u/${site.hashUID}`;
  return isSameSitePath(returnTo) ? withParam(base, 'return', returnTo) : base;
}

/** The registration entry: the sign-up URL with a return path. */
export function signUpHref(site: Site, returnTo: string = currentPath()): string {
  const base = site.signUpURL || withParam(`/login/u/${site.hashUID}`, 'register', '1');
  return isSameSitePath(returnTo) ? withParam(base, 'return', returnTo) : base;
}

/** The logout page, which ends the session and comes back to the given path. */
export function logoutHref(returnTo: string = currentPath()): string {
  return withParam('/login/u/logout', 'courseurl', returnTo);
}
