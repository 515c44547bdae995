import { useEffect, useState } from 'react';
import { informCalls } from '../../../shared/calls/inform';
import { request } from '../../api/client';
import { toast } from '../../components/feedback';
import { useCall } from '../../hooks/useCall';
import { useT } from '../../i18n';

/**
 * E-mail notices on my information page (issue 16 'inform'): the student turns e-mail for non-essential notices
 * off or on again (inform/optout). The box turns at once and turns back with a toast when the server refuses.
 */
export function NoticeEmailToggle() {
  const t = useT();
  const { data, mutate } = useCall(informCalls.optout, {}, { revalidateOnFocus: false });
  const [receive, setReceive] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setReceive(!data.optedOut);
  }, [data]);

  const handleChange = async (next: boolean) => {
    setReceive(next);
    setBusy(true);
    const reply = await request(informCalls.setOptout, { body: { optedOut: !next } });
    setBusy(false);
    if (reply.status !== 'ok') {
      setReceive(!next);
      toast(t('account.inform.failed', { error: reply.error }));
      return;
    }
    await mutate(reply.data, { revalidate: false });
    toast(t(next ? 'account.inform.on' : 'account.inform.off'));
  };

  return (
    <section className="card account-form" data-testid="inform-optout-card">
      <h2 className="section-title">{t('account.inform.title')}</h2>
      <label className="account-check">
        <input
          type="checkbox"
          checked={receive ?? false}
          disabled={receive === null || busy}
          onChange={(event) => void handleChange(event.target.checked)}
          data-testid="inform-receive-email"
        />{' '}
        {t('account.inform.receive')}
      </label>
      <p className="page-muted">{t('account.inform.hint')}</p>
    </section>
  );
}
