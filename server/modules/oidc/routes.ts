import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { oidcCalls as calls } from '../../../shared/calls/oidc';
import { ok } from '../../../shared/envelope';
import { OIDC_LOGIN_TTL_MS, zOidcStartQuery } from '../../../shared/schemas/oidc';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../plugins/calls';
import * as auth from '../auth/auth.service';
import { resolveSchool } from '../schools/schools.service';
import * as settings from './oidc-settings.service';
import * as flow from './oidc.service';
import { setSessionCookie, clearSessionCookie } from '../auth/session-cookie';

/** The cookie binding a sign-in under way to the browser that started it (its state; the callback compares). */
const SSO_COOKIE = 'y_sso';
const SSO_COOKIE_PATH = '/sso/oidc/';
const bindingCookie = (secure: boolean) => ({
  path: SSO_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  maxAge: OIDC_LOGIN_TTL_MS / 1000,
});

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The calls of single sign-on (under the API prefix): settings, test, status, logout. */
export const oidcRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  route(app, calls.settings, async (request, _reply, admin) =>
    ok(await settings.getSettings(ctx, admin.schoolId, originOf(request))),
  );
  route(app, calls.saveSettings, async (request, _reply, admin) =>
    ok(await settings.saveSettings(ctx, admin.schoolId, request.body, originOf(request))),
  );
  route(app, calls.test, async (request, _reply, admin) =>
    ok(await settings.testDiscovery(ctx, admin.schoolId, request.body ?? {})),
  );
  route(app, calls.status, async (request) => {
    const school = await resolveSchool(ctx, request.query.school);
    if (!school) throw notFound('school not found');
    return ok(await settings.status(ctx, school.id, ctx.uidCodec.encode(school.id)));
  });
  route(app, calls.logout, async (request, reply) => {
    const redirect = await flow.endSessionUrl(ctx, request.auth, originOf(request));
    await auth.logout(ctx, request.auth);
    await clearSessionCookie(ctx, reply, request.auth.schoolId);
    return ok({ redirect });
  });
};

/**
 * The sign-in itself: two browser navigations outside the API prefix. GET /sso/oidc/start {school, as, returnTo}
 * redirects to the provider; GET /sso/oidc/callback (the redirect URI to register at the provider) opens the
 * session and redirects to the return path or the home page. A refusal redirects to the sign-in page with
 * ?ssoError=<reason>.
 */
export const oidcBrowserRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const refused = (error: unknown, fallback: string) => {
    if (error instanceof flow.SsoRefused) return `${error.loginPath}?ssoError=${error.reason}`;
    if (error instanceof AppError && error.statusCode < 500) return `${fallback}?ssoError=failed`;
    throw error;
  };
  app.get(settings.START_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = zOidcStartQuery.safeParse(request.query);
    if (!query.success) throw new AppError(400, 'bad request');
    try {
      const { url, state } = await flow.start(ctx, query.data, originOf(request));
      reply.setCookie(SSO_COOKIE, state, bindingCookie(ctx.config.COOKIE_SECURE));
      return reply.redirect(url, 302);
    } catch (error) {
      return reply.redirect(refused(error, '/'), 303);
    }
  });
  app.get(settings.CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const url = new URL(request.url, originOf(request));
    try {
      const bound = request.cookies[SSO_COOKIE];
      reply.clearCookie(SSO_COOKIE, { path: SSO_COOKIE_PATH });
      const who = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', origin: originOf(request) };
      const done = await flow.callback(ctx, url, who, bound);
      await setSessionCookie(ctx, reply, done.token);
      return reply.redirect(done.redirect, 303);
    } catch (error) {
      return reply.redirect(refused(error, '/'), 303);
    }
  });
};
