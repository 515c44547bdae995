import { useEffect, useState } from 'react';
import { pointCalls } from '../../../../shared/calls/points';
import type { PointRule } from '../../../../shared/schemas/points';
import { POINTS_MAX } from '../../../../shared/schemas/points';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, LoadError } from '../../components/DataTable';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { RulesTrail } from './RulesTrail';

/** A number field's text as a whole number in range, or null. */
function wholeNumber(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value <= POINTS_MAX ? value : null;
}

type Draft = { rule: PointRule['rule']; enabled: boolean; points: string; limit: string };

/** The school's point rules: each on or off, its points and daily limit (0: none); saved together. */
export function RulesForm() {
  const t = useT();
  const rules = useCall(pointCalls.rules, {});
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    if (rules.data)
      setDrafts(
        rules.data.list.map((rule) => ({
          rule: rule.rule,
          enabled: rule.enabled,
          points: String(rule.points),
          limit: String(rule.daily_limit),
        })),
      );
  }, [rules.data]);
  const saved = rules.data?.list ?? [];
  const dirty =
    !!drafts &&
    drafts.some((draft, i) => {
      const rule = saved[i];
      return (
        !rule ||
        draft.enabled !== rule.enabled ||
        draft.points !== String(rule.points) ||
        draft.limit !== String(rule.daily_limit)
      );
    });
  useUnsavedChanges(dirty);
  if (rules.error && !rules.data) return <LoadError onRetry={() => void rules.mutate()} />;
  if (!drafts || !rules.data) return null;
  const minutes = rules.data.slot_minutes;
  const name = (rule: PointRule['rule']) => t(`admin.points.rule.${rule}`, { minutes });
  const set = (index: number, patch: Partial<Draft>) =>
    setDrafts(drafts.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const invalid = drafts.some((draft) => wholeNumber(draft.points) === null || wholeNumber(draft.limit) === null);

  const save = async () => {
    if (invalid) return toast(t('admin.points.invalid'));
    const list = drafts.map((draft) => ({
      rule: draft.rule,
      enabled: draft.enabled,
      points: wholeNumber(draft.points) ?? 0,
      daily_limit: wholeNumber(draft.limit) ?? 0,
    }));
    setBusy(true);
    const reply = await request(pointCalls.setRules, { body: { list } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.points.rulesSaved'));
    await rules.mutate(reply.data, { revalidate: false });
    setSaves((count) => count + 1);
  };

  return (
    <>
      <form
        className="pt-rules ac-stack"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        data-testid="point-rules"
      >
        <p className="ac-hint">{t('admin.points.rulesHint')}</p>
        <DataTable
          actions={false}
          columns={[
            t('admin.points.col.rule'),
            t('admin.points.col.enabled'),
            t('admin.points.col.points'),
            t('admin.points.col.limit'),
          ]}
        >
          {drafts.map((draft, index) => (
            <tr key={draft.rule} data-testid="point-rule" data-rule={draft.rule}>
              <td data-label={t('admin.points.col.rule')}>{name(draft.rule)}</td>
              <td data-label={t('admin.points.col.enabled')}>
                <input
                  type="checkbox"
                  aria-label={t('admin.points.enable', { rule: name(draft.rule) })}
                  checked={draft.enabled}
                  onChange={(event) => set(index, { enabled: event.target.checked })}
                  data-testid="rule-enabled"
                />
              </td>
              <td data-label={t('admin.points.col.points')}>
                <input
                  type="number"
                  min={0}
                  max={POINTS_MAX}
                  step={1}
                  aria-label={t('admin.points.pointsOf', { rule: name(draft.rule) })}
                  aria-invalid={wholeNumber(draft.points) === null || undefined}
                  value={draft.points}
                  onChange={(event) => set(index, { points: event.target.value })}
                  data-testid="rule-points"
                />
              </td>
              <td data-label={t('admin.points.col.limit')}>
                <input
                  type="number"
                  min={0}
                  max={POINTS_MAX}
                  step={1}
                  aria-label={t('admin.points.limitOf', { rule: name(draft.rule) })}
                  aria-invalid={wholeNumber(draft.limit) === null || undefined}
                  value={draft.limit}
                  onChange={(event) => set(index, { limit: event.target.value })}
                  data-testid="rule-limit"
                />
              </td>
            </tr>
          ))}
        </DataTable>
        <div className="ac-row-actions">
          {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
          <button type="submit" className="btn btn-primary" disabled={busy || !dirty} data-testid="save-point-rules">
            {t('admin.points.saveRules')}
          </button>
        </div>
      </form>
      <h3 className="ac-subtitle">{t('admin.points.trail')}</h3>
      <RulesTrail minutes={minutes} version={saves} />
    </>
  );
}
