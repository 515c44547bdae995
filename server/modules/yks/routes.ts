import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { yksCalls as calls } from '../../../shared/calls/yks';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as login from './yks-login.service';
import * as settings from './yks-settings.service';
import { setSessionCookie } from '../auth/session-cookie';

/** The exam platform frame (issue 19; spec 7 yks/login/status): settings, sign-in, status. */
export const yksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const prefix = ctx.config.API_PREFIX;

  route(app, calls.settings, async (_request, _reply, admin) => ok(await settings.getSettings(ctx, admin.schoolId)));
  route(app, calls.saveSettings, async (request, _reply, admin) =>
    ok(await settings.saveSettings(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.status, async (request) => ok(await login.status(ctx, request.auth, request.query.uid, prefix)));
  route(app, calls.login, async (request, reply) => {
    const { uid, assertion } = request.query;
    if (!assertion) {
      const back = (hash: string) => {
        const url = new URL(`${request.protocol}://${request.host}${prefix}yks/login`);
        url.searchParams.set('uid', hash);
        if (request.query.return) url.searchParams.set('return', request.query.return);
        return url.toString();
      };
      return reply.redirect(await login.startAddress(ctx, uid, back));
    }
    const done = await login.yksLogin(ctx, request.query as { assertion: string }, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    await setSessionCookie(ctx, reply, done.token);
    return reply.redirect(done.redirect);
  });
};
