/**
 * Study credits (学分, issue 18 'my credits'; the rule in shared/rules/study-credits): what a student earned by
 * completing courses, for the student's credit page and the back office.
 */
import * as z from 'zod';
import { zId } from './common';

/** One course that gave credits: its title now, the credit earned (at the value of the moment) and when. */
export const zStudyCreditRow = z.object({
  coid: z.string(),
  /** The course's URL code (/course/{code}). */
  code: z.string(),
  title: z.string(),
  /** The credit earned, e.g. 2.5 (stored as tenths). */
  credit: z.number(),
  /** When the course was completed (ms). */
  at: z.number(),
});
export type StudyCreditRow = z.infer<typeof zStudyCreditRow>;

/** A student's study credits: the total and the courses that gave them, newest first. */
export const zStudyCredits = z.object({
  /** The sum, e.g. 7.5 (summed in tenths). */
  total: z.number(),
  list: z.array(zStudyCreditRow),
});
export type StudyCredits = z.infer<typeof zStudyCredits>;

/** GET student/creditdetail. */
export const zStudentCreditsQuery = z.object({ sid: zId });
export const zStudentCredits = zStudyCredits.extend({ sid: z.string(), username: z.string(), name: z.string() });
export type StudentCredits = z.infer<typeof zStudentCredits>;
