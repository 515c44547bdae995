import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import { zWare, zWareParams } from '../../../shared/schemas/learning';
import { wareInfo } from './ware.service';

const tags = ['learning'];

/** Learning calls: the ware of a chapter for its learning page (spec 2 learning pages, spec 3 Ware info). */
export const learningRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /** The chapter's ware, its viewer's signed file addresses and the chapter list; refusals per study-access.ts. Never cached: the addresses are the viewer's. */
  app.get('/learn/ware/:coid/:cid', { schema: { tags, params: zWareParams, response: { 200: zOkReply(zWare) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(wareInfo(ctx, request.auth, request.params.coid, request.params.cid));
  });
};
