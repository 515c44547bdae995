import { pointCalls } from '../../../../shared/calls/points';
import type { PointRule } from '../../../../shared/schemas/points';
import { useT } from '../../../i18n';
import { SettingsTrail, type TrailRow } from '../../components/SettingsTrail';

/** The change history of the point rules (point/rules/audit): each changed rule, before and after. */
export function RulesTrail({ minutes, version }: { minutes: number; version: number }) {
  const t = useT();
  const state = (rule: PointRule | undefined) =>
    rule
      ? t('admin.points.trail.state', {
          points: rule.points,
          limit: rule.daily_limit,
          on: t(rule.enabled ? 'admin.points.trail.on' : 'admin.points.trail.off'),
        })
      : '—';
  const describe = (row: TrailRow) => {
    const before = new Map(((row.before ?? []) as PointRule[]).map((rule) => [rule.rule, rule]));
    const changed = ((row.after ?? []) as PointRule[]).filter((rule) => {
      const was = before.get(rule.rule);
      return !was || was.points !== rule.points || was.daily_limit !== rule.daily_limit || was.enabled !== rule.enabled;
    });
    if (changed.length === 0) return t('admin.points.trail.unchanged');
    return changed.map((rule) => (
      <div key={rule.rule}>
        {t('admin.points.trail.rule', {
          rule: t(`admin.points.rule.${rule.rule}`, { minutes }),
          from: state(before.get(rule.rule)),
          to: state(rule),
        })}
      </div>
    ));
  };
  return <SettingsTrail call={pointCalls.rulesAudit} describe={describe} version={version} testId="rules-trail" />;
}
