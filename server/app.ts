import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { projectPath } from './lib/paths';
import type { Config } from './config';
import type { AppContext } from './context';
import { backupFolder, openDatabase } from './db/client';
import { Snowflake } from './lib/ids';
import { IdCodec } from './lib/codec';
import { SchoolCache } from './lib/school-cache';
import { envelopePlugin } from './plugins/envelope';
import { authPlugin } from './plugins/auth';
import { shellPlugin } from './plugins/shell';
import { storeOrigins } from './lib/object-store';
import { sameOriginPlugin } from './plugins/same-origin';
import { accessPlugin } from './plugins/access';
import { multipartPlugin } from './plugins/multipart';
import { MediaSigner } from './lib/media-url';
import { setFileCacheBudget } from './lib/send-file';
import { ensureFirstSchool, ensureSecret, findSchool } from './modules/schools/schools.service';
import { callerSchool } from './modules/schools/viewer';
import { authenticate, purgeSessions } from './modules/auth/auth.service';
import { enabledAdminPermissions } from './modules/admins/admins.service';
import { startMediaQueue, stopMediaQueue } from './modules/media/media.service';
import { startLdapScheduler, stopLdapScheduler } from './modules/ldap/ldap-scheduler';
import { startBackupScheduler, stopBackupScheduler } from './backup/scheduler';
import { buildBootstrap } from './modules/pages/bootstrap.service';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { adminsRoutes } from './modules/admins/routes';
import { pagesRoutes } from './modules/pages/routes';
import { shareRoutes } from './modules/share/routes';
import { categoriesRoutes } from './modules/categories/routes';
import { coursesRoutes } from './modules/courses/routes';
import { chaptersRoutes } from './modules/chapters/routes';
import { columnsRoutes } from './modules/columns/routes';
import { articlesRoutes } from './modules/articles/routes';
import { tagsRoutes } from './modules/tags/routes';
import { homesettingRoutes } from './modules/homesetting/routes';
import { groupsRoutes } from './modules/groups/routes';
import { commentsRoutes } from './modules/comments/routes';
import { learningRoutes } from './modules/learning/routes';
import { recordsRoutes } from './modules/records/routes';
import { plansRoutes } from './modules/plans/routes';
import { grantsRoutes } from './modules/grants/routes';
import { membersRoutes } from './modules/members/routes';
import { redeemRoutes } from './modules/redeem/routes';
import { pointsRoutes } from './modules/points/routes';
// Issue 18: study credits.
import { creditsRoutes } from './modules/credits/routes';
import { ordersRoutes } from './modules/orders/routes';
import { mycoursesRoutes } from './modules/mycourses/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { uploadsRoutes } from './modules/uploads/routes';
import { resourcesRoutes } from './modules/resources/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { filesRoutes } from './modules/files/routes';
import { questionsRoutes } from './modules/questions/routes';
import { exercisesRoutes } from './modules/exercises/routes';
import { examAdminRoutes } from './modules/exam-admin/routes';
import { examsRoutes } from './modules/exams/routes';
import { studentsRoutes } from './modules/students/routes';
import { studentFieldsRoutes } from './modules/student-fields/routes';
import { studentImportRoutes } from './modules/student-import/routes';
import { accountRoutes } from './modules/account/routes';
import { oidcBrowserRoutes, oidcRoutes } from './modules/oidc/routes';
import { ldapRoutes } from './modules/ldap/routes';
import { yksRoutes } from './modules/yks/routes';
import { licenceRoutes } from './modules/licence/routes';
import { messagesRoutes } from './modules/messages/routes';
import { DEMO_LOGINS, loadDemoData } from './demo/demo';
import { informRoutes } from './modules/inform/routes';
import { phoneRoutes } from './modules/phone/routes';
import { startInformWorker, stopInformWorker } from './modules/inform/inform-worker';
// Issue 16: chapter Q&A and notes.
import { qaRoutes } from './modules/qa/routes';
import { notesRoutes } from './modules/notes/routes';
// Issue 16: announcements and system notices.
import { announcementsRoutes } from './modules/announcements/routes';
import { noticesRoutes } from './modules/notices/routes';
import { liveRoutes } from './modules/live/routes';
import { liveHooksRoutes } from './modules/live/hooks.routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { startExpiryNotices, stopExpiryNotices } from './modules/notices/expiry-sweep';
import { claimWorkerId, leads, newNodeId, nodes } from './modules/cluster/nodes';

const version: string = JSON.parse(fs.readFileSync(projectPath('package.json'), 'utf8')).version;

export interface BuildOptions {
  /** Replaces the pino logger options (tests pass false or a stream). */
  logger?: FastifyServerOptions['logger'];
  /** A fixed clock for tests. */
  now?: () => number;
  /** Another migrations folder (tests of a failed upgrade). */
  migrationsFolder?: string;
}

/** Answers slower than this are logged at info with the failures. */
const SLOW_REQUEST_MS = 1000;

/** Builds the whole app on its database. Used by the entry point and by every test. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // One access line per request (below) instead of Fastify's two: at this traffic they cost a third of a call.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  // Pending migrations on an existing database: a backup into DATA_DIR/backups first (server/db/upgrade.ts).
  const { engine, sqlite, db, changes, close } = await openDatabase(config.database, {
    backupDir: backupFolder(config.dataDir),
    migrationsFolder: options.migrationsFolder,
    now: options.now,
  });
  app.addHook('onClose', close);
  if (engine === 'postgres') {
    // Other nodes' writes reach this node's caches by NOTIFY: a request is first told of every change committed
    // before it arrived (one round trip shared by the requests that arrive together, server/db/pg-changes.ts).
    app.addHook('onRequest', (_request, _reply, done) => {
      changes.catchUp().then(() => done(), done);
    });
  }

  const now = options.now ?? Date.now;
  const node = newNodeId();
  // Several nodes share the id space: each takes a worker number no live node holds, unless WORKER_ID is given.
  const workerId =
    config.WORKER_ID ?? (engine === 'postgres' ? await claimWorkerId(db, node, config.DATACENTER_ID) : 0);
  setFileCacheBudget(config.FILE_CACHE_MB);
  const secret = await ensureSecret({ db, config });
  const ctx: AppContext = {
    config,
    db,
    sqlite,
    changes,
    ids: new Snowflake(config.DATACENTER_ID, workerId, now),
    node,
    courseCodec: new IdCodec(secret, 'course'),
    uidCodec: new IdCodec(secret, 'uid'),
    // A cached public reply is only made for a school that exists (server/lib/catalogue-http cachedReply).
    catalogueCache: new SchoolCache(async (schoolId) => Boolean(await findSchool(ctx, schoolId))),
    mediaSigner: new MediaSigner(secret, config.MEDIA_URL_TTL, now),
    log: app.log,
    now,
    version,
  };
  app.decorate('ctx', ctx);
  // Several nodes (PostgreSQL, server/modules/cluster/nodes.ts): this node's beat and the leader's lease start
  // before the workers and sweeps do; its leases go once they have stopped (onClose hooks run last-added first).
  app.addHook('onReady', async () => nodes(ctx).start());
  app.addHook('onClose', async () => nodes(ctx).stop());
  if (engine === 'postgres') {
    // A catalogue bump here is announced to the other nodes, and theirs bump here; a reply goes out once its
    // request's announcements are sent, so the next request anywhere is answered fresh.
    ctx.catalogueCache.onBump = (schoolId) => changes.announce('catalogue', schoolId);
    changes.on(['catalogue'], (schoolId) => ctx.catalogueCache.bump(schoolId, true));
    app.addHook('onSend', (_request, _reply, payload, done) => {
      const sent = changes.announced();
      if (sent) sent.then(() => done(null, payload), done);
      else done(null, payload);
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    // Failures and slow answers at info; the rest at debug (LOG_LEVEL=debug logs every request).
    const ms = Math.round(reply.elapsedTime);
    const level = reply.statusCode >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
    request.log[level](
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms },
      'request completed',
    );
    done();
  });

  // A development start with demo data uses the demo admin password unless one is given.
  const first = await ensureFirstSchool(ctx, config.DEMO_DATA ? DEMO_LOGINS.admin.password : undefined);
  if (first.generatedPassword) {
    app.log.warn(
      `First start: school created. Back-office user name: ${config.ADMIN_USERNAME}  password: ${first.generatedPassword}  (shown once)`,
    );
  }
  const demo = first.created && config.DEMO_DATA;
  if (demo) await loadDemoData(ctx, first.schoolId);
  app.decorate('startup', { firstStart: first.created, demo });

  await app.register(cookie);
  await app.register(envelopePlugin, {
    apiPrefix: config.API_PREFIX,
    renderNotFoundPage: async (request, reply) => {
      const school = await callerSchool(ctx, request.auth);
      return reply.sendShell(await buildBootstrap(ctx, request, 'notFound', school), 404);
    },
  });
  // No cross-site writes: a write that another site's page made answers 403 before anything is read.
  await app.register(sameOriginPlugin);
  // Sessions and administrators' permissions are read by the auth and admins modules, handed to the plugin.
  await app.register(authPlugin, { authenticate, adminPermissions: enabledAdminPermissions });
  // Who may call a route, before its input is read: a guest learns nothing of a back-office call's schema.
  await app.register(accessPlugin, { apiPrefix: config.API_PREFIX });
  // Forms with files: routes that take them register app.multipartParsing (server/plugins/multipart).
  await app.register(multipartPlugin);
  // An OpenAPI document of every call, made from the same zod schemas (GET {API_PREFIX}openapi.json).
  await app.register(swagger, {
    openapi: { info: { title: 'Lanxue', version }, servers: [] },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  await app.register(shellPlugin, {
    webDir: config.webDir,
    frameAncestors: config.FRAME_ANCESTORS,
    liveServer: config.LIVE_SERVER_URL,
    storeOrigins: storeOrigins(config),
  });
  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(adminsRoutes);
      await api.register(categoriesRoutes);
      await api.register(coursesRoutes);
      await api.register(chaptersRoutes);
      await api.register(columnsRoutes);
      await api.register(articlesRoutes);
      await api.register(tagsRoutes);
      await api.register(homesettingRoutes);
      await api.register(groupsRoutes);
      await api.register(commentsRoutes);
      await api.register(learningRoutes);
      await api.register(recordsRoutes);
      await api.register(plansRoutes);
      await api.register(grantsRoutes);
      await api.register(membersRoutes);
      await api.register(redeemRoutes);
      await api.register(pointsRoutes);
      await api.register(creditsRoutes);
      await api.register(ordersRoutes);
      await api.register(mycoursesRoutes);
      await api.register(dashboardRoutes);
      await api.register(uploadsRoutes);
      await api.register(resourcesRoutes);
      await api.register(feedbackRoutes);
      await api.register(questionsRoutes);
      await api.register(exercisesRoutes);
      await api.register(examAdminRoutes);
      await api.register(examsRoutes);
      await api.register(studentsRoutes);
      await api.register(studentFieldsRoutes);
      await api.register(studentImportRoutes);
      await api.register(accountRoutes);
      await api.register(ldapRoutes);
      await api.register(licenceRoutes);
      await api.register(messagesRoutes);
      await api.register(informRoutes);
      // Issue 19: phone binding.
      await api.register(phoneRoutes);
      // Issue 16: chapter Q&A and notes.
      await api.register(qaRoutes);
      await api.register(notesRoutes);
      // Issue 16: announcements and system notices.
      await api.register(announcementsRoutes);
      await api.register(noticesRoutes);
      // Issue 17: live teaching.
      await api.register(liveRoutes);
      // Issue 18: back office analytics.
      await api.register(analyticsRoutes);
      // Issue 19: single sign-on (OpenID Connect) settings, status and logout.
      await api.register(oidcRoutes);
      // Issue 19: the exam platform (yks) frame.
      await api.register(yksRoutes);
    },
    { prefix: config.API_PREFIX.replace(/\/$/, '') },
  );
  await app.register(filesRoutes);
  await app.register(liveHooksRoutes);
  await app.register(pagesRoutes);
  await app.register(shareRoutes);
  // Issue 19: the OpenID Connect sign-in's browser navigations (/sso/oidc/start, /sso/oidc/callback).
  await app.register(oidcBrowserRoutes);

  await purgeSessions(ctx);
  const purgeTimer = setInterval(
    () =>
      void (leads(ctx) ? purgeSessions(ctx) : Promise.resolve()).catch((error) =>
        ctx.log.error({ err: error }, 'purging sessions failed'),
      ),
    60 * 60 * 1000,
  );
  purgeTimer.unref();
  app.addHook('onClose', async () => clearInterval(purgeTimer));
  // Conversion jobs start once the app is ready and stop (tools killed, jobs queued again) before the database closes.
  app.addHook('onReady', async () => startMediaQueue(ctx));
  app.addHook('onClose', async () => stopMediaQueue(ctx));
  // Scheduled directory syncs (lan release) look for due schools once ready and stop before the database closes.
  app.addHook('onReady', async () => await startLdapScheduler(ctx));
  app.addHook('onClose', async () => stopLdapScheduler(ctx));
  // Scheduled backups (BACKUP_SCHEDULE) start once ready; a backup under way finishes before the database closes.
  app.addHook('onReady', async () => startBackupScheduler(ctx));
  app.addHook('onClose', async () => stopBackupScheduler(ctx));
  // Notices by e-mail and SMS: the delivery worker starts once ready (rows left 'sending' queued again) and stops,
  // deliveries under way finished, before the database closes.
  app.addHook('onReady', async () => await startInformWorker(ctx));
  app.addHook('onClose', async () => stopInformWorker(ctx));
  // Issue 16: the daily sweep that tells students of courses about to expire (once per grant and threshold).
  app.addHook('onReady', async () => await startExpiryNotices(ctx));
  app.addHook('onClose', async () => stopExpiryNotices(ctx));
  return app;
}
