import { useState } from 'react';
import { useNavigate } from 'react-router';
import { redeemCalls } from '../../../../shared/calls/redeem';
import { formatDate } from '../../../../shared/rules/dates';
import type { CodeRow } from '../../../../shared/schemas/redeem';
import { apiUrl, request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { batchTerms } from './batch-terms';
import { BatchTrail } from './BatchTrail';

const PAGE_SIZE = 50;
const dayTime = (ms: number) => formatDate(ms, 'yyyy-MM-dd HH:mm');

/** One batch: its terms, the export files, disabling the batch or a code, its codes with their redeemers. */
export function BatchCodes({ id }: { id: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const list = useCall(
    redeemCalls.codes,
    { query: { batch: id, keyword, page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const batch = list.data?.batch;
  const [trailKey, setTrailKey] = useState(0);

  const disable = async (work: () => ReturnType<typeof request<typeof redeemCalls.disableCode>>, text: string) => {
    if (!(await confirm({ text, okText: t('admin.codes.disableCode') }))) return;
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.codes.disabledDone'));
    await list.mutate();
    setTrailKey((key) => key + 1);
  };
  const disableCode = (row: CodeRow) =>
    disable(
      () => request(redeemCalls.disableCode, { body: { id: row.id } }),
      t('admin.codes.disableCodeConfirm', { code: row.code }),
    );

  if (list.error && !list.data) return <LoadError onRetry={() => void list.mutate()} />;
  const terms = batch ? batchTerms(t, batch) : null;
  return (
    <div className="ac-page" data-testid="batch-page">
      <PageHeader
        title={batch?.title ?? t('admin.codes.codesTitle')}
        back={
          <button type="button" className="btn btn-text" onClick={() => navigate('/codes')}>
            {t('admin.codes.back')}
          </button>
        }
      >
        <a
          className="btn"
          href={apiUrl('code/export', { batch: id, format: 'xlsx' })}
          download
          data-testid="export-xlsx"
        >
          {t('admin.codes.exportXlsx')}
        </a>
        <a className="btn" href={apiUrl('code/export', { batch: id, format: 'csv' })} download data-testid="export-csv">
          {t('admin.codes.exportCsv')}
        </a>
        {batch && batch.disabled_at === null && (
          <button
            type="button"
            className="btn btn-danger-outline"
            disabled={busy}
            onClick={() =>
              void disable(
                () => request(redeemCalls.disableBatch, { body: { id } }),
                t('admin.codes.disableBatchConfirm', { title: batch.title }),
              )
            }
            data-testid="disable-batch"
          >
            {t('admin.codes.disableBatch')}
          </button>
        )}
      </PageHeader>
      {batch && terms && (
        <section className="card ac-card" data-testid="batch-summary">
          <dl className="rc-facts">
            <dt>{t('admin.codes.col.item')}</dt>
            <dd>{t(`admin.codes.kind.${batch.kind}`)}</dd>
            <dt>{t('admin.codes.col.used')}</dt>
            <dd data-testid="batch-uses">
              {t('admin.codes.usedOf', { used: batch.uses, total: batch.count * batch.uses_per_code })}
            </dd>
            <dt>{t('admin.codes.col.days')}</dt>
            <dd>{terms.days}</dd>
            <dt>{t('admin.codes.col.expires')}</dt>
            <dd>{terms.expires}</dd>
            <dt>{t('admin.codes.col.status')}</dt>
            <dd data-testid="batch-status">
              {batch.disabled_at === null ? t('admin.codes.active') : t('admin.codes.disabled')}
            </dd>
          </dl>
        </section>
      )}
      <section className="card ac-card">
        <h2 className="ac-subtitle">{t('admin.codes.codesTitle')}</h2>
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.codes.codeSearch')}
            maxLength={40}
            onSearch={(next) => {
              setKeyword(next);
              setPage(1);
            }}
          />
        </ListToolbar>
        <DataTable
          columns={[
            t('admin.codes.col.code'),
            t('admin.codes.col.uses'),
            t('admin.codes.col.status'),
            t('admin.codes.col.redeemers'),
          ]}
        >
          {(list.data?.list ?? []).map((row) => (
            <tr key={row.id} data-testid="code-row">
              <td data-label={t('admin.codes.col.code')}>
                <code className="redeem-code" data-testid="code-text">
                  {row.code}
                </code>
              </td>
              <td data-label={t('admin.codes.col.uses')}>{`${row.used} / ${row.max_uses}`}</td>
              <td data-label={t('admin.codes.col.status')}>
                {row.disabled_at === null && batch?.disabled_at === null
                  ? t('admin.codes.active')
                  : t('admin.codes.disabled')}
              </td>
              <td data-label={t('admin.codes.col.redeemers')}>
                {row.redeemers.map((r) => `${r.name} (${r.username}) ${dayTime(r.at)}`).join('; ')}
              </td>
              <RowActions>
                {row.disabled_at === null && batch?.disabled_at === null && (
                  <button
                    type="button"
                    className="btn btn-small btn-danger-outline"
                    disabled={busy}
                    onClick={() => void disableCode(row)}
                    data-testid="disable-code"
                  >
                    {t('admin.codes.disableCode')}
                  </button>
                )}
              </RowActions>
            </tr>
          ))}
        </DataTable>
        {list.data && <Pager page={page} num={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
      </section>
      <BatchTrail version={trailKey} id={id} />
    </div>
  );
}
