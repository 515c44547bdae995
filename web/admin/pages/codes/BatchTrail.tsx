import { useEffect } from 'react';
import { redeemCalls } from '../../../../shared/calls/redeem';
import type { MessageKey } from '../../../../shared/i18n';
import { formatDate } from '../../../../shared/rules/dates';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';

/**
 * The audit trail of a batch or an enrolment key (code/audit): who did what, when, newest first. A new
 * `version` (after a change) reads it again.
 */
export function BatchTrail({ id, version = 0 }: { id: string; version?: number }) {
  const t = useT();
  const trail = useCall(redeemCalls.audit, { query: { id } });
  const { mutate } = trail;
  useEffect(() => {
    if (version > 0) void mutate();
  }, [version, mutate]);
  const rows = trail.data?.list ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="card ac-card" data-testid="code-trail">
      <h2 className="ac-subtitle">{t('admin.codes.trail')}</h2>
      <ul className="rc-trail">
        {rows.map((row) => {
          const code = (row.after as { code?: string } | null)?.code ?? '';
          return (
            <li key={row.id} data-testid="trail-row" data-action={row.action}>
              {formatDate(row.at, 'yyyy-MM-dd HH:mm')} · {row.actor_name ?? ''} ·{' '}
              {t(`admin.codes.action.${row.action}` as MessageKey, { code })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
