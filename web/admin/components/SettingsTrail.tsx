import { useEffect, useState, type ReactNode } from 'react';
import type { orderCalls } from '../../../shared/calls/orders';
import type { pointCalls } from '../../../shared/calls/points';
import { formatDate } from '../../../shared/rules/dates';
import type { SettingsTrail as Trail } from '../../../shared/schemas/orders';
import { useCall } from '../../hooks/useCall';
import { useT } from '../../i18n';
import { DataTable, LoadError } from './DataTable';
import { Pager } from './Pager';

const PAGE = 15;
export type TrailRow = Trail['list'][number];

/**
 * A school's settings trail (paysetting/audit, point/rules/audit): when, who, what changed, newest first, a
 * page at a time. `describe` words one row's change; `version` (bumped after a save) reads it again.
 */
export function SettingsTrail({
  call,
  describe,
  version = 0,
  testId,
}: {
  call: typeof orderCalls.settingsAudit | typeof pointCalls.rulesAudit;
  describe: (row: TrailRow) => ReactNode;
  version?: number;
  testId: string;
}) {
  const t = useT();
  const [page, setPage] = useState(1);
  const trail = useCall(call, { query: { page, num: PAGE } });
  const { mutate } = trail;
  useEffect(() => {
    if (version > 0) void mutate();
  }, [version, mutate]);
  if (trail.error && !trail.data) return <LoadError onRetry={() => void trail.mutate()} />;
  const data = trail.data;
  return (
    <div data-testid={testId}>
      <DataTable
        columns={[t('admin.trail.at'), t('admin.trail.by'), t('admin.trail.change')]}
        actions={false}
        empty={data ? t('admin.trail.empty') : null}
      >
        {data?.list.map((row) => (
          <tr key={row.id} data-testid="settings-trail-row" data-action={row.action}>
            <td data-label={t('admin.trail.at')}>{formatDate(row.at, 'yyyy-MM-dd HH:mm')}</td>
            <td data-label={t('admin.trail.by')}>{row.actor_name ?? t('admin.trail.gone')}</td>
            <td data-label={t('admin.trail.change')}>{describe(row)}</td>
          </tr>
        ))}
      </DataTable>
      {data && data.total > PAGE && <Pager page={page} num={PAGE} total={data.total} onPage={setPage} />}
    </div>
  );
}
