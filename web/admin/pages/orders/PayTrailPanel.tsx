import { orderCalls } from '../../../../shared/calls/orders';
import type { PaySettings } from '../../../../shared/schemas/orders';
import { useT } from '../../../i18n';
import { SettingsTrail, type TrailRow } from '../../components/SettingsTrail';

/** The change history of the payment settings and of who may confirm payments (paysetting/audit). */
export function PayTrailPanel() {
  const t = useT();
  const yesNo = (value: boolean | undefined) => t(value ? 'admin.orders.trail.yes' : 'admin.orders.trail.no');
  const describe = (row: TrailRow) => {
    if (row.action === 'payadmin.add' || row.action === 'payadmin.remove')
      return t(row.action === 'payadmin.add' ? 'admin.orders.trail.payadminAdd' : 'admin.orders.trail.payadminRemove', {
        name: row.subject_name ?? t('admin.trail.gone'),
      });
    const before = (row.before ?? {}) as Partial<PaySettings>;
    const after = (row.after ?? {}) as Partial<PaySettings>;
    const lines: string[] = [];
    if (before.enabled !== after.enabled)
      lines.push(t('admin.orders.trail.enabled', { from: yesNo(before.enabled), to: yesNo(after.enabled) }));
    if (before.timeout_hours !== after.timeout_hours)
      lines.push(
        t('admin.orders.trail.timeout', { from: before.timeout_hours ?? '—', to: after.timeout_hours ?? '—' }),
      );
    if (before.instructions !== after.instructions) lines.push(t('admin.orders.trail.instructions'));
    if (lines.length === 0) return t('admin.orders.trail.unchanged');
    return lines.map((line) => <div key={line}>{line}</div>);
  };
  return (
    <section className="card ac-card">
      <SettingsTrail call={orderCalls.settingsAudit} describe={describe} testId="pay-trail" />
    </section>
  );
}
