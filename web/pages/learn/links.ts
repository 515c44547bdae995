/** Addresses of the learning pages (spec 2). */
export { learnHref } from '../../components/catalogue/links';

/** The course page of a course code, at its chapter tab. */
export const courseChapterHref = (code: string) => `/course/${code}#/introduce/chapter`;
