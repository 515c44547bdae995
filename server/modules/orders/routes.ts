import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderCalls as calls } from '../../../shared/calls/orders';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zOrderExportQuery } from '../../../shared/schemas/orders';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import * as office from './orders-admin.service';
import { exportOrders } from './orders-export';
import { PAY_SETTING_ACTIONS, settingsTrail } from './settings-trail';
import { closeOverdueOrders } from './order-state';
import * as orders from './orders.service';
import { leads } from '../cluster/nodes';

/** How often pending orders past their expiry are closed (every read closes its own order too). */
const SWEEP_MS = 5 * 60_000;

/**
 * Orders paid offline (shared/calls/orders.ts) and the order list as a file. The sweeper closes overdue
 * pending orders (unref'd, stopped on close).
 */
export const ordersRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  const sweep = async () => {
    if (!leads(ctx)) return;
    try {
      await closeOverdueOrders(ctx);
    } catch (error) {
      ctx.log.error({ err: error }, 'order expiry sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // The student's calls.
  route(app, calls.submit, async ({ body }, _reply, who) => ok(await orders.submitOrder(ctx, who, body)));
  route(app, calls.memberPay, async ({ body }, _reply, who) =>
    ok(await orders.submitOrder(ctx, who, { kind: 'member', id: body.planid, renew: false })),
  );
  route(app, calls.pay, async ({ query }, _reply, student) => ok(await orders.payInfo(ctx, student, query.orderid)));
  route(app, calls.queryOnline, async ({ query }, _reply, student) =>
    ok(await orders.queryOnline(ctx, student, query.orderid)),
  );
  route(app, calls.check, async ({ query }, _reply, student) =>
    ok(await orders.checkOrder(ctx, student, query.orderid)),
  );
  route(app, calls.checkBuy, async ({ query }, _reply, student) => ok(await orders.checkBuy(ctx, student, query)));
  route(app, calls.checkPlan, async ({ query }, _reply, student) =>
    ok(await orders.checkPlan(ctx, student, query.planid)),
  );
  route(app, calls.columnDiscount, async ({ query }) => ok(await orders.columnDiscountOf(ctx, query.id)));
  route(app, calls.mine, async ({ query }, _reply, student) => ok(await orders.myOrders(ctx, student, query)));
  route(app, calls.tradeRecord, async ({ query }, _reply, student) =>
    ok(await orders.myOrders(ctx, student, query, 'member')),
  );
  route(app, calls.cancel, async ({ body }, _reply, student) =>
    ok(await orders.cancelMine(ctx, student, body.orderid)),
  );
  route(app, calls.remove, async ({ body }, _reply, student) =>
    ok(await orders.setDeleted(ctx, student, body.orderid, true)),
  );
  route(app, calls.restore, async ({ body }, _reply, student) =>
    ok(await orders.setDeleted(ctx, student, body.orderid, false)),
  );
  route(app, calls.invoice, async ({ body }, _reply, student) => ok(await orders.requestInvoice(ctx, student, body)));

  // The back office.
  route(app, calls.list, async ({ query }, _reply, admin) => ok(await office.listOrders(ctx, admin, query)));
  route(app, calls.detail, async ({ query }, _reply, admin) => ok(await office.orderDetail(ctx, admin, query.orderid)));
  route(app, calls.confirm, async ({ body }, _reply, admin) => ok(await office.confirmPaid(ctx, admin, body)));
  route(app, calls.cancelByAdmin, async ({ body }, _reply, admin) => ok(await office.cancelByAdmin(ctx, admin, body)));
  route(app, calls.settings, async (_request, _reply, admin) => ok(await office.paySettings(ctx, admin)));
  route(app, calls.saveSettings, async ({ body }, _reply, admin) => ok(await office.savePaySettings(ctx, admin, body)));
  route(app, calls.settingsAudit, async ({ query }, _reply, admin) =>
    ok(await settingsTrail(ctx, admin.schoolId, PAY_SETTING_ACTIONS, query)),
  );
  route(app, calls.payAdmins, async (_request, _reply, admin) => ok(await office.payAdmins(ctx, admin)));
  route(app, calls.addPayAdmin, async ({ body }, _reply, admin) =>
    ok(await office.setPayAdmin(ctx, admin, body.adminid, true)),
  );
  route(app, calls.removePayAdmin, async ({ body }, _reply, admin) =>
    ok(await office.setPayAdmin(ctx, admin, body.adminid, false)),
  );
  route(app, calls.invoices, async ({ query }, _reply, admin) => ok(await office.listInvoices(ctx, admin, query)));
  route(app, calls.handleInvoice, async ({ body }, _reply, admin) => ok(await office.handleInvoice(ctx, admin, body)));

  // A file, not a JSON envelope, so not a declared call; the access is checked before anything is read.
  app.get(
    '/order/export',
    {
      schema: {
        tags: ['orders (back office)'],
        summary:
          'The orders of the order/list filter (every match up to 50,000) as an XLSX or CSV (UTF-8 with BOM) ' +
          'attachment with a totals line; amounts in yuan with two decimals.',
        querystring: zOrderExportQuery,
      },
      preValidation: async (request) => {
        await requireAdmin(request, 'setting');
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, 'setting');
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await exportOrders(ctx, admin, request.query, locale);
      reply.header('cache-control', 'no-store');
      if (file.capped) reply.header('x-export-capped', '1');
      return reply.send(sendAttachment(reply, file));
    },
  );
};
