import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ldapCalls as calls } from '../../../shared/calls/ldap';
import { LDAP_RUNS_SHOWN } from '../../../shared/schemas/ldap';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { methodNotAllowed, notFound } from '../../lib/errors';
import * as auth from '../auth/auth.service';
import { resolveSchool } from '../schools/schools.service';
import * as settings from './ldap-settings.service';
import * as sync from './ldap-sync.service';
import { setSessionCookie } from '../auth/session-cookie';

/** Directory login and sync (spec 1 lan release; spec 7 GET/POST ldap/auth, GET ldap/sync; 'LDAP (lan release)'). */
export const ldapRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  route(app, calls.settings, async (_request, _reply, admin) => ok(await settings.getSettings(ctx, admin.schoolId)));
  route(app, calls.saveSettings, async (request, _reply, admin) =>
    ok(await settings.saveSettings(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.test, async (request, _reply, admin) =>
    ok(await settings.testConnection(ctx, admin.schoolId, request.body ?? {})),
  );

  route(app, calls.dryRun, async (request, _reply, admin) => {
    // A GET never starts a real run (dryRun=0 is 405, Allow: POST); the access was checked before this.
    if (!request.query.dryRun) throw methodNotAllowed('POST');
    return ok(await sync.runSync(ctx, admin.schoolId, { dryRun: true, confirm: false, trigger: 'manual' }));
  });
  route(app, calls.sync, async (request, _reply, admin) =>
    ok(await sync.runSync(ctx, admin.schoolId, { ...request.body, trigger: 'manual' })),
  );
  route(app, calls.runs, async (_request, _reply, admin) =>
    ok(await sync.listRuns(ctx, admin.schoolId, LDAP_RUNS_SHOWN)),
  );

  route(app, calls.login, async (request, reply) => {
    const { token, result } = await auth.login(
      ctx,
      { ...request.body, role: 'student' },
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
      { directory: true },
    );
    await setSessionCookie(ctx, reply, token);
    return ok(result);
  });
  route(app, calls.authStatus, async (request) => {
    const found = await resolveSchool(ctx, request.query.school);
    if (!found) throw notFound('school not found');
    return ok({ enabled: (await settings.loadSettings(ctx, found.id))?.config.enabled === true });
  });
};
