import type { FastifyPluginAsync } from 'fastify';
import { liveCalls as calls } from '../../../shared/calls/live';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { liveBeat } from './attendance.service';
import { liveInfo, publicLive } from './student.service';

/** The live page's calls (shared/calls/live.ts): live/info, live/heartbeat, public/live. */
export const liveStudentRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.info, async ({ query }, _reply, viewer) => ok(await liveInfo(ctx, viewer, query.coid, query.uid)));
  route(app, calls.heartbeat, async ({ body }, _reply, student) =>
    ok(await liveBeat(ctx, student, body.sessionId, body.resume)),
  );
  route(app, calls.publicList, async ({ query }, _reply, viewer) => ok(await publicLive(ctx, viewer, query)));
};
