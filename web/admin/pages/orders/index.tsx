import { useState } from 'react';
import { useT } from '../../../i18n';
import { Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { InvoicesPanel } from './InvoicesPanel';
import { OrdersPanel } from './OrdersPanel';
import { PayAdminsPanel } from './PayAdminsPanel';
import { PaySettingsPanel } from './PaySettingsPanel';
import { PayTrailPanel } from './PayTrailPanel';

const TABS = [
  { key: 'orders', label: 'admin.orders.tab.orders' },
  { key: 'invoices', label: 'admin.orders.tab.invoices' },
  { key: 'settings', label: 'admin.orders.tab.settings' },
  { key: 'payAdmins', label: 'admin.orders.tab.payAdmins' },
  { key: 'trail', label: 'admin.orders.tab.trail' },
] as const;

/**
 * Orders (permission setting; issue 15 'Orders'): the order list with filters, totals and export, each order's
 * detail with its trail, confirm and cancel; invoice requests; the offline payment settings; pay administrators.
 */
export default function OrdersPage() {
  const t = useT();
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('orders');
  return (
    <div className="ac-page" data-testid="orders-page">
      <PageHeader title={t('admin.orders.title')}>
        <div className="orders-tabs">
          <Segmented label={t('admin.orders.title')} options={TABS} value={tab} onChange={(item) => setTab(item.key)} />
        </div>
      </PageHeader>
      {tab === 'orders' && <OrdersPanel />}
      {tab === 'invoices' && <InvoicesPanel />}
      {tab === 'settings' && <PaySettingsPanel />}
      {tab === 'payAdmins' && <PayAdminsPanel />}
      {tab === 'trail' && <PayTrailPanel />}
    </div>
  );
}
