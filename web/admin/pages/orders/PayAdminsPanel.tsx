import { orderCalls } from '../../../../shared/calls/orders';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, LoadError, PersonCell } from '../../components/DataTable';

/** admins/payadminslist: who may confirm payments; the main account ticks sub-administrators on or off. */
export function PayAdminsPanel() {
  const t = useT();
  const list = useCall(orderCalls.payAdmins, {});
  if (list.error && !list.data) return <LoadError onRetry={() => void list.mutate()} />;
  const canChange = list.data?.can_change ?? false;
  // The box turns at once (optimistic) and turns back with a toast when the server refuses.
  const toggle = async (adminid: string, allow: boolean) => {
    const current = list.data;
    if (!current) return;
    const call = allow ? orderCalls.addPayAdmin : orderCalls.removePayAdmin;
    const optimisticData = {
      ...current,
      list: current.list.map((row) => (row.id === adminid ? { ...row, pay_admin: allow } : row)),
    };
    await list.mutate(
      async () => {
        const reply = await request(call, { body: { adminid } });
        if (reply.status === 'ok') return reply.data;
        toast(failureText(t, reply));
        return current;
      },
      { optimisticData, revalidate: false },
    );
  };
  return (
    <section className="card ac-card" data-testid="pay-admins">
      <p className="ac-muted">{canChange ? t('admin.orders.payAdmins.hint') : t('admin.orders.payAdmins.mainOnly')}</p>
      <DataTable columns={[t('admin.orders.col.username'), t('admin.orders.payAdmins.allow')]} actions={false}>
        {(list.data?.list ?? []).map((row) => (
          <tr key={row.id} data-testid="pay-admin-row" data-id={row.id}>
            <PersonCell label={t('admin.orders.col.username')} name={row.name} username={row.username} />
            <td data-label={t('admin.orders.payAdmins.allow')}>
              {row.main ? (
                <span className="ac-muted">{t('admin.orders.payAdmins.main')}</span>
              ) : (
                <input
                  type="checkbox"
                  aria-label={`${t('admin.orders.payAdmins.allow')}: ${row.name}`}
                  checked={row.pay_admin}
                  disabled={!canChange}
                  onChange={(event) => void toggle(row.id, event.target.checked)}
                />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
