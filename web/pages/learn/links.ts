/** Addresses of the learning pages (spec 2). */
import { studyDetailPath } from '../../paths';
import { schoolRoutePath } from '../../urls';

export { learnHref } from '../../components/catalogue/links';

/** The course page of a course code, at its chapter tab. */
export const courseChapterHref = (code: string) => `/course/${code}#/introduce/chapter`;

/** The course page of a course code, at its info tab (where it is bought: spec 4 'Paid course not purchased'). */
export const courseInfoHref = (code: string) => `/course/${code}#/introduce/info`;

/** The plan detail of a study-plan course by its decimal coid (spec 4 'Staged plan' Return to plan; 'Growth plan order' redirect). */
export const planHref = (boot: Parameters<typeof schoolRoutePath>[0], coid: string) =>
  schoolRoutePath(boot, studyDetailPath(coid));
