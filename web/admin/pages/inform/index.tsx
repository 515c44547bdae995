import { informCalls } from '../../../../shared/calls/inform';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { LoadError } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { DeliveryLog } from './DeliveryLog';
import { InformSettingsForm } from './InformSettingsForm';
import { TemplatesSection } from './TemplatesSection';

/**
 * /inform (邮件与短信通知, permission setting; issue 16 'inform/*'): the school's SMTP server and SMS gateway with
 * their test buttons and the channels of each event, the wording of each notice, and the delivery log.
 */
export default function InformPage() {
  const t = useT();
  const settings = useCall(informCalls.settings, {}, { revalidateOnFocus: false });
  return (
    <div className="ac-page inform-page" data-testid="inform-page">
      <PageHeader title={t('admin.inform.title')} />
      {settings.error && !settings.data ? (
        <LoadError onRetry={() => void settings.mutate()} />
      ) : (
        settings.data && (
          <InformSettingsForm
            settings={settings.data}
            onSaved={(s) => void settings.mutate(s, { revalidate: false })}
          />
        )
      )}
      <TemplatesSection />
      <DeliveryLog />
    </div>
  );
}
