/**
 * Points and credits (issue 15 item 7; spec 7 Students points, pointdetail, clearpoint; spec 2 mypoints_m and
 * the dashboard's credit): the school's rules, the students' totals, a ledger and the clear.
 */
import * as z from 'zod';
import { POINT_REASONS, POINT_RULE_NAMES } from '../rules/points';
import { zId, zQueryNum, zQueryPage } from './common';

/** Most rows one page of a points list holds. */
export const POINTS_PAGE_MAX = 100;
/** Most students one clear names. */
export const POINTS_CLEAR_MAX = 1000;
/** The most points one event may earn, and the highest daily limit. */
export const POINTS_MAX = 100_000;

export const POINT_ERRORS = {
  duplicateRule: 'a rule is named twice',
  notStudent: 'not a student of this school',
} as const;

/** A rule as the back office reads and sets it. */
export const zPointRule = z.object({
  rule: z.enum(POINT_RULE_NAMES),
  points: z.number().int().min(0).max(POINTS_MAX),
  /** The most the rule earns a student in one day (0: no limit). */
  daily_limit: z.number().int().min(0).max(POINTS_MAX),
  enabled: z.boolean(),
});
export type PointRule = z.infer<typeof zPointRule>;

/** GET point/rules: every rule (defaults, off, for the ones never set) and the study-time slot in minutes. */
export const zPointRules = z.object({ list: z.array(zPointRule), slot_minutes: z.number().int() });

/** POST point/rules: the rules to change (the others stay as they are). */
export const zSetPointRules = z.object({
  list: z
    .array(zPointRule)
    .min(1)
    .max(POINT_RULE_NAMES.length)
    .refine((list) => new Set(list.map((r) => r.rule)).size === list.length, POINT_ERRORS.duplicateRule),
});

/** GET student/points. */
export const zStudentPointsQuery = z.object({
  keyword: z.string().trim().max(50).default(''),
  page: zQueryPage,
  num: zQueryNum(POINTS_PAGE_MAX),
});

/** A student with their points: total (the ledger's sum) and this week's earnings (Monday on). */
export const zStudentPoints = z.object({
  sid: z.string(),
  username: z.string(),
  name: z.string(),
  points: z.number().int(),
  week: z.number().int(),
});
export type StudentPoints = z.infer<typeof zStudentPoints>;
export const zStudentPointsList = z.object({ total: z.number().int(), list: z.array(zStudentPoints) });

/** One ledger row: the change, why (reason and what for, in words by the page), when and by whom. */
export const zPointRow = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.enum(POINT_REASONS),
  ref: z.string(),
  /** The chapter, course or exam the row was for (its title now), null for the others or when it is gone. */
  title: z.string().nullable(),
  day: z.string(),
  at: z.number(),
  /** The administrator who made the row (a clear), null for points earned. */
  actor_name: z.string().nullable(),
});
export type PointRow = z.infer<typeof zPointRow>;

/** A student's points and one page of their ledger, newest first. */
export const zPointLedger = z.object({
  points: z.number().int(),
  week: z.number().int(),
  total: z.number().int(),
  list: z.array(zPointRow),
});
export type PointLedger = z.infer<typeof zPointLedger>;

/** GET student/pointdetail. */
export const zPointDetailQuery = z.object({ sid: zId, page: zQueryPage, num: zQueryNum(POINTS_PAGE_MAX) });
export const zPointDetail = zPointLedger.extend({ sid: z.string(), username: z.string(), name: z.string() });

/** GET mypoints. */
export const zMyPointsQuery = z.object({ page: zQueryPage, num: zQueryNum(POINTS_PAGE_MAX) });

/** POST student/clearpoint. */
export const zClearPoints = z.object({ sids: z.array(zId).min(1).max(POINTS_CLEAR_MAX) });
/** How many students had points to clear, and how many points went. */
export const zClearResult = z.object({ cleared: z.number().int(), points: z.number().int() });
