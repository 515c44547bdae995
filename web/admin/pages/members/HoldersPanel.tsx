import { useState } from 'react';
import { memberCalls } from '../../../../shared/calls/members';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import type { AdminPlan, Subscription } from '../../../../shared/schemas/members';
import type { MessageKey } from '../../../../shared/i18n';
import { request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Check } from '../../components/Field';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';

const PAGE = 50;

/** Who holds a plan (member/subscription) with revoke, and the plan's change history (member/audit). */
export function HoldersPanel({ plan, onChanged }: { plan: AdminPlan; onChanged: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [activeOnly, setActiveOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = activeOnly ? ('active' as const) : ('all' as const);
  const query = { plan_id: plan.id, keyword, state, page: 1, num: PAGE };
  const holders = useCall(memberCalls.subscription, { query });
  const audit = useCall(memberCalls.audit, { query: { plan_id: plan.id, page: 1, num: 20 } });
  const when = (ms: number) => formatDateMinutes(ms, locale);

  const handleRevoke = async (row: Subscription) => {
    if (
      !(await confirm({
        text: t('admin.members.revokeConfirm', { name: row.name }),
        okText: t('admin.members.revoke'),
      }))
    )
      return;
    setBusy(true);
    const reply = await request(memberCalls.revoke, { body: { id: row.id } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.members.revoked'));
    await Promise.all([holders.mutate(), audit.mutate()]);
    onChanged();
  };

  const label = (key: MessageKey) => t(key);
  return (
    <section className="card ac-card" aria-labelledby="member-holders-title" data-testid="member-holders">
      <h2 id="member-holders-title" className="section-title">
        {t('admin.members.holdersTitle', { title: plan.title })}
      </h2>
      <form
        className="ac-inline-form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setKeyword(draft.trim());
        }}
      >
        <input
          type="search"
          value={draft}
          maxLength={50}
          placeholder={t('admin.members.search')}
          aria-label={t('admin.members.search')}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="btn btn-small">
          {t('common.search')}
        </button>
        <Check label={t('admin.members.activeOnly')} checked={activeOnly} onChange={setActiveOnly} />
      </form>
      {holders.error && <LoadError onRetry={() => void holders.mutate()} />}
      <DataTable
        columns={[
          label('admin.members.col.student'),
          label('admin.members.col.since'),
          label('admin.members.col.until'),
          label('admin.members.col.via'),
          label('admin.members.col.state'),
        ]}
        empty={holders.data && holders.data.list.length === 0 ? t('admin.members.noHolders') : undefined}
      >
        {(holders.data?.list ?? []).map((row) => (
          <tr key={row.id} data-testid="member-holder" data-username={row.username}>
            <PersonCell label={t('admin.members.col.student')} name={row.name} username={row.username} />
            <td data-label={t('admin.members.col.since')}>{when(row.since)}</td>
            <td data-label={t('admin.members.col.until')}>{when(row.until)}</td>
            <td data-label={t('admin.members.col.via')}>{t(`admin.members.via.${row.via}`)}</td>
            <td data-label={t('admin.members.col.state')}>{t(`admin.members.state.${row.state}`)}</td>
            <RowActions>
              {row.state === 'active' && (
                <button
                  type="button"
                  className="btn btn-small btn-danger-outline"
                  disabled={busy}
                  onClick={() => void handleRevoke(row)}
                >
                  {t('admin.members.revoke')}
                </button>
              )}
            </RowActions>
          </tr>
        ))}
      </DataTable>
      <h3 className="section-title">{t('admin.members.audit')}</h3>
      {audit.data && audit.data.list.length === 0 && <p className="ac-muted">{t('admin.members.auditEmpty')}</p>}
      <ul className="ac-simple-list" data-testid="member-audit">
        {(audit.data?.list ?? []).map((entry) => (
          <li key={entry.id}>
            <span className="ac-muted">{when(entry.at)}</span> {entry.actor_name ?? ''}{' '}
            {t(`admin.members.action.${entry.action}` as MessageKey)}
          </li>
        ))}
      </ul>
    </section>
  );
}
