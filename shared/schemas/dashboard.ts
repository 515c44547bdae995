/**
 * The student's control centre and rank (spec 2 'Dashboard (controller) children' controlle (default) and
 * rank; issue 18 'Student side'): GET dashboard/controller and GET dashboard/rank.
 */
import * as z from 'zod';
import { RANK_MEASURES, RANK_PERIODS } from '../rules/dashboard';
import { zExamItem } from './exams';
import { zRemaining, zTimeTips } from './mycourses';

/** How many items each list of the control centre shows (the full lists are one link away). */
export const CONTROL_LIST_MAX = 5;
/** How many students a rank's top list shows. */
export const RANK_TOP = 10;

/** Study time of one day (learn_days), seconds. */
export const zStudyDay = z.object({ day: z.string(), seconds: z.number().int() });

/** A course in progress with where to go on: the next chapter (shared/rules/dashboard nextToStudy). */
export const zCourseInProgress = z.object({
  coid: z.string(),
  code: z.string(),
  title: z.string(),
  img: z.string(),
  process: z.number().int(),
  complete_chapter: z.number().int(),
  total_chapter: z.number().int(),
  /** null: every chapter is complete, or the course has none (the link goes to the course page). */
  next: z.object({ cid: z.string(), learnType: z.string(), title: z.string() }).nullable(),
});

/** A required course or study plan (assigned to the student or a group of theirs) with its deadline. */
export const zRequiredCourse = z.object({
  coid: z.string(),
  code: z.string(),
  title: z.string(),
  /** spec 3 'Course' type: 3 is a study plan (its page is study/detail). */
  type: z.number().int(),
  process: z.number().int(),
  /** The last valid instant (ms), null when it never ends. */
  deadline: z.number().nullable(),
  remaining: zRemaining,
});

/** An almost-expiring course (spec 3 'Almost-expiring course', spec 4: 0 to 10 days left). */
export const zExpiringCourse = z.object({
  coid: z.string(),
  code: z.string(),
  title: z.string(),
  process: z.number().int(),
  expiry: z.number(),
  timeTips: zTimeTips,
});

export const zControlCentre = z.object({
  /** Today (yyyy-MM-dd, server time) and this week's days, Monday first, with the study time of each. */
  today: z.string(),
  week: z.object({ seconds: z.number().int(), days: z.array(zStudyDay) }),
  inProgress: z.object({ total: z.number().int(), list: z.array(zCourseInProgress) }),
  required: z.object({ total: z.number().int(), list: z.array(zRequiredCourse) }),
  exams: z.object({ total: z.number().int(), list: z.array(zExamItem) }),
  expiring: z.object({ total: z.number().int(), list: z.array(zExpiringCourse) }),
  /** The badges' counts (notice/unread). */
  unread: z.object({ notices: z.number().int(), announcements: z.number().int(), messages: z.number().int() }),
  /** The school shows students their rank (the student settings' ranking switch). */
  ranking: z.boolean(),
});
export type ControlCentre = z.infer<typeof zControlCentre>;

export const zRankPeriod = z.enum(RANK_PERIODS);
export const zRankMeasure = z.enum(RANK_MEASURES);

/** GET dashboard/rank: one period and measure; scope '' is the school, else one of the student's groups. */
export const zRankQuery = z.object({
  period: zRankPeriod.default('week'),
  by: zRankMeasure.default('time'),
  scope: z.union([z.literal(''), z.string().regex(/^\d{1,20}$/)]).default(''),
});
export type RankQuery = z.infer<typeof zRankQuery>;

/** The student's place in one scope: rank of how many, and their value (seconds or points). */
export const zRankPlace = z.object({ rank: z.number().int(), of: z.number().int(), value: z.number() });

export const zRankScope = z.object({
  /** '' for the school. */
  scope: z.string(),
  name: z.string(),
  time: zRankPlace,
  points: zRankPlace,
});

export const zRankRow = z.object({
  rank: z.number().int(),
  name: z.string(),
  value: z.number(),
  me: z.boolean(),
});

export const zRankReply = z.object({
  period: zRankPeriod,
  by: zRankMeasure,
  scope: z.string(),
  /** The period's first day ('' for all time). */
  from: z.string(),
  /** The student's place by study time and by points in the school and in each of their groups. */
  scopes: z.array(zRankScope),
  /** The top of the chosen scope and measure; `mine` is the student's own row (also when outside the top). */
  top: z.array(zRankRow),
  mine: zRankRow,
});
export type RankReply = z.infer<typeof zRankReply>;

/** Error strings of the dashboard calls. */
export const DASHBOARD_ERRORS = {
  /** 404: the school turned ranking off (student settings 'ranking'). */
  rankingOff: 'ranking is turned off',
} as const;
