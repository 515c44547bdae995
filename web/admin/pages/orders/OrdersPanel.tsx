import { useState } from 'react';
import { orderCalls } from '../../../../shared/calls/orders';
import { ORDER_KINDS, ORDER_STATUSES, fenText } from '../../../../shared/rules/order-price';
import { apiUrl } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { ListToolbar } from '../../components/ListToolbar';
import { Pager } from '../../components/Pager';
import { OrderDialog } from './OrderDialog';
import { money, when } from './order-text';

const PAGE_SIZE = 20;
type Filter = { status: string; kind: string; student: string; number: string; from: string; to: string };
const EMPTY: Filter = { status: '', kind: '', student: '', number: '', from: '', to: '' };

/** The filter as a query: empty fields left out. */
function queryOf(filter: Filter) {
  return {
    status: (filter.status || undefined) as (typeof ORDER_STATUSES)[number] | undefined,
    kind: (filter.kind || undefined) as (typeof ORDER_KINDS)[number] | undefined,
    student: filter.student || undefined,
    number: filter.number || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
  };
}

/** The order list: filters, totals of the filter, export, and each order's detail. */
export function OrdersPanel() {
  const t = useT();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = queryOf(filter);
  const list = useCall(orderCalls.list, { query: { ...query, page, num: PAGE_SIZE } }, { keepPreviousData: true });
  const rows = list.data?.list ?? [];
  const totals = list.data?.totals;
  const set = (key: keyof Filter) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const exportHref = (format: 'csv' | 'xlsx') => apiUrl('order/export', { ...query, format });

  return (
    <section className="card ac-card" data-testid="orders-panel">
      <ListToolbar>
        <form
          className="order-filters"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setFilter(draft);
          }}
        >
          <select
            aria-label={t('admin.orders.filter.status')}
            value={draft.status}
            onChange={set('status')}
            data-testid="filter-status"
          >
            <option value="">
              {t('admin.orders.filter.status')}: {t('admin.orders.filter.all')}
            </option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin.orders.status.${status}`)}
              </option>
            ))}
          </select>
          <select aria-label={t('admin.orders.filter.kind')} value={draft.kind} onChange={set('kind')}>
            <option value="">
              {t('admin.orders.filter.kind')}: {t('admin.orders.filter.all')}
            </option>
            {ORDER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`admin.orders.kind.${kind}`)}
              </option>
            ))}
          </select>
          <input
            aria-label={t('admin.orders.filter.student')}
            placeholder={t('admin.orders.filter.student')}
            value={draft.student}
            onChange={set('student')}
            data-testid="filter-student"
          />
          <input
            aria-label={t('admin.orders.filter.number')}
            placeholder={t('admin.orders.filter.number')}
            value={draft.number}
            onChange={set('number')}
            inputMode="numeric"
          />
          <input type="date" aria-label={t('admin.orders.filter.from')} value={draft.from} onChange={set('from')} />
          <input type="date" aria-label={t('admin.orders.filter.to')} value={draft.to} onChange={set('to')} />
          <button type="submit" className="btn btn-small btn-primary" data-testid="filter-search">
            {t('admin.orders.filter.search')}
          </button>
        </form>
        <a className="btn btn-small" href={exportHref('xlsx')} download data-testid="export-xlsx">
          {t('admin.orders.export.xlsx')}
        </a>
        <a className="btn btn-small" href={exportHref('csv')} download data-testid="export-csv">
          {t('admin.orders.export.csv')}
        </a>
      </ListToolbar>
      {totals && (
        <p className="ac-muted" data-testid="order-totals">
          {t('admin.orders.totals', {
            count: totals.count,
            paidCount: totals.paid_count,
            paid: fenText(totals.paid_fen),
          })}
        </p>
      )}
      {list.error && !list.data ? (
        <LoadError onRetry={() => void list.mutate()} />
      ) : (
        <DataTable
          columns={[
            t('admin.orders.col.number'),
            t('admin.orders.col.student'),
            t('admin.orders.col.item'),
            t('admin.orders.col.amount'),
            t('admin.orders.col.status'),
            t('admin.orders.col.created'),
          ]}
          empty={list.data && rows.length === 0 && t('admin.orders.empty')}
        >
          {rows.map((row) => (
            <tr key={row.orderid} data-testid="order-row" data-orderid={row.orderid} data-status={row.status}>
              <td data-label={t('admin.orders.col.number')}>{row.orderid}</td>
              <PersonCell label={t('admin.orders.col.student')} name={row.student_name} username={row.username} />
              <td data-label={t('admin.orders.col.item')}>
                {t(`admin.orders.kind.${row.kind}`)} · {row.title}
                {row.renew && <span className="ac-muted"> ({t('admin.orders.renewal')})</span>}
              </td>
              <td data-label={t('admin.orders.col.amount')}>{money(row.amount_fen)}</td>
              <td data-label={t('admin.orders.col.status')}>{t(`admin.orders.status.${row.status}`)}</td>
              <td data-label={t('admin.orders.col.created')}>{when(row.created_at)}</td>
              <td className="ac-col-actions">
                <RowActions>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setOpen(row.orderid)}
                    data-testid="order-open"
                  >
                    {t('admin.orders.detail')}
                  </button>
                </RowActions>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.data && <Pager page={page} num={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
      {open && <OrderDialog orderid={open} onClose={() => setOpen(null)} onChanged={() => void list.mutate()} />}
    </section>
  );
}
