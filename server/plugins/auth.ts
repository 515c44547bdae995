import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type PermissionGroup } from '../../shared/constants';
import type { AppContext, Auth } from '../context';
import { forbidden, noLogin } from '../lib/errors';
import type { MaybePromise } from '../lib/sequential';

/**
 * What the auth plugin reads, given by app.ts from the auth and admins modules: the plugin itself
 * imports no domain module (modules lean on plugins, never the other way).
 */
export interface AuthReaders {
  /** The caller of a session token (a guest for none or a stale one). */
  authenticate: (ctx: AppContext, token: string | undefined) => MaybePromise<Auth>;
  /** The permission groups of an enabled administrator, or null when the admin is gone or disabled. */
  adminPermissions: (ctx: AppContext, adminId: string) => Promise<readonly PermissionGroup[] | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authReaders: AuthReaders;
  }
}

/** Reads the y_main session once per request into request.auth. */
export const authPlugin = fp<AuthReaders>(async (app, readers) => {
  app.decorate('authReaders', { authenticate: readers.authenticate, adminPermissions: readers.adminPermissions });
  app.decorateRequest('auth', null as never);
  const guest = await readers.authenticate(app.ctx, undefined);
  // A plain hook, not an async one: a session kept in memory answers at once, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // Bundles, public files and signed media (checked by their token) need no session lookup.
    const url = request.url;
    const sessionless = url.startsWith('/assets/') || url.startsWith('/media/') || url.startsWith('/files/');
    const auth = sessionless ? guest : readers.authenticate(app.ctx, request.cookies[SESSION_COOKIE]);
    if (auth instanceof Promise) {
      auth.then((found) => {
        request.auth = found;
        done();
      }, done);
    } else {
      request.auth = auth;
      done();
    }
  });
});

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
export async function requireAdmin(request: FastifyRequest, permission?: PermissionGroup | readonly PermissionGroup[]) {
  const auth = request.auth;
  if (auth.role === 'student') throw forbidden();
  if (auth.role !== 'admin') throw noLogin();
  if (permission) {
    const granted = await request.server.authReaders.adminPermissions(request.server.ctx, auth.userId);
    if (!granted) throw noLogin();
    const wanted: readonly PermissionGroup[] = typeof permission === 'string' ? [permission] : permission;
    if (!wanted.some((group) => granted.includes(group))) throw forbidden();
  }
  return auth;
}
