/**
 * Points (issue 15 'Points and credits', spec 7 Students points): how much an event earns under a school's
 * rule and its daily limit, the study-time slots a stretch of study crosses, and the week a day belongs to.
 * Pure: the server's points module and the pages use them.
 */

/** The rules a school sets (the same names as the point_rules table's). */
export const POINT_RULE_NAMES = ['studyTime', 'chapterDone', 'courseDone', 'examPassed', 'dailyFirst'] as const;
export type PointRuleName = (typeof POINT_RULE_NAMES)[number];

/** Why a ledger row was written: a rule, an administrator's clear, or an adjustment. */
export const POINT_REASONS = [...POINT_RULE_NAMES, 'clear', 'adjust'] as const;
export type PointReason = (typeof POINT_REASONS)[number];

/** studyTime earns its points for every this many minutes of study credited on one day. */
export const STUDY_SLOT_MINUTES = 10;
export const STUDY_SLOT_MS = STUDY_SLOT_MINUTES * 60_000;

export interface PointRuleSetting {
  rule: PointRuleName;
  points: number;
  /** The most the rule earns a student on one day (0: no limit). */
  dailyLimit: number;
  enabled: boolean;
}

/** What a school has before it sets anything: every rule off, with points worth offering. */
export const DEFAULT_POINT_RULES: Record<PointRuleName, Omit<PointRuleSetting, 'rule'>> = {
  studyTime: { points: 1, dailyLimit: 0, enabled: false },
  chapterDone: { points: 2, dailyLimit: 0, enabled: false },
  courseDone: { points: 10, dailyLimit: 0, enabled: false },
  examPassed: { points: 5, dailyLimit: 0, enabled: false },
  dailyFirst: { points: 1, dailyLimit: 0, enabled: false },
};

/**
 * The points one event earns: nothing when the rule is off or worth nothing, else its points, cut so the
 * day's sum for the rule stays within its daily limit (0: none).
 */
export function pointsEarned(setting: Omit<PointRuleSetting, 'rule'>, earnedToday: number): number {
  if (!setting.enabled || setting.points <= 0) return 0;
  if (setting.dailyLimit <= 0) return setting.points;
  return Math.max(0, Math.min(setting.points, setting.dailyLimit - earnedToday));
}

/**
 * The study-time slots (1-based: slot n is complete at n × slotMs of the day's study) that adding `addedMs`
 * to `beforeMs` completes. A day's first 10 minutes complete slot 1.
 */
export function slotsCrossed(beforeMs: number, addedMs: number, slotMs: number = STUDY_SLOT_MS): number[] {
  if (addedMs <= 0 || slotMs <= 0) return [];
  const from = Math.floor(Math.max(0, beforeMs) / slotMs);
  const to = Math.floor((Math.max(0, beforeMs) + addedMs) / slotMs);
  const slots: number[] = [];
  for (let n = from + 1; n <= to; n++) slots.push(n);
  return slots;
}

/** The ledger's ref of a study-time slot: the day and the slot ('2026-11-26#3'). */
export const studySlotRef = (day: string, slot: number) => `${day}#${slot}`;

/** The Monday (yyyy-MM-dd) of the week a day (yyyy-MM-dd) is in: 'this week' of the points pages. */
export function weekStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const back = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}
