import { useEffect, useState } from 'react';
import { informCalls } from '../../../../shared/calls/inform';
import { LOCALES, type Locale } from '../../../../shared/constants';
import {
  INFORM_CHANNELS,
  INFORM_EMAIL_BODY_MAX,
  INFORM_EVENTS,
  INFORM_SMS_BODY_MAX,
  INFORM_SUBJECT_MAX,
  type InformChannel,
  type InformEvent,
  type Template,
} from '../../../../shared/schemas/inform';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Field } from '../../components/Field';
import { LOCALE_NAMES } from './InformSettingsForm';

/** The wording of each event per channel and language: the school's own or the built-in one, saved or reset. */
export function TemplatesSection() {
  const t = useT();
  const { data, mutate } = useCall(informCalls.templates, {}, { revalidateOnFocus: false });
  const [event, setEvent] = useState<InformEvent>('course.granted');
  const [channel, setChannel] = useState<InformChannel>('email');
  const [locale, setLocale] = useState<Locale>('zh-CN');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const current = data?.list.find((x) => x.event === event && x.channel === channel && x.locale === locale);
  useEffect(() => {
    setSubject(current?.subject ?? '');
    setBody(current?.body ?? '');
  }, [current]);

  const done = async (reply: Awaited<ReturnType<typeof request<typeof informCalls.templates>>>, text: string) => {
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    await mutate(reply.data, { revalidate: false });
    toast(text);
  };
  const key = { event, channel, locale };
  const handleSave = async () => {
    setBusy(true);
    await done(
      await request(informCalls.saveTemplate, { body: { ...key, subject, body } }),
      t('admin.inform.templates.saved'),
    );
  };
  const handleReset = async () => {
    setBusy(true);
    await done(await request(informCalls.resetTemplate, { body: key }), t('admin.inform.templates.saved'));
  };

  return (
    <section className="card ac-card" data-testid="inform-templates">
      <h2 className="section-title">{t('admin.inform.templates')}</h2>
      <div className="inform-template-keys">
        <label className="ac-label">
          {t('admin.inform.templates.event')}
          <select value={event} onChange={(e) => setEvent(e.target.value as InformEvent)} data-testid="template-event">
            {INFORM_EVENTS.map((x) => (
              <option key={x} value={x}>
                {t(`admin.inform.event.${x}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="ac-label">
          {t('admin.inform.templates.channel')}
          <select
            value={channel}
            onChange={(e) => setChannel(e.target.value as InformChannel)}
            data-testid="template-channel"
          >
            {INFORM_CHANNELS.map((x) => (
              <option key={x} value={x}>
                {t(`admin.inform.channel.${x}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="ac-label">
          {t('admin.inform.templates.locale')}
          <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)} data-testid="template-locale">
            {LOCALES.map((x) => (
              <option key={x} value={x}>
                {LOCALE_NAMES[x]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {current && <TemplateState template={current} />}
      {channel === 'email' && (
        <Field label={t('admin.inform.templates.subject')} name="subject" wide>
          <input
            value={subject}
            maxLength={INFORM_SUBJECT_MAX}
            onChange={(e) => setSubject(e.target.value)}
            data-testid="template-subject"
          />
        </Field>
      )}
      <Field label={t('admin.inform.templates.body')} name="body" wide>
        <textarea
          rows={channel === 'email' ? 8 : 3}
          value={body}
          maxLength={channel === 'email' ? INFORM_EMAIL_BODY_MAX : INFORM_SMS_BODY_MAX}
          onChange={(e) => setBody(e.target.value)}
          data-testid="template-body"
        />
      </Field>
      <div className="ac-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !body.trim()}
          onClick={() => void handleSave()}
          data-testid="template-save"
        >
          {t('admin.inform.templates.save')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy || !current?.custom}
          onClick={() => void handleReset()}
          data-testid="template-reset"
        >
          {t('admin.inform.templates.reset')}
        </button>
      </div>
    </section>
  );
}

function TemplateState({ template }: { template: Template }) {
  const t = useT();
  return (
    <p className="ac-muted" data-testid="template-state" data-custom={template.custom}>
      {t(template.custom ? 'admin.inform.templates.custom' : 'admin.inform.templates.builtIn')} ·{' '}
      {t('admin.inform.templates.placeholders', { list: template.placeholders.map((p) => `{${p}}`).join(' ') })}
    </p>
  );
}
