import { useEffect, useState } from 'react';
import { orderCalls } from '../../../../shared/calls/orders';
import { TIMEOUT_HOURS, type PaySettings } from '../../../../shared/schemas/orders';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { LoadError } from '../../components/DataTable';
import { Check, Field } from '../../components/Field';
import { RichTextEditor } from '../../components/RichTextEditor';

/** The school's offline payment: whether it takes orders, the instructions students see, the time to pay. */
export function PaySettingsPanel() {
  const t = useT();
  const saved = useCall(orderCalls.settings, {});
  const [form, setForm] = useState<PaySettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (saved.data && !form) setForm(saved.data);
  }, [saved.data, form]);

  if (saved.error && !saved.data) return <LoadError onRetry={() => void saved.mutate()} />;
  if (!form) return null;
  const handleSave = async () => {
    setBusy(true);
    const reply = await request(orderCalls.saveSettings, { body: form });
    setBusy(false);
    if (reply.status !== 'ok') return setError(failureText(t, reply));
    setError('');
    setForm(reply.data);
    await saved.mutate(reply.data, { revalidate: false });
    toast(t('admin.orders.settings.saved'));
  };
  return (
    <section className="card ac-card">
      <form
        className="ac-form"
        data-testid="pay-settings"
        onSubmit={(event) => {
          event.preventDefault();
          void handleSave();
        }}
      >
        <Check
          label={t('admin.orders.settings.enabled')}
          checked={form.enabled}
          onChange={(enabled) => setForm({ ...form, enabled })}
          name="enabled"
        />
        <RichTextEditor
          label={t('admin.orders.settings.instructions')}
          value={form.instructions}
          onChange={(instructions) => setForm((current) => (current ? { ...current, instructions } : current))}
          testId="pay-instructions"
        />
        <Field label={t('admin.orders.settings.timeout')} name="timeout">
          <input
            type="number"
            min={TIMEOUT_HOURS.min}
            max={TIMEOUT_HOURS.max}
            value={form.timeout_hours}
            onChange={(event) => setForm({ ...form, timeout_hours: Number(event.target.value) })}
          />
        </Field>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="pay-settings-save">
          {t('admin.orders.settings.save')}
        </button>
      </form>
    </section>
  );
}
