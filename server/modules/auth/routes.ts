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
  app.get('/do/logout', logout);
  app.get('/do/s/logout', logout);

  app.get('/checkLogin', async (request) => ok(auth.loginState(ctx, request.auth)));

  app.get('/checkStudent/login', async (request) => ok(auth.studentLoginStatus(ctx, request.auth)));

  app.post('/redirect', { schema: { body: zRedirect } }, async (request) => ok(auth.redirectUrl(ctx, request.body)));
};
