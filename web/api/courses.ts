/** Web helpers of the course calls (shared/calls/courses.ts) that more than one screen shares. */
import { courseCalls } from '../../shared/calls/courses';
import { unwrap } from '../hooks/fetcher';
import { request } from './client';

const COURSE_OPTIONS_NUM = 500;
/** SWR key of the course filters' options (listCourseOptions), shared by the screens that filter by course. */
export const COURSE_OPTIONS_KEY = 'getcourselist:options';
/** The school's courses (published or not, the first 500) for a course filter; throws a failed reply (for SWR). */
export const listCourseOptions = () =>
  unwrap(request(courseCalls.adminList, { body: { page: 1, num: COURSE_OPTIONS_NUM, status: 'all' } })).then(
    (reply) => reply.courseData,
  );
