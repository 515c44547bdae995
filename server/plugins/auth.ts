import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../shared/constants';
import type { PermissionGroup } from '../../shared/constants';
import { authenticate, GUEST } from '../modules/auth/auth.service';
import { findAdmin } from '../modules/auth/accounts.repository';
import { adminPermissions } from '../modules/admins/admins.service';
import { forbidden, noLogin } from '../lib/errors';

/** Reads the y_main session once per request into request.auth. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (request) => {
    // Bundles, public files and signed media (checked by their token) need no session lookup.
    const url = request.url;
    const sessionless = url.startsWith('/assets/') || url.startsWith('/media/') || url.startsWith('/files/');
    request.auth = sessionless ? GUEST : authenticate(app.ctx, request.cookies[SESSION_COOKIE]);
  });
});

export function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: SESSION_TTL_MS / 1000 };
}

/** The signed-in student, or 401 'no login'. */
export function requireStudent(request: FastifyRequest) {
  const auth = request.auth;
  if (auth.role !== 'student') throw noLogin();
  return auth;
}

/**
 * The signed-in administrator: 401 for a guest, 403 for a student; with a permission group (or a list:
 * any one of them), 403 unless the admin holds it.
 * Every back-office call goes through here, so the check lives on the server in one place.
 */
export function requireAdmin(request: FastifyRequest, permission?: PermissionGroup | readonly PermissionGroup[]) {
  const auth = request.auth;
  if (auth.role === 'student') throw forbidden();
  if (auth.role !== 'admin') throw noLogin();
  if (permission) {
    const admin = findAdmin(request.server.ctx.db, auth.userId);
    if (!admin || admin.disabled) throw noLogin();
    const granted = adminPermissions(admin);
    const wanted: readonly PermissionGroup[] = typeof permission === 'string' ? [permission] : permission;
    if (!wanted.some((group) => granted.includes(group))) throw forbidden();
  }
  return auth;
}
