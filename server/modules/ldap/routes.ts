import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { zLoginResult } from '../../../shared/schemas/auth';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/ldap';
import { requireAdmin, sessionCookieOptions } from '../../plugins/auth';
import * as auth from '../auth/auth.service';
import * as settings from './ldap-settings.service';
import * as sync from './ldap-sync.service';
import { methodNotAllowed, notFound } from '../../lib/errors';
import { resolveSchool } from '../schools/schools.service';

const ADMIN = "401 guest; 403 student or a sub-admin without the 'setting' permission. Always the signed-in admin's school.";

/** Directory login and sync (spec 1 lan release; spec 7 GET/POST ldap/auth, GET ldap/sync; issue 7 'LDAP (lan release)'). */
export const ldapRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['directory (LDAP)'];
  const schoolOf = (request: FastifyRequest) => requireAdmin(request, 'setting').schoolId!;

  app.get(
    '/ldap/settings',
    { schema: { tags, summary: `The school's directory settings; never the bind password (bindPasswordSet instead). ${ADMIN}`, response: { 200: zOkReply(s.zLdapSettings) } } },
    async (request) => ok(settings.getSettings(ctx, schoolOf(request))),
  );

  app.post(
    '/ldap/settings',
    {
      schema: {
        tags,
        summary:
          'Saves the directory settings; bindPassword omitted or empty keeps the saved one (stored AES-256-GCM encrypted). ' +
          `400 with one reason: bad cron schedule, bad user filter, unknown mapped group or field, url/baseDN required when enabled. ${ADMIN}`,
        body: s.zSaveLdapSettings,
        response: { 200: zOkReply(s.zLdapSettings) },
      },
    },
    async (request) => ok(settings.saveSettings(ctx, schoolOf(request), request.body)),
  );

  app.post(
    '/ldap/test',
    {
      schema: {
        tags,
        summary:
          'Test connection with the saved settings (or the given ones over them): connect, bind as the service account, find the base DN, read one page. ' +
          `Answers {ok, message, sample}; message names the failure (unreachable, refused bind, certificate rejected, base DN not found). ${ADMIN}`,
        body: s.zLdapTestInput,
        response: { 200: zOkReply(s.zLdapTestResult) },
      },
    },
    async (request) => ok(await settings.testConnection(ctx, schoolOf(request), request.body ?? {})),
  );

  const runSync = async (request: FastifyRequest, input: { dryRun: boolean; confirm: boolean }) =>
    ok(await sync.runSync(ctx, schoolOf(request), { ...input, trigger: 'manual' }));
  const syncSummary =
    'Directory sync {dryRun=1|0 (default 1), confirm=0|1}: paged read, then create, update, disable (never delete) and re-enable. A dry run records the difference only; ' +
    "a real run over the disable cap without confirm=1 is 'held'; a failed or truncated read changes nothing ('failed'). Answers the recorded run and the difference " +
    `(first 50 of each). 400 not configured; 409 a run of this school is under way. ${ADMIN}`;
  // The spec names GET ldap/sync. A GET only reads (a dry run), so a link on another site can never start a real
  // sync for a signed-in admin; the real run is POST.
  const getSummary = `${syncSummary} GET runs a dry run only: dryRun=0 answers 405 (Allow: POST).`;
  app.get('/ldap/sync', { schema: { tags, summary: getSummary, querystring: s.zLdapSyncInput, response: { 200: zOkReply(s.zLdapSyncResult) } } }, async (request) => {
    schoolOf(request);
    if (!request.query.dryRun) throw methodNotAllowed('POST');
    return runSync(request, { dryRun: true, confirm: false });
  });
  app.post('/ldap/sync', { schema: { tags, summary: syncSummary, body: s.zLdapSyncInput, response: { 200: zOkReply(s.zLdapSyncResult) } } }, async (request) =>
    runSync(request, request.body),
  );

  app.get(
    '/ldap/runs',
    { schema: { tags, summary: `The last 50 sync runs of the school, newest first (start, end, counts, errors, message). ${ADMIN}`, response: { 200: zOkReply(s.zLdapRuns) } } },
    async (request) => ok(sync.listRuns(ctx, schoolOf(request), s.LDAP_RUNS_SHOWN)),
  );

  const login = async (request: FastifyRequest, input: { school?: string; username: string; password: string }, reply: FastifyReply) => {
    const { token, result } = await auth.login(
      ctx,
      { ...input, role: 'student' },
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
      { directory: true },
    );
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.config.COOKIE_SECURE));
    return ok(result);
  };
  const authSummary =
    'Directory login {school, username, password}: finds the person with the service account, binds as them (the password is never stored), creates the student ' +
    'on a first login (seats checked) and starts a session like do/login. User names compare in NFC (the login-name rule). 401 wrong user name or ' +
    "password (throttled like do/login) or a disabled account; 400 'directory login is not configured or turned off'; 503 'directory unreachable'.";
  app.post('/ldap/auth', { schema: { tags, summary: authSummary, body: s.zLdapAuth, response: { 200: zOkReply(zLoginResult) } } }, async (request, reply) =>
    login(request, request.body, reply),
  );
  // GET ldap/auth tells the login page whether a school signs in through the directory. The login itself is POST
  // only: a password in a query string would end up in proxy and browser histories.
  app.get(
    '/ldap/auth',
    {
      schema: {
        tags,
        summary: 'Whether the school {school: hashUID; default the first school} signs students in through the directory (lan release). The login itself is POST ldap/auth.',
        querystring: s.zLdapAuthStatusQuery,
        response: { 200: zOkReply(s.zLdapAuthStatus) },
      },
    },
    async (request) => {
      const found = resolveSchool(ctx, request.query.school);
      if (!found) throw notFound('school not found');
      return ok({ enabled: settings.loadSettings(ctx, found.id)?.config.enabled === true });
    },
  );
};
