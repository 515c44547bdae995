import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { zLogin, zRedirect } from '../../../shared/schemas/auth';
import { sessionCookieOptions } from '../../plugins/auth';
import * as auth from './auth.service';

/** Auth/session calls of spec section 7. */
export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post('/do/login', { schema: { body: zLogin } }, async (request, reply) => {
    const { token, result } = await auth.login(ctx, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      returnUrl: request.body.returnUrl,
    });
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.config.COOKIE_SECURE));
    return ok(result);
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    auth.logout(ctx, request.auth);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(null);
  };
  // Logout is POST. The spec's GET forms still sign out (old clients and the address bar), but, like a write,
  // never for a request another site made: a link or image elsewhere cannot sign a person out.
  const summary = 'Ends the session. POST; the GET form of the spec also works, but not from another site (403).';
  for (const url of ['/do/logout', '/do/s/logout']) {
    app.post(url, { schema: { summary } }, logout);
    app.get(url, { schema: { summary }, config: { sameOriginOnly: true } }, logout);
  }

  app.get('/checkLogin', async (request) => ok(auth.loginState(ctx, request.auth)));

  app.get('/checkStudent/login', async (request) => ok(auth.studentLoginStatus(ctx, request.auth)));

  app.post('/redirect', { schema: { body: zRedirect } }, async (request) => ok(auth.redirectUrl(ctx, request.body)));
};
