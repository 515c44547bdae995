import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCalls as calls } from '../../../shared/calls/account';
import { ok } from '../../../shared/envelope';
import { ensureDataFolders } from '../../lib/storage';
import { route } from '../../plugins/calls';
import * as account from './account.service';
import { receiveAvatar } from './avatar.service';
import { register } from './register.service';
import { setSessionCookie } from '../auth/session-cookie';

/** The student's own account: information, custom fields, password, avatar, registration. */
export const accountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  ensureDataFolders(ctx.config.dataDir);
  await app.register(app.multipartParsing);

  // The service's ownStudent refuses an administrator (403) and a disabled or vanished student.
  route(app, calls.setting, async (_request, _reply, caller) => ok(await account.studentSetting(ctx, caller)));
  route(app, calls.info, async (_request, _reply, caller) => ok(await account.accountInfo(ctx, caller)));
  route(app, calls.saveInfo, async (request, _reply, caller) => ok(await account.saveInfo(ctx, caller, request.body)));
  route(app, calls.password, async (request, _reply, caller) =>
    ok(await account.changePassword(ctx, caller, request.body, request.ip)),
  );
  // The multipart body is read in the handler (after the access check), so route() hosts it like the others.
  route(app, calls.avatar, async (request) => ok(await receiveAvatar(ctx, request)));
  route(app, calls.register, async (request, reply) => {
    const userAgent = request.headers['user-agent'] ?? '';
    const { token, result } = await register(ctx, request.body, { ip: request.ip, userAgent });
    await setSessionCookie(ctx, reply, token);
    return ok(result);
  });
};
