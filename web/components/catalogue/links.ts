/** Addresses of the catalogue's screens (spec 2 routes). */
import { COURSE_TYPE } from '../../../shared/rules/course-buttons';

/** A course card's page: the live page /live/{hashUID}/{coid}.html for a live course (type 1), else /course/{code}. */
export function courseHref(course: { type: number; coid: string; code: string }, hashUID: string): string {
  return Number(course.type) === COURSE_TYPE.live ? `/live/${hashUID}/${course.coid}.html` : `/course/${course.code}`;
}

/** The column page /u/column/{code}. */
export const columnHref = (code: string) => `/u/column/${code}`;

/** A chapter's learning page /u/learn/{code}/{cid}/{letter} (spec 2). */
export const learnHref = (code: string, cid: string, letter: string) => `/u/learn/${code}/${cid}/${letter}`;

/** The public live page /u/learn/{code}/live/1 (spec 2). */
export const publicLiveHref = (code: string) => `/u/learn/${code}/live/1`;
