/**
 * A school's point rules, kept in memory once read (per app), so the heartbeat asks a Map and no query when
 * a school's rules are off (the heartbeat bench's budget). Setting rules replaces the school's entry. One
 * process holds the memory: a second node would need a shared invalidation (architecture 20).
 */
import {
  DEFAULT_POINT_RULES,
  POINT_RULE_NAMES,
  type PointRuleName,
  type PointRuleSetting,
} from '../../../shared/rules/points';
import type { AppContext } from '../../context';
import * as repo from './points.repository';

export interface SchoolRules {
  byRule: Record<PointRuleName, PointRuleSetting>;
  /** True when at least one rule is on (worth a look at an event). */
  any: boolean;
}

const memory = new WeakMap<AppContext, Map<string, SchoolRules>>();

async function read(ctx: AppContext, schoolId: string): Promise<SchoolRules> {
  const set = new Map((await repo.findRules(ctx.db, schoolId)).map((row) => [row.rule, row]));
  const byRule = {} as Record<PointRuleName, PointRuleSetting>;
  for (const rule of POINT_RULE_NAMES) {
    const row = set.get(rule);
    byRule[rule] = row
      ? { rule, points: row.points, dailyLimit: row.dailyLimit, enabled: row.enabled }
      : { rule, ...DEFAULT_POINT_RULES[rule] };
  }
  const any = POINT_RULE_NAMES.some((rule) => byRule[rule].enabled && byRule[rule].points > 0);
  return { byRule, any };
}

/** The school's rules (defaults, off, for rules never set). */
export async function rulesOf(ctx: AppContext, schoolId: string): Promise<SchoolRules> {
  let schools = memory.get(ctx);
  if (!schools) {
    schools = new Map();
    memory.set(ctx, schools);
  }
  let rules = schools.get(schoolId);
  if (!rules) {
    rules = await read(ctx, schoolId);
    schools.set(schoolId, rules);
  }
  return rules;
}

/** Forgets a school's rules after they changed (the next event reads them again). */
export function forgetRules(ctx: AppContext, schoolId: string): void {
  memory.get(ctx)?.delete(schoolId);
}
