import { useState } from 'react';
import { orderCalls } from '../../../../shared/calls/orders';
import { ORDER_STATUSES, fenText, yuanToFen, type OrderStatus } from '../../../../shared/rules/order-price';
import { INVOICE_STATUSES, ORDER_ERRORS, PAY_WAYS } from '../../../../shared/schemas/orders';
import type { Failure } from '../../../../shared/envelope';
import { request } from '../../../api/client';
import { confirm as ask, toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT, type Translate } from '../../../i18n';
import { failureText } from '../../api/errors';
import { LoadError } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { money, when } from './order-text';

const KNOWN = {
  [ORDER_ERRORS.priceChanged]: 'admin.orders.error.priceChanged',
  [ORDER_ERRORS.notPending]: 'admin.orders.error.notPending',
  [ORDER_ERRORS.noteRequired]: 'admin.orders.error.noteRequired',
  [ORDER_ERRORS.notPayAdmin]: 'admin.orders.noRight',
} as const;

const errorText = (t: Translate, reply: Failure) =>
  reply.error in KNOWN ? t(KNOWN[reply.error as keyof typeof KNOWN]) : failureText(t, reply);

/** An order's or invoice's state in the trail, in words when it is an order state. */
function stateText(t: Translate, status: unknown): string {
  const text = String(status ?? '');
  if ((ORDER_STATUSES as readonly string[]).includes(text)) return t(`admin.orders.status.${text as OrderStatus}`);
  if ((INVOICE_STATUSES as readonly string[]).includes(text))
    return t(`admin.orders.invoice.status.${text as 'issued'}`);
  return text;
}

type Action = 'create' | 'confirm' | 'cancel' | 'close' | 'delete' | 'restore' | 'invoice';
const ACTIONS: readonly string[] = ['create', 'confirm', 'cancel', 'close', 'delete', 'restore', 'invoice'];

/** One order: its facts, its trail (who, when, before → after), and for a pending one confirm payment or cancel. */
export function OrderDialog({
  orderid,
  onClose,
  onChanged,
}: {
  orderid: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const detail = useCall(orderCalls.detail, { query: { orderid } });
  const [amount, setAmount] = useState<string | null>(null);
  const [way, setWay] = useState<(typeof PAY_WAYS)[number]>('transfer');
  const [trade, setTrade] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const order = detail.data?.order;
  const pending = order?.status === 'pending' && detail.data?.can_confirm;
  const amountText = amount ?? (order ? fenText(order.amount_fen) : '');

  const handleConfirm = async () => {
    if (!order) return;
    const fen = yuanToFen(amountText);
    if (fen === null || fen <= 0) return setError(t('admin.orders.confirm.badAmount'));
    setBusy(true);
    const reply = await request(orderCalls.confirm, {
      body: { orderid, amount_fen: fen, way, trade_number: trade, note },
    });
    setBusy(false);
    if (reply.status !== 'ok') return setError(errorText(t, reply));
    toast(t('admin.orders.confirm.done'));
    await detail.mutate(reply.data, { revalidate: false });
    onChanged();
  };

  const handleCancel = async () => {
    if (!(await ask({ text: t('admin.orders.cancel.ask') }))) return;
    const reply = await request(orderCalls.cancelByAdmin, { body: { orderid, note } });
    if (reply.status !== 'ok') return setError(errorText(t, reply));
    toast(t('admin.orders.cancel.done'));
    await detail.mutate(reply.data, { revalidate: false });
    onChanged();
  };

  return (
    <Modal
      title={t('admin.orders.detail.title', { number: orderid })}
      submitText={pending ? t('admin.orders.confirm.submit') : t('admin.orders.detail.close')}
      onSubmit={pending ? () => void handleConfirm() : onClose}
      onClose={onClose}
      busy={busy}
      wide
      testId="order-dialog"
    >
      {detail.error && !detail.data && <LoadError onRetry={() => void detail.mutate()} />}
      {order && (
        <dl className="ac-facts" data-testid="order-facts" data-status={order.status}>
          <dt>{t('admin.orders.col.student')}</dt>
          <dd>
            {order.student_name} ({order.username})
          </dd>
          <dt>{t('admin.orders.col.item')}</dt>
          <dd>
            {t(`admin.orders.kind.${order.kind}`)} · {order.title}
            {order.renew && ` (${t('admin.orders.renewal')})`}
          </dd>
          <dt>{t('admin.orders.col.amount')}</dt>
          <dd>{money(order.amount_fen)}</dd>
          <dt>{t('admin.orders.col.status')}</dt>
          <dd data-testid="order-status">{t(`admin.orders.status.${order.status}`)}</dd>
          <dt>{t('admin.orders.col.created')}</dt>
          <dd>{when(order.created_at)}</dd>
          {order.status === 'paid' && (
            <>
              <dt>{t('admin.orders.col.paidAmount')}</dt>
              <dd>{money(order.paid_fen)}</dd>
              <dt>{t('admin.orders.col.way')}</dt>
              <dd>{order.way ? t(`admin.orders.way.${order.way as 'cash'}`) : ''}</dd>
              <dt>{t('admin.orders.col.trade')}</dt>
              <dd>{order.trade_number}</dd>
            </>
          )}
        </dl>
      )}
      {pending && (
        <fieldset className="ac-fieldset" data-testid="confirm-form">
          <legend>{t('admin.orders.confirm')}</legend>
          <Field label={t('admin.orders.confirm.amount')} name="amount">
            <input value={amountText} inputMode="decimal" onChange={(event) => setAmount(event.target.value)} />
          </Field>
          <Field label={t('admin.orders.confirm.way')} name="way">
            <select value={way} onChange={(event) => setWay(event.target.value as typeof way)}>
              {PAY_WAYS.map((item) => (
                <option key={item} value={item}>
                  {t(`admin.orders.way.${item}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('admin.orders.confirm.trade')} name="trade">
            <input value={trade} maxLength={100} onChange={(event) => setTrade(event.target.value)} />
          </Field>
          <Field label={t('admin.orders.confirm.note')} hint={t('admin.orders.confirm.noteHint')} name="note">
            <input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <button
            type="button"
            className="btn btn-small btn-danger"
            onClick={() => void handleCancel()}
            data-testid="order-cancel"
          >
            {t('admin.orders.cancel')}
          </button>
        </fieldset>
      )}
      {order?.status === 'pending' && detail.data && !detail.data.can_confirm && (
        <p className="ac-muted">{t('admin.orders.noRight')}</p>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="order-error">
          {error}
        </p>
      )}
      {detail.data && (
        <>
          <h3 className="ac-subheading">{t('admin.orders.detail.trail')}</h3>
          <ol className="ac-trail" data-testid="order-trail">
            {detail.data.events.map((entry) => (
              <li key={entry.id} data-action={entry.action}>
                <span>{when(entry.at)}</span>{' '}
                <strong>
                  {ACTIONS.includes(entry.action) ? t(`admin.orders.action.${entry.action as Action}`) : entry.action}
                </strong>{' '}
                <span className="ac-muted">
                  {entry.actor_kind === 'system' ? t('admin.orders.actor.system') : (entry.actor_name ?? '')}
                </span>
                <small className="ac-muted">
                  {' '}
                  {stateText(t, entry.before?.status)}
                  {entry.before ? ' → ' : ''}
                  {stateText(t, entry.after?.status)}
                  {entry.after?.note ? ` · ${String(entry.after.note)}` : ''}
                </small>
              </li>
            ))}
          </ol>
        </>
      )}
    </Modal>
  );
}
