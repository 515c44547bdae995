import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authCalls as calls } from '../../../shared/calls/auth';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as auth from './auth.service';
import { setSessionCookie, clearSessionCookie } from './session-cookie';

/** Auth/session calls of spec section 7. */
export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  route(app, calls.login, async (request, reply) => {
    const { token, result } = await auth.login(ctx, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      returnUrl: request.body.returnUrl,
    });
    await setSessionCookie(ctx, reply, token);
    return ok(result);
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await auth.logout(ctx, request.auth);
    await clearSessionCookie(ctx, reply, request.auth.schoolId);
    return ok(null);
  };
  route(app, calls.logout, logout);
  route(app, calls.studentLogout, logout);
  // The spec's GET forms still sign out (old clients and the address bar), but, like a write, never for a
  // request another site made: a link or image elsewhere cannot sign a person out. They need the route's
  // sameOriginOnly config, which a declaration does not carry, so they stay plain routes.
  for (const def of [calls.logout, calls.studentLogout]) {
    app.get(`/${def.path}`, { schema: { summary: def.summary }, config: { sameOriginOnly: true } }, logout);
  }

  route(app, calls.loginState, async (request) => ok(await auth.loginState(ctx, request.auth)));
  route(app, calls.studentLoginStatus, async (request) => ok(await auth.studentLoginStatus(ctx, request.auth)));
  route(app, calls.redirect, async (request) => ok(await auth.redirectUrl(ctx, request.body)));
};
