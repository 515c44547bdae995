import { useEffect, useState, type ChangeEvent } from 'react';
import { groupCalls } from '../../../../shared/calls/groups';
import { studentFieldCalls } from '../../../../shared/calls/student-fields';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { ldapCalls } from '../../../../shared/calls/ldap';
import type { LdapSettings, SaveLdapSettings } from '../../../../shared/schemas/ldap';
import { request } from '../../../api/client';
import { LDAP_ERROR_KEYS } from './errors';
import { Field } from '../../components/Field';

type Form = Omit<LdapSettings, 'bindPasswordSet'> & { bindPassword: string };

/** The directory settings form with Test connection (LDAP, lan release). */
export function LdapSettingsForm({
  settings,
  onSaved,
}: {
  settings: LdapSettings;
  onSaved: (s: LdapSettings) => void;
}) {
  const t = useT();
  const { data: groups } = useCall(groupCalls.student.list, {});
  const { data: fields } = useCall(studentFieldCalls.list, {});
  const [form, setForm] = useState<Form>({ ...settings, bindPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setForm({ ...settings, bindPassword: '' }), [settings]);

  const reason = (error: string) => (LDAP_ERROR_KEYS[error] ? t(LDAP_ERROR_KEYS[error]) : error);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'url' | 'bindDN' | 'baseDN' | 'userFilter' | 'loginAttribute' | 'schedule') => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    'data-testid': `ldap-${key}`,
  });
  const body = (): SaveLdapSettings => {
    const { bindPassword, ...rest } = form;
    return bindPassword ? { ...rest, bindPassword } : rest;
  };

  const handleCa = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) set('caCert', await file.text());
  };
  const handleSave = async () => {
    setBusy(true);
    const reply = await request(ldapCalls.saveSettings, { body: body() });
    setBusy(false);
    if (reply.status !== 'ok') {
      const byField = fieldErrorsOf(reply);
      setErrors(Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, reason(v)])));
      if (Object.keys(byField).length === 0)
        toast(LDAP_ERROR_KEYS[reply.error] ? reason(reply.error) : failureText(t, reply));
      return;
    }
    setErrors({});
    toast(t('admin.ldap.saved'));
    onSaved(reply.data);
  };
  const handleTest = async () => {
    setBusy(true);
    setTest(null);
    const reply = await request(ldapCalls.test, { body: body() });
    setBusy(false);
    if (reply.status !== 'ok') return setTest({ ok: false, text: failureText(t, reply) });
    const r = reply.data;
    setTest(
      r.ok
        ? { ok: true, text: t('admin.ldap.testOk', { count: r.sample }) }
        : { ok: false, text: t('admin.ldap.testFailed', { reason: reason(r.message) }) },
    );
  };

  const mapping = form.mapping;
  const setMap = (key: 'username' | 'name' | 'email' | 'phone', value: string) =>
    set('mapping', { ...mapping, [key]: value });
  return (
    <form
      className="ac-form ldap-form"
      data-testid="ldap-form"
      onSubmit={(e) => (e.preventDefault(), void handleSave())}
    >
      <h2>{t('admin.ldap.connection')}</h2>
      <label className="ac-check">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
          data-testid="ldap-enabled"
        />{' '}
        {t('admin.ldap.enabled')}
      </label>
      <Field label={t('admin.ldap.url')} hint={t('admin.ldap.urlHint')} error={errors.url} name="url">
        <input {...text('url')} placeholder="ldaps://ldap.example.edu:636" />
      </Field>
      <label className="ac-check">
        <input
          type="checkbox"
          checked={form.startTLS}
          onChange={(e) => set('startTLS', e.target.checked)}
          data-testid="ldap-startTLS"
        />{' '}
        {t('admin.ldap.startTLS')}
      </label>
      <label className="ac-check">
        <input
          type="checkbox"
          checked={form.verifyCert}
          onChange={(e) => set('verifyCert', e.target.checked)}
          data-testid="ldap-verifyCert"
        />{' '}
        {t('admin.ldap.verifyCert')}
      </label>
      <Field
        label={t('admin.ldap.caCert')}
        hint={form.caCert ? t('admin.ldap.caLoaded', { chars: form.caCert.length }) : undefined}
        name="caCert"
      >
        <input type="file" accept=".pem,.crt,.cer" onChange={(e) => void handleCa(e)} data-testid="ldap-caCert" />
      </Field>
      {form.caCert && (
        <button type="button" className="btn btn-small" onClick={() => set('caCert', '')}>
          {t('admin.ldap.caClear')}
        </button>
      )}
      <Field label={t('admin.ldap.bindDN')} error={errors.bindDN} name="bindDN">
        <input {...text('bindDN')} placeholder="cn=reader,dc=example,dc=edu" />
      </Field>
      <Field
        label={t('admin.ldap.bindPassword')}
        hint={settings.bindPasswordSet ? t('admin.ldap.bindPasswordKeep') : undefined}
        name="bindPassword"
      >
        <input
          type="password"
          autoComplete="new-password"
          value={form.bindPassword}
          onChange={(e) => set('bindPassword', e.target.value)}
          data-testid="ldap-bindPassword"
        />
      </Field>
      <Field label={t('admin.ldap.baseDN')} error={errors.baseDN} name="baseDN">
        <input {...text('baseDN')} placeholder="ou=people,dc=example,dc=edu" />
      </Field>
      <Field label={t('admin.ldap.userFilter')} error={errors.userFilter} name="userFilter">
        <input {...text('userFilter')} />
      </Field>
      <Field label={t('admin.ldap.loginAttribute')} error={errors.loginAttribute} name="loginAttribute">
        <input {...text('loginAttribute')} />
      </Field>

      <h2>{t('admin.ldap.mapping')}</h2>
      {(['username', 'name', 'email', 'phone'] as const).map((key) => (
        <Field key={key} label={t(`admin.ldap.map.${key}`)} name={`mapping.${key}`}>
          <input value={mapping[key]} onChange={(e) => setMap(key, e.target.value)} data-testid={`ldap-map-${key}`} />
        </Field>
      ))}
      {(fields?.fields ?? []).map((f) => (
        <Field key={f.sfid} label={f.name} name={`mapping.fields.${f.sfid}`}>
          <input
            value={mapping.fields[f.sfid] ?? ''}
            onChange={(e) => {
              const next = { ...mapping.fields };
              if (e.target.value.trim()) next[f.sfid] = e.target.value.trim();
              else delete next[f.sfid];
              set('mapping', { ...mapping, fields: next });
            }}
          />
        </Field>
      ))}

      <h2>{t('admin.ldap.groupMapping')}</h2>
      <p className="ac-muted">{t('admin.ldap.groupMappingHint')}</p>
      {errors.groupMapping && (
        <p className="ac-error" role="alert">
          {errors.groupMapping}
        </p>
      )}
      {form.groupMapping.map((g, i) => (
        <div className="ldap-group-row" key={i}>
          <input
            aria-label={t('admin.ldap.groupDN')}
            value={g.ldap}
            onChange={(e) =>
              set(
                'groupMapping',
                form.groupMapping.map((x, j) => (j === i ? { ...x, ldap: e.target.value } : x)),
              )
            }
          />
          <select
            aria-label={t('admin.ldap.group')}
            value={g.gid}
            onChange={(e) =>
              set(
                'groupMapping',
                form.groupMapping.map((x, j) => (j === i ? { ...x, gid: e.target.value } : x)),
              )
            }
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
            {t('admin.ldap.remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => set('groupMapping', [...form.groupMapping, { ldap: '', gid: '' }])}
      >
        {t('admin.ldap.addGroupMap')}
      </button>

      <h2>{t('admin.ldap.sync')}</h2>
      <Field
        label={t('admin.ldap.schedule')}
        hint={t('admin.ldap.scheduleHint')}
        error={errors.schedule}
        name="schedule"
      >
        <input {...text('schedule')} placeholder="0 2 * * *" />
      </Field>
      <Field label={t('admin.ldap.disableCap')} name="disableCap">
        <input
          type="number"
          min={0}
          value={form.disableCap}
          onChange={(e) => set('disableCap', Number(e.target.value))}
          data-testid="ldap-disableCap"
        />
      </Field>

      <div className="ac-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="ldap-save">
          {t('admin.ldap.save')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void handleTest()} data-testid="ldap-test">
          {t('admin.ldap.test')}
        </button>
      </div>
      {test && (
        <p className={test.ok ? 'ac-ok' : 'ac-error'} role="status" data-testid="ldap-test-result" data-ok={test.ok}>
          {test.text}
        </p>
      )}
    </form>
  );
}
