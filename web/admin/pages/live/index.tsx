import { useState } from 'react';
import { liveAdminCalls } from '../../../../shared/calls/live-admin';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { BillPanel } from './BillPanel';
import { LiveBanner } from './parts';
import { SessionsPanel } from './SessionsPanel';

const TABS = [
  { key: 'sessions', label: 'admin.live.tab.sessions' },
  { key: 'bill', label: 'admin.live.tab.bill' },
] as const;

/**
 * Live teaching (#/live; permission course; issue 17): the sessions of live courses with filters and
 * scheduling, each session's panel (#/live/:id), and the month's live use. A banner says when the live
 * server is not configured or down.
 */
export default function LivePage() {
  const t = useT();
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('sessions');
  const [creating, setCreating] = useState(false);
  const { data: options } = useCall(liveAdminCalls.options, {});
  return (
    <div className="ac-page" data-testid="live-page">
      <PageHeader title={t('admin.live.title')}>
        <Segmented label={t('admin.live.title')} options={TABS} value={tab} onChange={(item) => setTab(item.key)} />
        {tab === 'sessions' && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="live-new">
            {t('admin.live.new')}
          </button>
        )}
      </PageHeader>
      <LiveBanner state={options?.liveServer} />
      {tab === 'sessions' && <SessionsPanel creating={creating} onCreating={setCreating} />}
      {tab === 'bill' && <BillPanel />}
    </div>
  );
}
