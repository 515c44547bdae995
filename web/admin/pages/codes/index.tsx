import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { redeemCalls } from '../../../../shared/calls/redeem';
import { formatDate } from '../../../../shared/rules/dates';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError, RowActions } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { batchTerms } from './batch-terms';
import { BatchCodes } from './BatchCodes';
import { NewBatchDialog } from './NewBatchDialog';

const PAGE_SIZE = 20;
const day = (ms: number) => formatDate(ms, 'yyyy-MM-dd');

/**
 * Redeem codes (兑换码): the school's batches, newest first, with their uses; a new batch for a course, column
 * or membership plan; a batch's codes at #/codes/{batch} (export, disable).
 */
export default function CodesPage() {
  const { batch } = useParams();
  return batch ? <BatchCodes id={batch} /> : <BatchList />;
}

function BatchList() {
  const t = useT();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useCall(redeemCalls.batches, { query: { page, num: PAGE_SIZE } }, { keepPreviousData: true });
  const rows = list.data?.list ?? [];

  return (
    <div className="ac-page" data-testid="codes-page">
      <PageHeader title={t('admin.codes.title')}>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="new-batch">
          {t('admin.codes.new')}
        </button>
      </PageHeader>
      <section className="card ac-card">
        <p className="ac-hint">{t('admin.codes.hint')}</p>
        {list.error && !list.data ? (
          <LoadError onRetry={() => void list.mutate()} />
        ) : (
          <DataTable
            columns={[
              t('admin.codes.col.title'),
              t('admin.codes.col.item'),
              t('admin.codes.col.count'),
              t('admin.codes.col.used'),
              t('admin.codes.col.days'),
              t('admin.codes.col.expires'),
              t('admin.codes.col.status'),
              t('admin.codes.col.created'),
            ]}
            empty={list.data && rows.length === 0 && t('admin.codes.empty')}
          >
            {rows.map((row) => {
              const terms = batchTerms(t, row);
              return (
                <tr key={row.id} data-testid="batch-row">
                  <td data-label={t('admin.codes.col.title')}>{row.title}</td>
                  <td data-label={t('admin.codes.col.item')}>{t(`admin.codes.kind.${row.kind}`)}</td>
                  <td data-label={t('admin.codes.col.count')}>{row.count}</td>
                  <td data-label={t('admin.codes.col.used')} data-testid="batch-uses">
                    {t('admin.codes.usedOf', { used: row.uses, total: row.count * row.uses_per_code })}
                  </td>
                  <td data-label={t('admin.codes.col.days')}>{terms.days}</td>
                  <td data-label={t('admin.codes.col.expires')}>{terms.expires}</td>
                  <td data-label={t('admin.codes.col.status')}>
                    {row.disabled_at === null ? t('admin.codes.active') : t('admin.codes.disabled')}
                  </td>
                  <td data-label={t('admin.codes.col.created')}>
                    {day(row.created_at)} {row.created_by ?? ''}
                  </td>
                  <RowActions>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => navigate(`/codes/${row.id}`)}
                      data-testid="open-batch"
                    >
                      {t('admin.codes.open')}
                    </button>
                  </RowActions>
                </tr>
              );
            })}
          </DataTable>
        )}
        {list.data && <Pager page={page} num={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
      </section>
      {creating && (
        <NewBatchDialog
          onClose={() => setCreating(false)}
          onCreated={(batch) => {
            setCreating(false);
            void list.mutate();
            navigate(`/codes/${batch.id}`);
          }}
        />
      )}
    </div>
  );
}
