import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { orderCalls } from '../../../shared/calls/orders';
import { formatDate } from '../../../shared/rules/dates';
import { fenPrice } from '../../../shared/rules/order-price';
import type { PayInfo } from '../../../shared/schemas/orders';
import { request } from '../../api/client';
import { useBootstrap } from '../../bootstrap';
import { columnHref } from '../../components/catalogue/links';
import { RichText } from '../../components/catalogue/RichText';
import { alert, confirm, toast } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { useCall } from '../../hooks/useCall';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { ROUTES } from '../../paths';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { courseInfoHref } from '../learn/links';
import { InvoiceDialog } from '../myorder/InvoiceDialog';

/** How often the pay page asks checkorder while the order waits for the school's confirmation. */
export const PAY_POLL_MS = 3000;

/** Where the item ordered is studied or seen. */
function itemHref(info: PayInfo): string {
  if (info.order.kind === 'course') return courseInfoHref(info.code);
  if (info.order.kind === 'column') return columnHref(info.code);
  return `#${ROUTES.personalCenter}`;
}

/**
 * The pay page (spec 2: app.pay on a phone, app.pay.confirm on a desktop, pay/cashier): the order number, the
 * item, the amount, the school's offline payment instructions and the expiry; the state is polled with checkorder
 * (SWR refresh while pending) and the page shows paid as soon as the school confirms. A pending order can be
 * cancelled; a closed one, or one whose price changed, sends the student back to order again.
 */
export default function PayPage() {
  const t = useT();
  const mobile = useIsMobile();
  const boot = useBootstrap();
  const allowed = useStudentGuard();
  const { orderid = '' } = useParams();
  const info = useCall(orderCalls.pay, allowed ? { query: { orderid } } : null);
  const pending = info.data?.order.status === 'pending';
  const check = useCall(orderCalls.check, pending ? { query: { orderid } } : null, { refreshInterval: PAY_POLL_MS });
  const status = check.data?.status;
  const { mutate } = info;
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (status && status !== 'pending') void mutate();
  }, [status, mutate]);

  if (!allowed || (!info.data && !info.error)) return <Loading />;
  if (!info.data) return <p className="catalogue-empty">{t('orders.pay.notFound')}</p>;
  const { order } = info.data;

  const handleCancel = async () => {
    if (!(await confirm({ text: t('orders.pay.cancelAsk') }))) return;
    const reply = await request(orderCalls.cancel, { body: { orderid } });
    if (reply.status !== 'ok') await alert({ text: reply.error });
    await mutate();
  };

  const href = itemHref(info.data);
  return (
    <section
      className={mobile ? 'pay-page pay-page-mobile' : 'card pay-page'}
      aria-labelledby="pay-title"
      data-testid="pay-page"
      data-status={order.status}
    >
      <h1 id="pay-title" className="page-title">
        {t('orders.pay.title')}
      </h1>
      <dl className="pay-facts">
        <dt>{t('orders.pay.number')}</dt>
        <dd data-testid="pay-number">{order.orderid}</dd>
        <dt>{t('orders.pay.item')}</dt>
        <dd>
          {t(`orders.kind.${order.kind}`)} · {order.title}
          {order.renew && ` (${t('orders.renewal')})`}
        </dd>
        <dt>{t('orders.pay.amount')}</dt>
        <dd className="pay-amount" data-testid="pay-amount">
          {fenPrice(order.amount_fen)}
        </dd>
        <dt>{t('orders.pay.status')}</dt>
        <dd data-testid="pay-status">{t(`orders.status.${order.status}`)}</dd>
      </dl>
      {order.status === 'pending' && info.data.price_changed && (
        <p className="pay-note is-warning" role="alert" data-testid="pay-price-changed">
          {t('orders.pay.priceChanged')}
        </p>
      )}
      {order.status === 'pending' && !info.data.price_changed && (
        <>
          <p className="pay-note">
            {t('orders.pay.expires', { time: formatDate(order.expires_at, 'yyyy-MM-dd HH:mm') })}
          </p>
          <h2 className="pay-heading">{t('orders.pay.instructions')}</h2>
          <p className="pay-note">{t('orders.pay.offlineHint')}</p>
          {info.data.instructions ? (
            <RichText html={info.data.instructions} className="pay-instructions" testId="pay-instructions" />
          ) : (
            <p className="pay-note">{t('orders.pay.noInstructions')}</p>
          )}
          <p className="pay-waiting" aria-live="polite" data-testid="pay-waiting">
            {t('orders.pay.waiting')}
          </p>
        </>
      )}
      {order.status === 'paid' && (
        <p className="pay-note is-done" role="status" data-testid="pay-paid">
          {t('orders.pay.paid')}
        </p>
      )}
      {order.status === 'closed' && <p className="pay-note">{t('orders.pay.closed')}</p>}
      {order.status === 'cancelled' && <p className="pay-note">{t('orders.pay.cancelled')}</p>}
      <div className="pay-actions">
        {order.status === 'paid' && (
          <a className="btn btn-primary" href={href} data-testid="pay-study">
            {t('orders.pay.study')}
          </a>
        )}
        {order.status === 'paid' && !order.invoice && (
          <button type="button" className="btn" onClick={() => setAsking(true)} data-testid="pay-invoice">
            {t('orders.mine.invoice')}
          </button>
        )}
        {(order.status === 'closed' || info.data.price_changed) && (
          <a className="btn btn-primary" href={href} data-testid="pay-reorder">
            {t('orders.pay.reorder')}
          </a>
        )}
        {order.status === 'pending' && (
          <button type="button" className="btn" onClick={() => void handleCancel()} data-testid="pay-cancel">
            {t('orders.pay.cancel')}
          </button>
        )}
        {/* My orders is hidden in the lan release (spec 1). */}
        {boot.ver === 'online' && (
          <Link className="btn" to={ROUTES.myOrderMobile}>
            {t('orders.mine.title')}
          </Link>
        )}
      </div>
      {order.invoice && <p className="pay-note">{t(`orders.invoice.${order.invoice}`)}</p>}
      {asking && (
        <InvoiceDialog
          order={order}
          onClose={() => setAsking(false)}
          onDone={() => {
            setAsking(false);
            toast(t('orders.invoice.done'));
            void mutate();
          }}
        />
      )}
    </section>
  );
}
