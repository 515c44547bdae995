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

  route(app, calls.keyGet, ({ query }, _reply, admin) => ok(keys.getKey(ctx, admin, query.coid)));
  route(app, calls.keySet, ({ body }, _reply, admin) => ok(keys.setKey(ctx, admin, body)));
  route(app, calls.keyStatus, ({ query }) => ok(keys.keyStatus(ctx, query.coid)));
  route(app, calls.enrolByKey, (request, _reply, who) => ok(keys.enrolByKey(ctx, who, request.ip, request.body)));
  route(app, calls.items, ({ query }, _reply, admin) => ok(codes.items(ctx, admin, query.kind, query.keyword)));
  route(app, calls.batchAdd, ({ body }, _reply, admin) => ok(codes.createBatch(ctx, admin, body)));
  route(app, calls.batches, ({ query }, _reply, admin) => ok(codes.listBatches(ctx, admin, query)));
  route(app, calls.codes, ({ query }, _reply, admin) => ok(codes.listCodes(ctx, admin, query)));
  route(app, calls.disableCode, ({ body }, _reply, admin) => ok(codes.disableCode(ctx, admin, body.id)));
  route(app, calls.disableBatch, ({ body }, _reply, admin) => ok(codes.disableBatch(ctx, admin, body.id)));
  route(app, calls.audit, ({ query }, _reply, admin) => ok(codes.auditTrail(ctx, admin, query.id)));
  route(app, calls.redeem, (request, _reply, who) => ok(redeem(ctx, who, request.ip, request.body.code)));

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
        requireAdmin(request, 'course');
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request, 'course');
      const { batch, codes: rows } = codes.batchForExport(ctx, admin, request.query.batch);
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await codesFile(locale, batch, rows, request.query.format, ctx.now());
      // The codes are as good as money: never kept by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      return reply.send(sendAttachment(reply, file));
    },
  );
};
