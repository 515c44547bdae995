/**
 * The payment step behind one interface (issue 15: 'build the payment step behind one interface so a gateway
 * can be added later'). A provider says how an order is paid (the pay page's instructions) and answers an
 * online status query. Marking an order paid is the provider-independent confirmPaid (orders-admin.service):
 * an administrator calls it for an offline payment; a gateway's notification would call it as 'system'.
 *
 * The lan release has one provider, 'offline': the school's instructions from payment_settings (sanitised
 * HTML), and no online query (409 onlineNotConfigured).
 */
import type { OrderStatus } from '../../../shared/rules/order-price';
import { ORDER_ERRORS } from '../../../shared/schemas/orders';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import * as office from './office.repository';
import type * as repo from './orders.repository';

export interface PaymentProvider {
  readonly name: string;
  /** What the pay page shows the student to pay an order of the school (HTML, already sanitised). */
  instructions(ctx: AppContext, schoolId: string): Promise<string>;
  /** The order's payment state as the provider knows it; a provider without an online service throws. */
  query(ctx: AppContext, order: repo.OrderRow | null): OrderStatus;
}

export const offlinePayment: PaymentProvider = {
  name: 'offline',
  instructions: async (ctx, schoolId) => (await office.findSettings(ctx.db, schoolId))?.instructions ?? '',
  query: () => {
    throw conflict(ORDER_ERRORS.onlineNotConfigured, { provider: 'offline' });
  },
};

/** The provider of a school's orders (only 'offline' in the lan release). */
export const paymentOf = (_ctx: AppContext, _schoolId: string): PaymentProvider => offlinePayment;
