import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { redeemCalls as calls } from '../../../shared/calls/redeem';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zExportQuery } from '../../../shared/schemas/redeem';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import * as codes from './codes.service';
import { codesFile } from './codes-file';
import * as keys from './keys.service';
import { redeem } from './redeem.service';

/** Enrolment keys and redeem codes (shared/calls/redeem.ts) and a batch's file. */
export const redeemRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  route(app, calls.keyGet, async ({ query }, _reply, admin) => ok(await keys.getKey(ctx, admin, query.coid)));
  route(app, calls.keySet, async ({ body }, _reply, admin) => ok(await keys.setKey(ctx, admin, body)));
  route(app, calls.keyStatus, async ({ query }) => ok(await keys.keyStatus(ctx, query.coid)));
  route(app, calls.enrolByKey, async (request, _reply, who) =>
    ok(await keys.enrolByKey(ctx, who, request.ip, request.body)),
  );
  route(app, calls.items, async ({ query }, _reply, admin) =>
    ok(await codes.items(ctx, admin, query.kind, query.keyword)),
  );
  route(app, calls.batchAdd, async ({ body }, _reply, admin) => ok(await codes.createBatch(ctx, admin, body)));
  route(app, calls.batches, async ({ query }, _reply, admin) => ok(await codes.listBatches(ctx, admin, query)));
  route(app, calls.codes, async ({ query }, _reply, admin) => ok(await codes.listCodes(ctx, admin, query)));
  route(app, calls.disableCode, async ({ body }, _reply, admin) => ok(await codes.disableCode(ctx, admin, body.id)));
  route(app, calls.disableBatch, async ({ body }, _reply, admin) => ok(await codes.disableBatch(ctx, admin, body.id)));
  route(app, calls.audit, async ({ query }, _reply, admin) => ok(await codes.auditTrail(ctx, admin, query.id)));
  route(app, calls.redeem, async (request, _reply, who) => ok(await redeem(ctx, who, request.ip, request.body.code)));

  // A file, not a JSON envelope, so not a declared call; the access is still checked before anything is read.
  app.get(
    '/code/export',
    {
      schema: {
        tags: ['enrolment keys and redeem codes (back office)'],
        summary:
          "A batch's codes as an XLSX or CSV (UTF-8 with BOM) attachment for printing: code, batch, what it " +
          'gives, uses per code, uses so far, days valid, last day to redeem, status, who redeemed it.',
        querystring: zExportQuery,
      },
      preValidation: async (request) => {
        await requireAdmin(request, 'course');
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, 'course');
      const { batch, codes: rows } = await codes.batchForExport(ctx, admin, request.query.batch);
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await codesFile(locale, batch, rows, request.query.format, ctx.now());
      // The codes are as good as money: never kept by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      return reply.send(sendAttachment(reply, file));
    },
  );
};
