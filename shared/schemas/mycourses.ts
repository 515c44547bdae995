/**
 * GET getstucourse (spec 7 'Student-side'): the signed-in student's own courses for the my-courses pages
 * (spec 2 mycourse, mycourse_m, dashboard controller/course), each a spec 3 'Course list item' (coid,
 * coid_title, img, timeTips, isExpire, isDelete, required_courses, process) plus what the page needs to show
 * and continue it.
 */
import * as z from 'zod';
import { zQueryNum, zQueryPage } from './common';

/** Most items a page may ask for. */
export const MY_COURSES_NUM_MAX = 50;
export const MY_COURSES_NUM_DEFAULT = 12;

/**
 * Which courses: all of them; those still to study ('learning': neither expired nor deleted); or the
 * expired ones. A deleted course appears only under 'all' (it can be neither studied nor renewed).
 */
export const MY_COURSES_TYPES = ['all', 'learning', 'expired'] as const;
export const zMyCoursesType = z.enum(MY_COURSES_TYPES);
export type MyCoursesType = z.infer<typeof zMyCoursesType>;

export const zMyCoursesQuery = z.object({
  page: zQueryPage,
  num: zQueryNum(MY_COURSES_NUM_MAX, MY_COURSES_NUM_DEFAULT),
  type: zMyCoursesType.default('all'),
});
export type MyCoursesQuery = z.infer<typeof zMyCoursesQuery>;

/** shared/rules/expiring TimeTips: a whole number of days, else hours, else minutes. */
export const zTimeTips = z.object({ unit: z.enum(['day', 'hour', 'minute']), amount: z.number().int().min(0) });

/** shared/rules/expiring Remaining: permanent, expired, or a time left. */
export const zRemaining = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('permanent') }),
  z.object({ kind: z.literal('expired') }),
  z.object({ kind: z.literal('left'), tips: zTimeTips }),
]);

/** How the student has the course. */
export const MY_COURSE_SOURCES = [
  'free',
  'buy',
  'obtain',
  'column',
  'admin',
  'plan',
  'studied',
  'key',
  'code',
  'order',
  'member',
] as const;

/** Where to continue: the chapter last studied and its learning page letter ('' for a graphic course's own text). */
export const zContinueAt = z.object({ cid: z.string(), learnType: z.string(), title: z.string() });

export const zMyCourse = z.object({
  coid: z.string(),
  /** The encoded course id of the course and learning pages' addresses. */
  code: z.string(),
  coid_title: z.string(),
  img: z.string(),
  /** spec 3 'Course' type (3 study plan, 4 graphic). */
  type: z.number().int(),
  source: z.enum(MY_COURSE_SOURCES),
  /** When the student got the course (enrolment, plan assignment or first study), ms. */
  addtime: z.number(),
  /** The last valid instant (ms, inclusive); null when the course never ends. */
  expiry: z.number().nullable(),
  remaining: zRemaining,
  /** spec 3 timeTips: the time left in whole units; null when permanent or expired. */
  timeTips: zTimeTips.nullable(),
  isExpire: z.boolean(),
  /** Deleted or taken down since the student got it. */
  isDelete: z.boolean(),
  /** A course of a study plan assigned to the student or one of the student's groups. */
  required_courses: z.boolean(),
  total_chapter: z.number().int(),
  complete_chapter: z.number().int(),
  /** Learning progress, percent 0..100. */
  process: z.number().int(),
  last_visit: z.number().nullable(),
  continueAt: zContinueAt.nullable(),
});
export type MyCourse = z.infer<typeof zMyCourse>;

export const zMyCoursesReply = z.object({
  total: z.number().int(),
  page: z.number().int(),
  num: z.number().int(),
  courselist: z.array(zMyCourse),
});
export type MyCoursesReply = z.infer<typeof zMyCoursesReply>;
