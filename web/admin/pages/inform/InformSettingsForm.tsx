import { useEffect, useState, type ChangeEvent } from 'react';
import { informCalls } from '../../../../shared/calls/inform';
import { LOCALES, type Locale } from '../../../../shared/constants';
import {
  INFORM_CHANNELS,
  INFORM_EVENTS,
  INFORM_SMS_HEADERS_MAX,
  type InformChannel,
  type InformSettings,
  type SaveInformSettings,
} from '../../../../shared/schemas/inform';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Field } from '../../components/Field';
import { INFORM_ERROR_KEYS } from './errors';
import { SmsFields } from './SmsFields';
import { TestButton } from './TestButton';

export type Form = Omit<InformSettings, 'smtp'> & {
  smtp: Omit<InformSettings['smtp'], 'passwordSet'> & { password: string };
};

export const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-gb': 'English (UK)' };

/** The notice settings: language and site address, SMTP with a test e-mail, the SMS gateway with a test SMS, channels. */
export function InformSettingsForm({
  settings,
  onSaved,
}: {
  settings: InformSettings;
  onSaved: (s: InformSettings) => void;
}) {
  const t = useT();
  const initial = (): Form => ({ ...settings, smtp: { ...settings.smtp, password: '' } });
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts again from each saved version.
  useEffect(() => setForm(initial()), [settings]);

  const reason = (error: string) => (INFORM_ERROR_KEYS[error] ? t(INFORM_ERROR_KEYS[error]) : error);
  const setSmtp = <K extends keyof Form['smtp']>(key: K, value: Form['smtp'][K]) =>
    setForm((f) => ({ ...f, smtp: { ...f.smtp, [key]: value } }));
  const smtpText = (key: 'host' | 'user' | 'from') => ({
    value: form.smtp[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setSmtp(key, e.target.value),
    'data-testid': `inform-smtp-${key}`,
  });
  const toggle = (event: (typeof INFORM_EVENTS)[number], channel: InformChannel, on: boolean) =>
    setForm((f) => {
      const now = new Set(f.channels[event] ?? []);
      if (on) now.add(channel);
      else now.delete(channel);
      return { ...f, channels: { ...f.channels, [event]: INFORM_CHANNELS.filter((c) => now.has(c)) } };
    });

  const handleCa = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setSmtp('caCert', await file.text());
  };
  const handleSave = async () => {
    setBusy(true);
    const { password, ...smtp } = form.smtp;
    const body: SaveInformSettings = {
      ...form,
      channels: form.channels as SaveInformSettings['channels'],
      smtp: password ? { ...smtp, password } : smtp,
    };
    const reply = await request(informCalls.saveSettings, { body });
    setBusy(false);
    if (reply.status !== 'ok') {
      const byField = fieldErrorsOf(reply);
      setErrors(Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, reason(v)])));
      toast(INFORM_ERROR_KEYS[reply.error] ? reason(reply.error) : failureText(t, reply));
      return;
    }
    setErrors({});
    toast(t('admin.inform.saved'));
    onSaved(reply.data);
  };

  return (
    <form
      className="ac-form inform-form"
      data-testid="inform-form"
      onSubmit={(e) => (e.preventDefault(), void handleSave())}
    >
      <section className="card ac-card">
        <h2 className="section-title">{t('admin.inform.general')}</h2>
        <Field label={t('admin.inform.locale')} name="locale">
          <select
            value={form.locale}
            onChange={(e) => setForm((f) => ({ ...f, locale: e.target.value as Locale }))}
            data-testid="inform-locale"
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('admin.inform.siteUrl')}
          hint={t('admin.inform.siteUrlHint')}
          error={errors.siteUrl}
          name="siteUrl"
        >
          <input
            value={form.siteUrl}
            maxLength={2000}
            placeholder="https://learn.example.edu"
            onChange={(e) => setForm((f) => ({ ...f, siteUrl: e.target.value }))}
            data-testid="inform-siteUrl"
          />
        </Field>
      </section>

      <section className="card ac-card" data-testid="inform-smtp">
        <h2 className="section-title">{t('admin.inform.smtp')}</h2>
        <Field label={t('admin.inform.smtp.host')} error={errors['smtp.host']} name="smtp.host">
          <input {...smtpText('host')} maxLength={253} placeholder="smtp.example.edu" />
        </Field>
        <Field label={t('admin.inform.smtp.port')} error={errors['smtp.port']} name="smtp.port">
          <input
            type="number"
            min={1}
            max={65535}
            value={form.smtp.port}
            onChange={(e) => setSmtp('port', Number(e.target.value))}
            data-testid="inform-smtp-port"
          />
        </Field>
        <Field label={t('admin.inform.smtp.security')} hint={t('admin.inform.smtp.securityHint')} name="smtp.security">
          <select
            value={form.smtp.security}
            onChange={(e) => setSmtp('security', e.target.value as Form['smtp']['security'])}
            data-testid="inform-smtp-security"
          >
            <option value="starttls">{t('admin.inform.smtp.security.starttls')}</option>
            <option value="tls">{t('admin.inform.smtp.security.tls')}</option>
          </select>
        </Field>
        <Field label={t('admin.inform.smtp.user')} error={errors['smtp.user']} name="smtp.user">
          <input {...smtpText('user')} maxLength={254} autoComplete="off" />
        </Field>
        <Field
          label={t('admin.inform.smtp.password')}
          hint={settings.smtp.passwordSet ? t('admin.inform.smtp.passwordKeep') : undefined}
          error={errors['smtp.password']}
          name="smtp.password"
        >
          <input
            type="password"
            autoComplete="new-password"
            maxLength={500}
            value={form.smtp.password}
            onChange={(e) => setSmtp('password', e.target.value)}
            data-testid="inform-smtp-password"
          />
        </Field>
        <Field label={t('admin.inform.smtp.from')} error={errors['smtp.from']} name="smtp.from">
          <input {...smtpText('from')} type="email" maxLength={254} placeholder="notices@example.edu" />
        </Field>
        <Field
          label={t('admin.inform.smtp.caCert')}
          hint={form.smtp.caCert ? t('admin.inform.smtp.caLoaded', { chars: form.smtp.caCert.length }) : undefined}
          name="smtp.caCert"
        >
          <input type="file" accept=".pem,.crt,.cer" onChange={(e) => void handleCa(e)} data-testid="inform-smtp-ca" />
        </Field>
        {form.smtp.caCert && (
          <button type="button" className="btn btn-small" onClick={() => setSmtp('caCert', '')}>
            {t('admin.inform.smtp.caClear')}
          </button>
        )}
        <TestButton kind="email" disabled={busy} />
      </section>

      <section className="card ac-card" data-testid="inform-sms">
        <h2 className="section-title">{t('admin.inform.sms')}</h2>
        <SmsFields
          sms={form.sms}
          errors={errors}
          maxHeaders={INFORM_SMS_HEADERS_MAX}
          onChange={(sms) => setForm((f) => ({ ...f, sms }))}
        />
        <TestButton kind="sms" disabled={busy} />
      </section>

      <section className="card ac-card">
        <h2 className="section-title">{t('admin.inform.channels')}</h2>
        <div className="ac-table-wrap">
          <table className="ac-table inform-channels" data-testid="inform-channels">
            <thead>
              <tr>
                <th>{t('admin.inform.channels.event')}</th>
                {INFORM_CHANNELS.map((channel) => (
                  <th key={channel}>{t(`admin.inform.channel.${channel}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {INFORM_EVENTS.map((event) => (
                <tr key={event} data-event={event}>
                  <td>{t(`admin.inform.event.${event}`)}</td>
                  {INFORM_CHANNELS.map((channel) => (
                    <td key={channel} data-label={t(`admin.inform.channel.${channel}`)}>
                      <input
                        type="checkbox"
                        aria-label={`${t(`admin.inform.event.${event}`)} · ${t(`admin.inform.channel.${channel}`)}`}
                        checked={form.channels[event]?.includes(channel) ?? false}
                        onChange={(e) => toggle(event, channel, e.target.checked)}
                        data-testid={`inform-channel-${event}-${channel}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="ac-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="inform-save">
          {t('admin.inform.save')}
        </button>
      </div>
    </form>
  );
}
