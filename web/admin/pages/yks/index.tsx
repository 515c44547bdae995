import { useEffect, useState } from 'react';
import { yksCalls } from '../../../../shared/calls/yks';
import type { MessageKey } from '../../../../shared/i18n';
import { YKS_ALGS, YKS_ERRORS, type YksSettings } from '../../../../shared/schemas/yks';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Check, Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { useAdminProfile } from '../../../hooks/useAdminProfile';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';

const ERROR_KEYS: Record<string, MessageKey> = {
  [YKS_ERRORS.secretRequired]: 'admin.yks.error.secretRequired',
  [YKS_ERRORS.badKey]: 'admin.yks.error.badKey',
  [YKS_ERRORS.originRequired]: 'admin.yks.error.originRequired',
};

type Form = Omit<YksSettings, 'secretSet' | 'origins'> & { origins: string; secret: string };

const toForm = (s: YksSettings): Form => {
  const { secretSet: _set, ...rest } = s;
  return { ...rest, origins: s.origins.join('\n'), secret: '' };
};

/**
 * /yks (issue 19 'yks mode, complete'): the school's exam platform: its sign-in address, the origins that may
 * embed the pages and exchange window messages, and how its assertions are signed (an HS256 shared secret,
 * kept encrypted and never shown again, or an RS256 / ES256 public key).
 */
export default function YksPage() {
  const t = useT();
  const { data: profile } = useAdminProfile();
  const { data, mutate } = useCall(yksCalls.settings, {});
  const [form, setForm] = useState<Form | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setForm(toForm(data));
  }, [data]);
  const dirty = !!form && !!data && JSON.stringify(form) !== JSON.stringify(toForm(data));
  useUnsavedChanges(dirty);
  if (!form || !data) return <div className="ac-page" data-testid="yks-page" />;
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });

  const save = async () => {
    setBusy(true);
    const origins = form.origins
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const reply = await request(yksCalls.saveSettings, {
      body: { ...form, origins, secret: form.secret || undefined },
    });
    setBusy(false);
    if (reply.status !== 'ok') {
      const key = ERROR_KEYS[reply.error];
      return toast(key ? t(key) : failureText(t, reply));
    }
    toast(t('admin.common.saved'));
    await mutate(reply.data, { revalidate: false });
  };

  return (
    <div className="ac-page" data-testid="yks-page">
      <PageHeader title={t('admin.yks.title')} />
      <form
        className="card ac-card ac-stack"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Check
          label={t('admin.yks.enabled')}
          checked={form.enabled}
          onChange={(enabled) => set({ enabled })}
          name="enabled"
        />
        <Field label={t('admin.yks.loginUrl')} hint={t('admin.yks.loginUrlHint')} name="loginUrl">
          <input type="url" value={form.loginUrl} maxLength={500} onChange={(e) => set({ loginUrl: e.target.value })} />
        </Field>
        <Field label={t('admin.yks.origins')} hint={t('admin.yks.originsHint')} name="origins">
          <textarea rows={3} value={form.origins} onChange={(e) => set({ origins: e.target.value })} />
        </Field>
        <Field label={t('admin.yks.issuer')} name="issuer">
          <input value={form.issuer} maxLength={200} onChange={(e) => set({ issuer: e.target.value })} />
        </Field>
        <Field label={t('admin.yks.alg')} name="alg">
          <select value={form.alg} onChange={(e) => set({ alg: e.target.value as Form['alg'] })}>
            {YKS_ALGS.map((alg) => (
              <option key={alg} value={alg}>
                {alg}
              </option>
            ))}
          </select>
        </Field>
        {form.alg === 'HS256' ? (
          <Field
            label={t('admin.yks.secret')}
            hint={data.secretSet ? t('admin.yks.secretKeep') : undefined}
            name="secret"
          >
            <input
              type="password"
              autoComplete="new-password"
              value={form.secret}
              maxLength={500}
              onChange={(e) => set({ secret: e.target.value })}
            />
          </Field>
        ) : (
          <Field label={t('admin.yks.publicKey')} name="publicKey">
            <textarea rows={6} value={form.publicKey} onChange={(e) => set({ publicKey: e.target.value })} />
          </Field>
        )}
        {profile && (
          <p className="ac-hint" data-testid="yks-audience">
            {t('admin.yks.audience', { uid: profile.school.hashUID })}
          </p>
        )}
        <div className="ac-row-actions">
          {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
          <button type="submit" className="btn btn-primary" disabled={busy || !dirty} data-testid="save-yks">
            {t('admin.common.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
