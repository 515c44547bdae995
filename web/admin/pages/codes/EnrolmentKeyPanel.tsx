import { useEffect, useState } from 'react';
import { redeemCalls } from '../../../../shared/calls/redeem';
import { formatDate } from '../../../../shared/rules/dates';
import type { EnrolmentKey } from '../../../../shared/schemas/redeem';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Check, Field } from '../../components/Field';
import { useGroups } from '../../hooks/useCatalogue';
import { BatchTrail } from './BatchTrail';

interface KeyForm {
  secret: string;
  gids: string[];
  maxUses: string;
  startsOn: string;
  endsOn: string;
  enabled: boolean;
}

const day = (ms: number | null) => (ms === null ? '' : formatDate(ms, 'yyyy-MM-dd'));
const formOf = (key: EnrolmentKey | null): KeyForm => ({
  secret: key?.secret ?? '',
  gids: key?.gids ?? [],
  maxUses: key?.max_uses === null || key === null ? '' : String(key.max_uses),
  startsOn: day(key?.starts_at ?? null),
  endsOn: day(key?.ends_at ?? null),
  enabled: key?.enabled ?? true,
});

/**
 * The course editor's enrolment key (beside the learners): the secret students type on the course page, the
 * groups it is for, a number of uses, a window of days, on or off; its uses so far and its trail.
 */
export function EnrolmentKeyPanel({ coid }: { coid: string }) {
  const t = useT();
  const groups = useGroups();
  const current = useCall(redeemCalls.keyGet, { query: { coid } });
  const key = current.data?.key ?? null;
  const [form, setForm] = useState<KeyForm>(formOf(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [trailKey, setTrailKey] = useState(0);
  const change = (patch: Partial<KeyForm>) => setForm((value) => ({ ...value, ...patch }));

  useEffect(() => {
    if (current.data) setForm(formOf(current.data.key));
  }, [current.data]);

  const handleSave = async () => {
    setBusy(true);
    const reply = await request(redeemCalls.keySet, {
      body: {
        coid,
        secret: form.secret.trim(),
        gids: form.gids,
        max_uses: form.maxUses.trim() === '' ? null : Math.trunc(Number(form.maxUses)),
        starts_on: form.startsOn || null,
        ends_on: form.endsOn || null,
        enabled: form.enabled,
      },
    });
    setBusy(false);
    if (reply.status !== 'ok') {
      setErrors(fieldErrorsOf(reply));
      return toast(failureText(t, reply));
    }
    setErrors({});
    toast(t('admin.key.saved'));
    await current.mutate({ key: reply.data.key }, { revalidate: false });
    setTrailKey((value) => value + 1);
  };

  return (
    <section className="card ac-card" data-testid="enrolment-key">
      <h2 className="ac-subtitle">{t('admin.key.title')}</h2>
      <p className="ac-hint">
        {t('admin.key.hint')} {key ? t('admin.key.used', { used: key.used }) : t('admin.key.none')}
      </p>
      <form
        className="rc-key-form"
        onSubmit={(event) => {
          event.preventDefault();
          void handleSave();
        }}
      >
        <Field label={t('admin.key.secret')} name="secret" error={errors.secret}>
          <input
            value={form.secret}
            maxLength={64}
            required
            autoComplete="off"
            onChange={(event) => change({ secret: event.target.value })}
            data-testid="key-secret"
          />
        </Field>
        <Field label={t('admin.key.maxUses')} name="max_uses" error={errors.max_uses}>
          <input
            type="number"
            min={1}
            value={form.maxUses}
            onChange={(event) => change({ maxUses: event.target.value })}
            data-testid="key-max-uses"
          />
        </Field>
        <Field label={t('admin.key.startsOn')} name="starts_on" error={errors.starts_on}>
          <input type="date" value={form.startsOn} onChange={(event) => change({ startsOn: event.target.value })} />
        </Field>
        <Field label={t('admin.key.endsOn')} name="ends_on" error={errors.ends_on}>
          <input type="date" value={form.endsOn} onChange={(event) => change({ endsOn: event.target.value })} />
        </Field>
        <fieldset className="ac-fieldset" data-testid="key-groups">
          <legend className="ac-label">{t('admin.key.groups')}</legend>
          <div className="ac-checks">
            {groups.groups.map((group) => (
              <Check
                key={group.gid}
                label={group.name}
                checked={form.gids.includes(group.gid)}
                onChange={(on) =>
                  change({ gids: on ? [...form.gids, group.gid] : form.gids.filter((gid) => gid !== group.gid) })
                }
              />
            ))}
          </div>
        </fieldset>
        <Check label={t('admin.key.enabled')} checked={form.enabled} onChange={(on) => change({ enabled: on })} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="key-save">
            {t('admin.key.save')}
          </button>
        </div>
      </form>
      {key && <BatchTrail version={trailKey} id={key.id} />}
    </section>
  );
}
