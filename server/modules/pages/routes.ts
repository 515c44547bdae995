import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PageKind } from '../../../shared/schemas/bootstrap';
import { schoolHomePath } from '../schools/schools.service';
import type { School } from '../schools/schools.repository';
import { adminPath } from '../auth/auth.service';
import { buildBootstrap, shellPage } from './bootstrap.service';
import { pageSchool, schoolPiece } from './bootstrap-cache';
import { frameOrigins } from '../yks/yks-settings.service';

type Params = Record<string, string>;

/**
 * The page paths of spec section 2. Each answers the one HTML shell; a code that does not decode
 * (course id, hashed parent id) answers the not-found page with HTTP 404.
 */
export const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  /** The school a page belongs to: from its code, else the signed-in user's, else the first one. */
  const sessionSchool = async (request: FastifyRequest) =>
    (
      (request.auth.schoolId ? await schoolPiece(ctx, request.auth.schoolId) : undefined) ??
      (await pageSchool(ctx, null))
    )?.school;
  /** The school of a code in the address (resolveSchool, through the page cache). */
  const resolveSchool = async (code: string) => (await pageSchool(ctx, code))?.school;

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: PageKind,
    school: School | undefined,
    params: Params = {},
  ) =>
    school
      ? reply.sendShellPage(
          await shellPage(ctx, request, kind, school, params, app.renderShell),
          200,
          // Issue 19: the school's exam platform may frame its pages (never the back office).
          kind === 'admin' ? [] : frameOrigins(school),
        )
      : await notFoundPage(request, reply);

  const notFoundPage = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.sendShell(await buildBootstrap(ctx, request, 'notFound', await sessionSchool(request)), 404);

  /** Decodes a course code from a URL; null for garbage. */
  const course = (code: string) => ctx.courseCodec.decode(code);

  app.get('/', async (request, reply) => {
    const school = await sessionSchool(request);
    return school ? reply.redirect(schoolHomePath(ctx, school.id)) : await notFoundPage(request, reply);
  });

  app.get<{ Params: { hash: string } }>('/u/:hash', async (request, reply) => {
    const school = ctx.uidCodec.decode(request.params.hash) ? await resolveSchool(request.params.hash) : undefined;
    return await page(request, reply, 'home', school);
  });

  app.get(
    '/login/u/logout',
    async (request, reply) => await page(request, reply, 'logout', await sessionSchool(request)),
  );

  app.get<{ Params: { parentId: string } }>(
    '/login/u/:parentId',
    async (request, reply) => await page(request, reply, 'login', await resolveSchool(request.params.parentId)),
  );

  app.get<{ Params: { code: string; chapterId: string; type: string } }>(
    '/u/learn/:code/:chapterId/:type',
    async (request, reply) => {
      const { code, chapterId, type } = request.params;
      const coid = course(code);
      if (!coid || (!/^\d{1,20}$/.test(chapterId) && chapterId !== 'live')) return await notFoundPage(request, reply);
      return await page(request, reply, 'learn', await sessionSchool(request), { coid, chapterId, type });
    },
  );

  app.get<{ Params: { code: string } }>('/u/column/:code', async (request, reply) => {
    const coid = course(request.params.code);
    return coid
      ? await page(request, reply, 'column', await sessionSchool(request), { coid })
      : await notFoundPage(request, reply);
  });

  app.get<{ Params: { hash: string; file: string } }>('/live/:hash/:file', async (request, reply) => {
    const match = /^(\d{1,20})\.html$/.exec(request.params.file);
    const school = ctx.uidCodec.decode(request.params.hash) ? await resolveSchool(request.params.hash) : undefined;
    return match ? await page(request, reply, 'live', school, { coid: match[1] }) : await notFoundPage(request, reply);
  });

  app.get<{ Params: { code: string } }>('/course/:code', async (request, reply) => {
    const coid = course(request.params.code);
    return coid
      ? await page(request, reply, 'course', await sessionSchool(request), { coid })
      : await notFoundPage(request, reply);
  });

  app.get(
    '/dashboard',
    async (request, reply) => await page(request, reply, 'dashboard', await sessionSchool(request)),
  );

  const admin = adminPath(ctx);
  app.get(admin.replace(/\/$/, ''), async (_request, reply) => reply.redirect(admin));
  app.get(admin, async (request, reply) => await page(request, reply, 'admin', await sessionSchool(request)));
};
