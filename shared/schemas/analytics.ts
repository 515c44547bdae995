/**
 * The back office's analytics (issue 18 'Back office analytics'; spec 7 'analysis and dashboard statistics'):
 * the overview of a period beside the previous one, a course's funnel, a group's and a student's study.
 * Times are ms of effective study; days are yyyy-MM-dd (the server's time zone).
 */
import * as z from 'zod';
import { PERIOD_MAX_DAYS } from '../rules/analytics';
import { zId, zQueryNum, zQueryPage } from './common';

export const INACTIVE_DAYS_DEFAULT = 7;
export const INACTIVE_PAGE_MAX = 100;
/** Most rows an export writes. */
export const ANALYTICS_EXPORT_MAX = 50_000;

export const ANALYTICS_ERRORS = { period: 'not a valid period' } as const;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be yyyy-MM-dd');

/** The period: the last `days` days, or from–to (both, inclusive). */
export const zPeriodQuery = z.object({
  days: z.coerce.number().int().min(1).max(PERIOD_MAX_DAYS).default(30),
  from: zDay.optional(),
  to: zDay.optional(),
});

export const zOverviewQuery = zPeriodQuery.extend({
  idle: z.coerce.number().int().min(1).max(3650).default(INACTIVE_DAYS_DEFAULT),
});
export const zInactiveQuery = z.object({
  idle: z.coerce.number().int().min(1).max(3650).default(INACTIVE_DAYS_DEFAULT),
  page: zQueryPage,
  num: zQueryNum(INACTIVE_PAGE_MAX, 20),
});
export const zCourseQuery = zPeriodQuery.extend({ coid: zId });
export const zGroupQuery = zPeriodQuery.extend({ gid: zId });
export const zStudentQuery = zPeriodQuery.extend({ sid: zId });

const zPeriod = z.object({
  from: z.string(),
  to: z.string(),
  prevFrom: z.string(),
  prevTo: z.string(),
  length: z.number(),
});

/** One day of a period with the same day of the previous period. */
const zDayPoint = z.object({
  day: z.string(),
  active: z.number(),
  ms: z.number(),
  prevDay: z.string(),
  prevActive: z.number(),
  prevMs: z.number(),
});

const zTotals = z.object({
  ms: z.number(),
  /** Average students studying a day. */
  activeAvg: z.number(),
  enrolments: z.number(),
  completions: z.number(),
  sittings: z.number(),
  passed: z.number(),
  passRate: z.number().nullable(),
});

export const zCourseRank = z.object({
  coid: z.string(),
  title: z.string(),
  learners: z.number(),
  completed: z.number(),
  rate: z.number(),
});

const zInactiveStudent = z.object({
  sid: z.string(),
  name: z.string(),
  username: z.string(),
  /** The last day studied, null: never. */
  lastDay: z.string().nullable(),
});

export const zInactiveList = z.object({ idle: z.number(), total: z.number(), students: z.array(zInactiveStudent) });

export const zOverview = z.object({
  period: zPeriod,
  /**
   * true: figures of the administrator's categories' courses only; a day's active students are then summed over
   * those courses (a student who studied two of them that day counts twice).
   */
  scoped: z.boolean(),
  days: z.array(zDayPoint),
  current: zTotals,
  previous: zTotals,
  courses: z.object({ top: z.array(zCourseRank), bottom: z.array(zCourseRank) }),
  /** Groups by their members' study time in the period; members: how many the group has now. */
  groups: z.array(z.object({ gid: z.string(), name: z.string(), ms: z.number(), members: z.number() })),
  inactive: zInactiveList,
});
export type Overview = z.infer<typeof zOverview>;

export const zCourseList = z.object({ courses: z.array(zCourseRank) });

export const zCourseAnalytics = z.object({
  period: zPeriod,
  course: zCourseRank,
  days: z.array(zDayPoint),
  /** The studied chapters in course order: where learners drop out. */
  funnel: z.array(
    z.object({
      cid: z.string(),
      title: z.string(),
      type: z.number(),
      started: z.number(),
      finished: z.number(),
      /** Average study time of those who started (ms), and the chapter's media length (s, 0 when none). */
      avgMs: z.number(),
      durationSec: z.number(),
      questions: z.number(),
    }),
  ),
  ratings: z.object({ count: z.number(), average: z.number().nullable(), stars: z.array(z.number()) }),
  questions: z.number(),
});
export type CourseAnalytics = z.infer<typeof zCourseAnalytics>;

const zStudyRow = z.object({
  courses: z.number(),
  completed: z.number(),
  /** Study time in the period (ms), and in all (course records). */
  periodMs: z.number(),
  totalMs: z.number(),
  lastDay: z.string().nullable(),
});

export const zGroupAnalytics = z.object({
  period: zPeriod,
  group: z.object({ gid: z.string(), name: z.string() }),
  members: z.array(zStudyRow.extend({ sid: z.string(), name: z.string(), username: z.string() })),
});
export type GroupAnalytics = z.infer<typeof zGroupAnalytics>;

export const zStudentAnalytics = z.object({
  period: zPeriod,
  student: z.object({ sid: z.string(), name: z.string(), username: z.string() }),
  days: z.array(z.object({ day: z.string(), ms: z.number() })),
  courses: z.array(
    z.object({
      coid: z.string(),
      title: z.string(),
      process: z.number(),
      effMs: z.number(),
      completedAt: z.number().nullable(),
      lastVisitAt: z.number(),
    }),
  ),
});
export type StudentAnalytics = z.infer<typeof zStudentAnalytics>;
