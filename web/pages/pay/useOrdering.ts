import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { orderCalls } from '../../../shared/calls/orders';
import { ERRORS } from '../../../shared/envelope';
import type { OrderKind } from '../../../shared/rules/order-price';
import { formatPrice } from '../../../shared/rules/text';
import { ORDER_ERRORS } from '../../../shared/schemas/orders';
import { request } from '../../api/client';
import { useActionGuard } from '../../components/catalogue/useActionGuard';
import { alert } from '../../components/feedback';
import { useIsMobile } from '../../hooks/useIsMobile';
import type { MessageKey } from '../../../shared/i18n';
import { useT } from '../../i18n';
import { payPath } from '../../paths';

/** What the student is about to order, as the page shows it (prices in yuan, for the dialog only). */
export interface OrderIntent {
  kind: OrderKind;
  id: string;
  title: string;
  actual: number;
  price: number;
  renew?: boolean;
}

const ERROR_KEYS: Record<string, MessageKey> = {
  [ORDER_ERRORS.paymentDisabled]: 'orders.error.disabled',
  [ORDER_ERRORS.alreadyHeld]: 'orders.error.held',
  [ORDER_ERRORS.notRenewable]: 'orders.error.notRenewable',
  [ORDER_ERRORS.ended]: 'orders.error.ended',
  [ORDER_ERRORS.free]: 'orders.error.free',
  [ORDER_ERRORS.notForSale]: 'orders.error.notForSale',
  studentOnly: 'errors.studentOnly',
  designatedGroup: 'catalogue.designatedGroup',
};

/**
 * Ordering from a course, column or end-of-trial button: a confirm dialog with the price, submitorde, then the
 * order's pay page (app.pay on a phone, app.pay.confirm on a desktop). The server decides the price in fen and
 * every refusal; a pending order for the same item is reopened rather than duplicated.
 */
export function useOrdering() {
  const t = useT();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const guard = useActionGuard();

  return useCallback(
    async (intent: OrderIntent) => {
      const title = intent.renew
        ? t('orders.buy.titleRenew')
        : intent.kind === 'column'
          ? t('orders.buy.titleColumn')
          : intent.kind === 'member'
            ? t('orders.buy.titleMember')
            : t('orders.buy.title');
      const lines = [intent.title, t('orders.buy.price', { amount: formatPrice(intent.actual) ?? '' })];
      if (intent.price > intent.actual)
        lines.push(t('orders.buy.listPrice', { price: formatPrice(intent.price) ?? '' }));
      if (intent.renew) lines.push(t('orders.buy.renewUntil'));
      const go = await alert({
        title,
        text: lines.join(' · '),
        okText: t('orders.buy.confirm'),
        cancelText: t('orders.buy.cancel'),
      });
      if (!go) return;
      const reply = await request(orderCalls.submit, {
        body: { kind: intent.kind, id: intent.id, renew: intent.renew ?? false },
      });
      if (reply.status === 'ok') {
        navigate(payPath(reply.data.order.orderid, mobile));
        return;
      }
      if (reply.error === ERRORS.noLogin) {
        await guard('noLogin');
        return;
      }
      const key = ERROR_KEYS[reply.error];
      await alert({ text: key ? t(key) : reply.error });
    },
    [t, navigate, mobile, guard],
  );
}
