import { useEffect, useState, type ChangeEvent } from 'react';
import { groupCalls } from '../../../../shared/calls/groups';
import { oidcCalls } from '../../../../shared/calls/oidc';
import type { OidcSettings, SaveOidcSettings } from '../../../../shared/schemas/oidc';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';

type Form = Omit<OidcSettings, 'clientSecretSet' | 'redirectUri'> & { clientSecret: string };
const MAPPED = ['username', 'name', 'email', 'phone', 'groups'] as const;
const SWITCHES = ['studentsRequired', 'staffAllowed', 'linkByUsername'] as const;

const formOf = (s: OidcSettings): Form => {
  const { clientSecretSet: _set, redirectUri: _uri, ...rest } = s;
  return { ...rest, clientSecret: '' };
};

/** The setting area's single sign-on screen (issue 19): the school's OpenID Connect provider, with Test discovery. */
export default function OidcPage() {
  const t = useT();
  const { data: settings, mutate } = useCall(oidcCalls.settings, {}, { revalidateOnFocus: false });
  const { data: groups } = useCall(groupCalls.student.list, {});
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setForm(settings ? formOf(settings) : null), [settings]);
  if (!settings || !form) return null;

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const text = (key: 'name' | 'issuer' | 'clientId' | 'scopes') => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    'data-testid': `oidc-${key}`,
  });
  const body = (): SaveOidcSettings => {
    const { clientSecret, ...rest } = form;
    return clientSecret ? { ...rest, clientSecret } : rest;
  };
  const handleSave = async () => {
    setBusy(true);
    const reply = await request(oidcCalls.saveSettings, { body: body() });
    setBusy(false);
    if (reply.status !== 'ok') {
      const byField = fieldErrorsOf(reply);
      setErrors(byField);
      if (Object.keys(byField).length === 0) toast(failureText(t, reply));
      return;
    }
    setErrors({});
    toast(t('admin.oidc.saved'));
    void mutate(reply.data, { revalidate: false });
  };
  const handleTest = async () => {
    setBusy(true);
    setTest(null);
    const reply = await request(oidcCalls.test, { body: form.issuer ? { issuer: form.issuer } : {} });
    setBusy(false);
    if (reply.status !== 'ok') return setTest({ ok: false, text: failureText(t, reply) });
    const r = reply.data;
    setTest({
      ok: r.ok,
      text: r.ok ? t('admin.oidc.testOk', { issuer: r.issuer }) : t('admin.oidc.testFailed', { reason: r.message }),
    });
  };
  const setRow = (i: number, patch: Partial<Form['groupMapping'][number]>) =>
    set(
      'groupMapping',
      form.groupMapping.map((x, j) => (j === i ? { ...x, ...patch } : x)),
    );

  return (
    <div className="ac-page oidc-page" data-testid="oidc-page">
      <PageHeader title={t('admin.oidc.title')} />
      <section className="card ac-card">
        <form className="ac-form" data-testid="oidc-form" onSubmit={(e) => (e.preventDefault(), void handleSave())}>
          <h2>{t('admin.oidc.provider')}</h2>
          <label className="ac-check">
            <input
              type="checkbox"
              checked={form.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
              data-testid="oidc-enabled"
            />{' '}
            {t('admin.oidc.enabled')}
          </label>
          <Field label={t('admin.oidc.name')} hint={t('admin.oidc.nameHint')} error={errors.name} name="name">
            <input {...text('name')} />
          </Field>
          <Field label={t('admin.oidc.issuer')} hint={t('admin.oidc.issuerHint')} error={errors.issuer} name="issuer">
            <input {...text('issuer')} placeholder="https://id.example.edu" />
          </Field>
          <Field label={t('admin.oidc.clientId')} error={errors.clientId} name="clientId">
            <input {...text('clientId')} />
          </Field>
          <Field
            label={t('admin.oidc.clientSecret')}
            hint={settings.clientSecretSet ? t('admin.oidc.clientSecretKeep') : undefined}
            error={errors.clientSecret}
            name="clientSecret"
          >
            <input
              type="password"
              autoComplete="new-password"
              value={form.clientSecret}
              onChange={(e) => set('clientSecret', e.target.value)}
              data-testid="oidc-clientSecret"
            />
          </Field>
          <Field label={t('admin.oidc.scopes')} error={errors.scopes} name="scopes">
            <input {...text('scopes')} />
          </Field>
          <Field label={t('admin.oidc.redirectUri')} name="redirectUri">
            <input readOnly value={settings.redirectUri} data-testid="oidc-redirectUri" />
          </Field>

          <h2>{t('admin.oidc.mapping')}</h2>
          {MAPPED.map((key) => (
            <Field key={key} label={t(`admin.oidc.map.${key}`)} name={`mapping.${key}`}>
              <input
                value={form.mapping[key]}
                onChange={(e) => set('mapping', { ...form.mapping, [key]: e.target.value })}
                data-testid={`oidc-map-${key}`}
              />
            </Field>
          ))}

          <h2>{t('admin.oidc.groupMapping')}</h2>
          <p className="ac-muted">{t('admin.oidc.groupMappingHint')}</p>
          {errors.groupMapping && (
            <p className="ac-error" role="alert">
              {errors.groupMapping}
            </p>
          )}
          {form.groupMapping.map((g, i) => (
            <div className="ldap-group-row" key={i}>
              <input
                aria-label={t('admin.oidc.claimValue')}
                value={g.claim}
                onChange={(e) => setRow(i, { claim: e.target.value })}
              />
              <select
                aria-label={t('admin.oidc.group')}
                value={g.gid}
                onChange={(e) => setRow(i, { gid: e.target.value })}
              >
                <option value="" />
                {(groups?.groups ?? []).map((group) => (
                  <option key={group.gid} value={group.gid}>
                    {group.name}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-small"
                onClick={() =>
                  set(
                    'groupMapping',
                    form.groupMapping.filter((_, j) => j !== i),
                  )
                }
              >
                {t('admin.oidc.remove')}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-small"
            onClick={() => set('groupMapping', [...form.groupMapping, { claim: '', gid: '' }])}
          >
            {t('admin.oidc.addGroupMap')}
          </button>

          <h2>{t('admin.oidc.rules')}</h2>
          {SWITCHES.map((key) => (
            <label className="ac-check" key={key}>
              <input
                type="checkbox"
                checked={form[key]}
                onChange={(e) => set(key, e.target.checked)}
                data-testid={`oidc-${key}`}
              />{' '}
              {t(`admin.oidc.${key}`)}
            </label>
          ))}

          <div className="ac-actions">
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="oidc-save">
              {t('admin.oidc.save')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void handleTest()}
              data-testid="oidc-test"
            >
              {t('admin.oidc.test')}
            </button>
          </div>
          {test && (
            <p
              className={test.ok ? 'ac-ok' : 'ac-error'}
              role="status"
              data-testid="oidc-test-result"
              data-ok={test.ok}
            >
              {test.text}
            </p>
          )}
        </form>
      </section>
    </div>
  );
}
