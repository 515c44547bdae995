import type { PlanKindName, PlanStatus } from '../../../../shared/schemas/plans';
import { useT } from '../../../i18n';

/** The review state of a plan as a coloured badge. */
export function StatusBadge({ status }: { status: PlanStatus }) {
  const t = useT();
  return (
    <span className={`pl-status pl-status-${status}`} data-testid="plan-status" data-status={status}>
      {t(`admin.plans.status.${status}`)}
    </span>
  );
}

/** The kind of a plan in words. */
export function KindLabel({ kind }: { kind: PlanKindName }) {
  const t = useT();
  return <span data-kind={kind}>{t(`admin.plans.kind.${kind}`)}</span>;
}
