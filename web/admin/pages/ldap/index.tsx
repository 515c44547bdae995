import { useState } from 'react';
import { LDAP_SAMPLE_MAX } from '../../../../shared/schemas/ldap';
import { formatDateTime } from '../../../../shared/rules/dates';
import { confirm, toast } from '../../../components/feedback';
import { useLocale, useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { ldapCalls } from '../../../../shared/calls/ldap';
import type { LdapRun, LdapSyncResult } from '../../../../shared/schemas/ldap';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { LDAP_ERROR_KEYS } from './errors';
import { PageHeader } from '../../components/PageHeader';
import { LdapSettingsForm } from './LdapSettingsForm';

const KINDS = ['create', 'update', 'disable', 'enable'] as const;
const COUNT_OF: Record<(typeof KINDS)[number], keyof LdapRun> = {
  create: 'created',
  update: 'updated',
  disable: 'disabled',
  enable: 'enabled',
};

/**
 * The setting area's directory screen (LDAP, lan release): the settings with Test connection, a dry
 * run showing the difference, Sync (and 'Sync and confirm' when a run is held by the disable cap), the runs.
 */
export default function LdapPage() {
  const t = useT();
  const locale = useLocale();
  const { data: settings, mutate } = useCall(ldapCalls.settings, {}, { revalidateOnFocus: false });
  const { data: runs, mutate: reloadRuns } = useCall(ldapCalls.runs, {});
  const [result, setResult] = useState<LdapSyncResult | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = (message: string) => (LDAP_ERROR_KEYS[message] ? t(LDAP_ERROR_KEYS[message]) : message);

  const handleSync = async (dryRun: boolean, confirmed = false) => {
    if (confirmed && result) {
      const ok = await confirm({
        text: t('admin.ldap.confirmText', { count: result.run.disabled, cap: settings?.disableCap ?? 0 }),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
    }
    setBusy(true);
    const reply = await request(ldapCalls.sync, { body: { dryRun, confirm: confirmed } });
    setBusy(false);
    await reloadRuns();
    if (reply.status !== 'ok') return toast(LDAP_ERROR_KEYS[reply.error] ? reason(reply.error) : failureText(t, reply));
    setResult(reply.data);
  };

  const run = result?.run;
  const statusText = (r: LdapRun) => t(`admin.ldap.status.${r.status}`);
  return (
    <div className="ac-page ldap-page" data-testid="ldap-page">
      <PageHeader title={t('admin.ldap.title')} />
      <section className="card ac-card">
        {settings && <LdapSettingsForm settings={settings} onSaved={(s) => void mutate(s, { revalidate: false })} />}
      </section>

      <section className="card ac-card" data-testid="ldap-sync">
        <h2>{t('admin.ldap.sync')}</h2>
        <div className="ac-actions">
          <button
            type="button"
            className="btn"
            disabled={busy || !settings?.enabled}
            onClick={() => void handleSync(true)}
            data-testid="ldap-dry-run"
          >
            {t('admin.ldap.dryRun')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !settings?.enabled}
            onClick={() => void handleSync(false)}
            data-testid="ldap-sync-now"
          >
            {t('admin.ldap.syncNow')}
          </button>
          {run?.status === 'held' && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void handleSync(false, true)}
              data-testid="ldap-sync-confirm"
            >
              {t('admin.ldap.confirmSync', { count: run.disabled })}
            </button>
          )}
        </div>
        {run && result && (
          <div className="ldap-diff" data-testid="ldap-diff" data-status={run.status} data-dry={run.dryRun}>
            <p className={run.status === 'failed' ? 'ac-error' : 'ac-muted'} data-testid="ldap-run-status">
              {statusText(run)}
              {run.status === 'failed' ? ` — ${reason(run.message)}` : ''}
            </p>
            <ul className="ldap-counts">
              {KINDS.map((kind) => (
                <li key={kind} data-testid={`ldap-count-${kind}`}>
                  {t(`admin.ldap.diff.${kind}`)}: <strong>{run[COUNT_OF[kind]] as number}</strong>
                </li>
              ))}
              <li data-testid="ldap-count-errors">
                {t('admin.ldap.diff.errors')}: <strong>{run.errors}</strong>
              </li>
            </ul>
            {KINDS.map((kind) =>
              result.diff[kind].length > 0 ? (
                <details key={kind} data-testid={`ldap-list-${kind}`}>
                  <summary>
                    {t(`admin.ldap.diff.${kind}`)} ({run[COUNT_OF[kind]] as number})
                    {(run[COUNT_OF[kind]] as number) > LDAP_SAMPLE_MAX
                      ? ` · ${t('admin.ldap.diff.more', { count: LDAP_SAMPLE_MAX })}`
                      : ''}
                  </summary>
                  <ul>
                    {result.diff[kind].map((p) => (
                      <li key={p.dn}>
                        {p.username} · {p.name} <span className="ac-muted">{p.dn}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null,
            )}
            {result.diff.errors.length > 0 && (
              <details>
                <summary>{t('admin.ldap.diff.errors')}</summary>
                <ul>
                  {result.diff.errors.map((e, i) => (
                    <li key={i}>
                      {e.dn}: {e.reason}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </div>
        )}
      </section>

      <section className="card ac-card">
        <h2>{t('admin.ldap.runs')}</h2>
        <div className="ac-table-wrap">
          <table className="ac-table" data-testid="ldap-runs">
            <thead>
              <tr>
                {(
                  [
                    'started',
                    'finished',
                    'kind',
                    'status',
                    'found',
                    'created',
                    'updated',
                    'disabled',
                    'enabled',
                    'errors',
                    'message',
                  ] as const
                ).map((c) => (
                  <th key={c}>{t(`admin.ldap.runs.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(runs?.list ?? []).map((r) => (
                <tr key={r.id} data-testid="ldap-run" data-status={r.status} data-dry={r.dryRun}>
                  <td>{formatDateTime(r.startedAt, locale)}</td>
                  <td>{r.finishedAt ? formatDateTime(r.finishedAt, locale) : ''}</td>
                  <td>{r.dryRun ? t('admin.ldap.kind.dry') : t(`admin.ldap.kind.${r.trigger}`)}</td>
                  <td>{statusText(r)}</td>
                  <td>{r.found}</td>
                  <td>{r.created}</td>
                  <td>{r.updated}</td>
                  <td>{r.disabled}</td>
                  <td>{r.enabled}</td>
                  <td>{r.errors}</td>
                  <td>{r.status === 'failed' ? reason(r.message) : ''}</td>
                </tr>
              ))}
              {runs && runs.list.length === 0 && (
                <tr>
                  <td colSpan={11} className="ac-muted">
                    {t('admin.ldap.runs.empty')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
