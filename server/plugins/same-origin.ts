import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ERRORS } from '../../shared/envelope';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes something, kept because the spec names it (GET do/logout): refused from another
     * site like a write.
     */
    sameOriginOnly?: boolean;
  }
}

/** Methods that only read; every other method is a write. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request this site's own pages made, or that a person typed (none). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** This request's own origin as Fastify sees it: scheme and host (with X-Forwarded-* under TRUST_PROXY). */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Why a request counts as coming from another site, or null. Sec-Fetch-Site same-site is refused too: a
 * page on another port of the same host is another origin. An Origin header must be this very origin
 * ('null', from sandboxed frames and some redirects, included). A request with neither header (curl, a
 * server, an old browser's same-origin form) passes: browsers that send cookies cross-site send them.
 */
export function crossSiteReason(request: FastifyRequest): string | null {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && !OWN_FETCH_SITES.has(String(site).toLowerCase())) return `sec-fetch-site ${String(site)}`;
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  let given: string;
  try {
    given = new URL(origin).origin;
  } catch {
    return `origin ${origin}`;
  }
  return given !== 'null' && given === ownOrigin(request) ? null : `origin ${origin}`;
}

/**
 * No cross-site writes: every write (POST, PUT, PATCH, DELETE: JSON calls, multipart forms, tus uploads)
 * whose Sec-Fetch-Site or Origin says another site made it answers 403 before anything is read. With
 * SameSite=Lax cookies a form on another port of the same host would otherwise act as the signed-in user.
 */
export const sameOriginPlugin = fp(async (app) => {
  // Callback hooks (not async): every request runs them, and a promise each is measurable (scripts/bench).
  app.addHook('onRequest', (request, _reply, done) => {
    if (READS.has(request.method) && request.routeOptions.config?.sameOriginOnly !== true) return done();
    const reason = crossSiteReason(request);
    if (!reason) return done();
    request.log.info({ reason, method: request.method, url: request.url }, 'cross-site request refused');
    done(new AppError(403, ERRORS.forbidden, { reason: 'cross-site request' }));
  });
});
