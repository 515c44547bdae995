import { useState } from 'react';
import { messageCalls } from '../../../../shared/calls/messages';
import { toast } from '../../../components/feedback';
import { MessagesView } from '../../../components/messages/MessagesView';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Check } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';

/**
 * /messages (学员私信, permission student; issue 16 private messages): the administrator's conversations with
 * the school's students, read and answered here on a desktop or a phone, with the unread count; and whether the
 * school's students may write to each other (off by default).
 */
export default function MessagesPage() {
  const t = useT();
  const unread = useCall(messageCalls.adminUnread, {});
  const setting = useCall(messageCalls.setting, {});
  const [busy, setBusy] = useState(false);

  const handleSetting = async (allowStudentMessages: boolean) => {
    if (busy) return;
    setBusy(true);
    const reply = await request(messageCalls.saveSetting, { body: { allowStudentMessages } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.messages.settingSaved'));
    await setting.mutate(reply.data, { revalidate: false });
  };

  return (
    <div className="ac-page" data-testid="messages-page">
      <PageHeader title={t('admin.messages.title')}>
        {unread.data && (
          <span
            className={`pm-unread${unread.data.noreadcount === 0 ? ' is-zero' : ''}`}
            data-testid="admin-unread"
            data-count={unread.data.noreadcount}
          >
            {t('admin.messages.unreadBadge', { n: unread.data.noreadcount })}
          </span>
        )}
      </PageHeader>
      <MessagesView side="admin" />
      <section className="card ac-card" aria-label={t('admin.messages.setting')}>
        {setting.data && (
          <Check
            label={t('admin.messages.setting')}
            hint={t('admin.messages.settingHint')}
            checked={setting.data.allowStudentMessages}
            onChange={(allow) => void handleSetting(allow)}
            name="allowStudentMessages"
          />
        )}
      </section>
    </div>
  );
}
