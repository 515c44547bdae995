import { useState } from 'react';
import { grantCalls } from '../../../../shared/calls/grants';
import type { Translate } from '../../../i18n';
import type { GrantKind, Holder } from '../../../../shared/schemas/grants';
import { formatDate } from '../../../../shared/rules/dates';
import { request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { Pager } from '../../components/Pager';
import { GrantAuditTable } from './GrantAuditTable';
import { GrantDialog } from './GrantDialog';

const PAGE_SIZE = 20;

/** How a student holds the course, in words: the way, the group, the column. */
export function wayText(t: Translate, row: Pick<Holder, 'way' | 'group_name' | 'column_title' | 'plan_title'>): string {
  const way =
    row.way === 'group'
      ? t('admin.grants.way.group', { group: row.group_name ?? '' })
      : row.way === 'member'
        ? t('admin.grants.way.member', { plan: row.plan_title ?? '' })
        : t(`admin.grants.way.${row.way}`);
  return row.column_title ? `${way} · ${t('admin.grants.viaColumn', { column: row.column_title })}` : way;
}

const day = (ms: number) => formatDate(ms, 'yyyy-MM-dd');

/**
 * The Learners tab of the course editor: who holds the course and why (a grant to them or to a group of
 * theirs, an enrolment), searched and paged; the grant dialog; a grant revoked per row after a confirm.
 */
export function LearnersTab({ kind = 'course', id }: { kind?: GrantKind; id: string }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [granting, setGranting] = useState(false);
  const [history, setHistory] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = useCall(
    grantCalls.holders,
    { query: { kind, id, keyword, page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const rows = list.data?.list ?? [];

  const handleRevoke = async (row: Holder) => {
    const text =
      row.way === 'group'
        ? t('admin.grants.revokeGroupConfirm', { group: row.group_name ?? '' })
        : t('admin.grants.revokeConfirm', { name: row.name });
    if (!row.grant_id || !(await confirm({ text, okText: t('admin.grants.revoke') }))) return;
    setBusy(true);
    const reply = await request(grantCalls.revoke, { body: { id: row.grant_id } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.grants.revoked'));
    await list.mutate();
  };

  return (
    <section className="card ac-card" data-testid="course-learners">
      <div className="ac-filters">
        <h2 className="ac-subtitle">{t(kind === 'course' ? 'admin.grants.title' : 'admin.grants.titleColumn')}</h2>
        <div className="ac-row-actions">
          <button
            type="button"
            className="btn btn-small"
            aria-pressed={history}
            onClick={() => setHistory(!history)}
            data-testid="toggle-grant-history"
          >
            {history ? t('admin.grants.holdersView') : t('admin.grants.history')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setGranting(true)}
            data-testid="open-grant"
          >
            {t(kind === 'course' ? 'admin.grants.grant' : 'admin.grants.grantColumn')}
          </button>
        </div>
      </div>
      <p className="ac-hint">{t(kind === 'course' ? 'admin.grants.hint' : 'admin.grants.hintColumn')}</p>
      {history && <GrantAuditTable filter={kind === 'course' ? { coid: id } : { column_id: id }} />}
      {!history && (
        <>
          <ListToolbar>
            <SearchForm
              placeholder={t('admin.grants.searchPlaceholder')}
              maxLength={50}
              onSearch={(next) => {
                setKeyword(next);
                setPage(1);
              }}
            />
          </ListToolbar>
          {list.error && !list.data ? (
            <LoadError onRetry={() => void list.mutate()} />
          ) : (
            <DataTable
              columns={[
                t('admin.grants.col.student'),
                t('admin.grants.col.way'),
                t('admin.grants.col.by'),
                t('admin.grants.col.since'),
                t('admin.grants.col.until'),
              ]}
              empty={
                list.data &&
                rows.length === 0 &&
                t(kind === 'course' ? 'admin.grants.empty' : 'admin.grants.emptyColumn')
              }
            >
              {rows.map((row) => (
                <tr key={`${row.sid}:${row.way}:${row.grant_id ?? ''}`} data-testid="holder-row" data-way={row.way}>
                  <PersonCell label={t('admin.grants.col.student')} name={row.name} username={row.username} />
                  <td data-label={t('admin.grants.col.way')}>{wayText(t, row)}</td>
                  <td data-label={t('admin.grants.col.by')}>{row.granted_by ?? ''}</td>
                  <td data-label={t('admin.grants.col.since')}>{day(row.since)}</td>
                  <td data-label={t('admin.grants.col.until')}>
                    {row.until === null ? t('admin.grants.courseValidity') : day(row.until)}
                  </td>
                  <RowActions>
                    {row.grant_id && (
                      <button
                        type="button"
                        className="btn btn-small btn-danger-outline"
                        disabled={busy}
                        onClick={() => void handleRevoke(row)}
                        data-testid="revoke-grant"
                      >
                        {t('admin.grants.revoke')}
                      </button>
                    )}
                  </RowActions>
                </tr>
              ))}
            </DataTable>
          )}
          {list.data && <Pager page={page} num={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
        </>
      )}
      {granting && (
        <GrantDialog
          kind={kind}
          id={id}
          onClose={() => setGranting(false)}
          onGranted={() => {
            setGranting(false);
            void list.mutate();
          }}
        />
      )}
    </section>
  );
}
