import type { FastifyPluginAsync } from 'fastify';
import { phoneCalls as calls } from '../../../shared/calls/phone';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as phone from './phone.service';

/** Phone binding (shared/calls/phone.ts). */
export const phoneRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.bindPhoneNum, async (request, _reply, caller) =>
    ok(await phone.sendCode(ctx, caller, request.body.phone, request.ip)),
  );
  route(app, calls.checkVerification, async (request, _reply, caller) =>
    ok(await phone.checkCode(ctx, caller, request.body.phone, request.body.code)),
  );
  route(app, calls.bindState, async (_request, _reply, caller) => ok(await phone.bindState(ctx, caller)));
  route(app, calls.pendingCodes, async (_request, _reply, admin) => ok(await phone.pendingCodes(ctx, admin)));
};
