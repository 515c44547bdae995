import { useState } from 'react';
import { orderCalls } from '../../../../shared/calls/orders';
import { INVOICE_STATUSES, type Invoice } from '../../../../shared/schemas/orders';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, LoadError, RowActions } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Pager } from '../../components/Pager';
import { money, when } from './order-text';

const PAGE_SIZE = 20;

/** Invoice requests (invoices/add), newest first; a requested one is marked issued or refused with a note. */
export function InvoicesPanel() {
  const t = useT();
  const [status, setStatus] = useState<(typeof INVOICE_STATUSES)[number] | ''>('');
  const [page, setPage] = useState(1);
  const [handling, setHandling] = useState<{ invoice: Invoice; status: 'issued' | 'refused' } | null>(null);
  const [note, setNote] = useState('');
  const list = useCall(
    orderCalls.invoices,
    { query: { status: status || undefined, page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const handle = async () => {
    if (!handling) return;
    const reply = await request(orderCalls.handleInvoice, {
      body: { id: handling.invoice.id, status: handling.status, note },
    });
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    setHandling(null);
    setNote('');
    await list.mutate();
  };
  return (
    <section className="card ac-card" data-testid="invoices">
      <select
        aria-label={t('admin.orders.filter.status')}
        value={status}
        onChange={(event) => {
          setPage(1);
          setStatus(event.target.value as typeof status);
        }}
      >
        <option value="">{t('admin.orders.filter.all')}</option>
        {INVOICE_STATUSES.map((item) => (
          <option key={item} value={item}>
            {t(`admin.orders.invoice.status.${item}`)}
          </option>
        ))}
      </select>
      {list.error && !list.data ? (
        <LoadError onRetry={() => void list.mutate()} />
      ) : (
        <DataTable
          columns={[
            t('admin.orders.col.student'),
            t('admin.orders.col.number'),
            t('admin.orders.invoice.title'),
            t('admin.orders.col.amount'),
            t('admin.orders.col.status'),
          ]}
          empty={list.data && list.data.list.length === 0 && t('admin.orders.invoice.empty')}
        >
          {(list.data?.list ?? []).map((row) => (
            <tr key={row.id} data-testid="invoice-row">
              <td data-label={t('admin.orders.col.student')}>
                <span className="ac-strong">{row.student_name}</span>
                <p className="ac-muted">{row.order_title}</p>
              </td>
              <td data-label={t('admin.orders.col.number')}>{row.orderid}</td>
              <td data-label={t('admin.orders.invoice.title')}>
                {t(`admin.orders.invoice.kind.${row.kind}`)} · {row.title}
                {row.tax_number && <p className="ac-muted">{row.tax_number}</p>}
                {row.email && <p className="ac-muted">{row.email}</p>}
              </td>
              <td data-label={t('admin.orders.col.amount')}>{money(row.amount_fen)}</td>
              <td data-label={t('admin.orders.col.status')}>
                {t(`admin.orders.invoice.status.${row.status}`)}
                <p className="ac-muted">{when(row.handled_at ?? row.created_at)}</p>
                {row.note && <p className="ac-muted">{row.note}</p>}
              </td>
              <td className="ac-col-actions">
                {row.status === 'requested' && (
                  <RowActions>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setHandling({ invoice: row, status: 'issued' })}
                    >
                      {t('admin.orders.invoice.issue')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setHandling({ invoice: row, status: 'refused' })}
                    >
                      {t('admin.orders.invoice.refuse')}
                    </button>
                  </RowActions>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.data && <Pager page={page} num={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
      {handling && (
        <Modal
          title={t(handling.status === 'issued' ? 'admin.orders.invoice.issue' : 'admin.orders.invoice.refuse')}
          submitText={t(handling.status === 'issued' ? 'admin.orders.invoice.issue' : 'admin.orders.invoice.refuse')}
          onSubmit={() => void handle()}
          onClose={() => setHandling(null)}
          danger={handling.status === 'refused'}
        >
          <Field label={t('admin.orders.invoice.note')} name="note">
            <input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Field>
        </Modal>
      )}
    </section>
  );
}
