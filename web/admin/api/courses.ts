import type { z } from 'zod';
import type {
  AdminCourseRow,
  CourseInfo,
  CourseSettingsOut,
  zAdminCourseQuery,
  zNewCourse,
  zSaveCourse,
  zUpdateCourseSettings,
} from '../../../shared/schemas/courses';
import { call } from '../../api/client';
import { unwrap } from '../../hooks/fetcher';

export type CourseQuery = z.input<typeof zAdminCourseQuery>;
export type NewCourseInput = z.input<typeof zNewCourse>;
export type SaveCourseInput = z.input<typeof zSaveCourse>;
export type SettingsPatch = z.input<typeof zUpdateCourseSettings>['settings'];
export type CourseRef = { coid: string; code: string };

/** POST getcourselist: the school's courses, filtered and paged. */
export const listCourses = (query: CourseQuery) => call<{ courseData: AdminCourseRow[]; total: number }>('getcourselist', { method: 'POST', body: query });
/** POST course/new: a draft course. */
export const newCourse = (input: NewCourseInput) => call<CourseRef>('course/new', { method: 'POST', body: input });
/** POST course/save: the values, keywords and description given. */
export const saveCourse = (input: SaveCourseInput) => call<CourseRef>('course/save', { method: 'POST', body: input });
/** GET course/info/{id}: the course as stored (drafts too, for its administrators). */
export const courseInfo = (coid: string) => call<CourseInfo>(`course/info/${coid}`);
/** POST course/delete: all or nothing. */
export const deleteCourses = (coids: string[]) => call<{ deleted: number }>('course/delete', { method: 'POST', body: { coids } });
/** POST course/copy: a draft copy with its chapters. */
export const copyCourse = (coid: string) => call<CourseRef>('course/copy', { method: 'POST', body: { coid } });
/** POST course/pub: publish (true) or unpublish (the spec's GET form changes nothing). */
export const publishCourse = (coid: string, pub: boolean) =>
  call<{ coid: string; published: boolean }>('course/pub', { method: 'POST', body: { coid, pub: pub ? '1' : '0' } });
/** POST course/updateSet: the settings given. */
export const updateCourseSettings = (coid: string, settings: SettingsPatch) =>
  call<{ coid: string; settings: CourseSettingsOut }>('course/updateSet', { method: 'POST', body: { coid, settings } });
/** POST course/topClass: pin above every pinned course, or unpin. */
export const pinCourse = (coid: string, top: boolean) => call<{ coid: string; top: number }>('course/topClass', { method: 'POST', body: { coid, top: top ? 1 : 0 } });

const COURSE_OPTIONS_NUM = 500;
/** SWR key of the course filters' options (listCourseOptions), shared by the screens that filter by course. */
export const COURSE_OPTIONS_KEY = 'getcourselist:options';
/** The school's courses (published or not, the first 500) for a course filter; throws a failed reply (for SWR). */
export const listCourseOptions = () => unwrap(listCourses({ page: 1, num: COURSE_OPTIONS_NUM, status: 'all' })).then((reply) => reply.courseData);
