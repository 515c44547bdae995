import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { orderCalls } from '../../../shared/calls/orders';
import { formatDate } from '../../../shared/rules/dates';
import { fenPrice } from '../../../shared/rules/order-price';
import { ORDER_PAGE_MAX, type Order } from '../../../shared/schemas/orders';
import { request } from '../../api/client';
import { useBootstrap } from '../../bootstrap';
import { alert, toast } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { useCall } from '../../hooks/useCall';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { payPath } from '../../paths';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { InvoiceDialog } from './InvoiceDialog';

const PAGE_SIZE = 20;

/**
 * My orders (myorder_m and the dashboard's order entry, spec 2): hidden in the lan release (spec 1), shown when
 * ver is online. The student's orders newest first, each with its state; pay a pending one, delete one that is
 * no longer pending (and restore it from the deleted list), ask an invoice for a paid one.
 */
export default function MyOrderPage() {
  const boot = useBootstrap();
  if (boot.ver !== 'online') return <Navigate to="/" replace />;
  return <MyOrders />;
}

function MyOrders() {
  const t = useT();
  const mobile = useIsMobile();
  const allowed = useStudentGuard();
  const [deleted, setDeleted] = useState(false);
  const [num, setNum] = useState(PAGE_SIZE);
  const [invoiceFor, setInvoiceFor] = useState<Order | null>(null);
  const { mutate } = useSWRConfig();
  // Both lists (orders and deleted orders) change together, even within SWR's de-duplication window.
  const refresh = () => mutate((key) => Array.isArray(key) && key[0] === orderCalls.mine.path);
  const list = useCall(orderCalls.mine, allowed ? { query: { deleted: deleted ? 1 : 0, page: 1, num } } : null, {
    keepPreviousData: true,
  });
  if (!allowed) return <Loading />;
  const rows = list.data?.list ?? [];

  const setHidden = async (order: Order, hide: boolean) => {
    const reply = await request(hide ? orderCalls.remove : orderCalls.restore, { body: { orderid: order.orderid } });
    if (reply.status !== 'ok') return void (await alert({ text: reply.error }));
    await refresh();
  };

  return (
    <section
      className={mobile ? 'mc-page mc-page-mobile' : 'card mc-page'}
      aria-labelledby="my-orders-title"
      data-testid="my-orders"
    >
      <h1 id="my-orders-title" className="page-title">
        {deleted ? t('orders.mine.deleted') : t('orders.mine.title')}
      </h1>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => setDeleted(!deleted)}
        data-testid="orders-toggle-deleted"
      >
        {deleted ? t('orders.mine.back') : t('orders.mine.deleted')}
      </button>
      {list.data && rows.length === 0 && <p className="catalogue-empty">{t('orders.mine.empty')}</p>}
      <ul className="order-list">
        {rows.map((order) => (
          <li key={order.orderid} className="order-item" data-testid="my-order" data-status={order.status}>
            <p className="order-line">
              <span>{order.orderid}</span>
              <span className="order-status">{t(`orders.status.${order.status}`)}</span>
            </p>
            <p className="order-title">
              {t(`orders.kind.${order.kind}`)} · {order.title}
              {order.renew && ` (${t('orders.renewal')})`}
            </p>
            <p className="order-line">
              <span>{formatDate(order.created_at, 'yyyy-MM-dd HH:mm')}</span>
              <strong>{fenPrice(order.amount_fen)}</strong>
            </p>
            {order.invoice && <p className="order-note">{t(`orders.invoice.${order.invoice}`)}</p>}
            <div className="order-actions">
              {order.status === 'pending' && (
                <Link className="btn btn-small btn-primary" to={payPath(order.orderid, mobile)}>
                  {t('orders.mine.pay')}
                </Link>
              )}
              {order.status === 'paid' && !order.invoice && !deleted && (
                <button type="button" className="btn btn-small" onClick={() => setInvoiceFor(order)}>
                  {t('orders.mine.invoice')}
                </button>
              )}
              {order.status !== 'pending' && (
                <button type="button" className="btn btn-small" onClick={() => void setHidden(order, !deleted)}>
                  {deleted ? t('orders.mine.restore') : t('orders.mine.delete')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {list.data && list.data.total > rows.length && num < ORDER_PAGE_MAX && (
        <button type="button" className="btn" onClick={() => setNum(Math.min(ORDER_PAGE_MAX, num + PAGE_SIZE))}>
          {t('orders.mine.more')}
        </button>
      )}
      {invoiceFor && (
        <InvoiceDialog
          order={invoiceFor}
          onClose={() => setInvoiceFor(null)}
          onDone={() => {
            setInvoiceFor(null);
            toast(t('orders.invoice.done'));
            void refresh();
          }}
        />
      )}
    </section>
  );
}
