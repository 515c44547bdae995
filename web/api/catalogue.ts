/**
 * Catalogue calls of the student site (spec 7 'named client operations'): courses by category, keyword
 * search, hot courses, course info and bookmarks (the user page, categories, chapters, tags and articles
 * are declared in shared/calls). Shapes come from shared/schemas.
 */
import type { CourseCard, CourseInfo, GraphicText } from '../../shared/schemas/courses';
import { call } from './client';

export type { CourseCard, CourseInfo };

/** The numbers of spec 9: home courses page 1 num 100; catalogue page 1 num 500; articles page 1 num 5. */
export const HOME_COURSES_NUM = 100;
export const CATALOGUE_COURSES_NUM = 500;
export const HOME_ARTICLES_NUM = 5;

/** POST course/bycate: 'Get courses by category {page, num, catid, uid, keyword}' in the server's default order (pinned first). */
export const getCoursesByCategory = (input: { uid: string; catid: string; page?: number; num: number; keyword?: string }) =>
  call<{ courseData: CourseCard[]; total: number }>('course/bycate', { method: 'POST', body: { page: 1, keyword: '', ...input } });

/** POST course/search: 'Keyword search {keyword}' in the page's school. */
export const searchCourses = (uid: string, keyword: string) => call<{ courses: CourseCard[] }>('course/search', { method: 'POST', body: { uid, keyword } });

/** GET watch/hot/{uid}: the school's hot courses (up to 8). */
export const getHotCourses = (uid: string) => call<{ course: CourseCard[] }>(`watch/hot/${encodeURIComponent(uid || '0')}`);

/** GET course/info/{id}: the course and the viewer's fields (404 'course removed' with {uid, hashUID} when taken down). */
export const getCourseInfo = (id: string) => call<CourseInfo>(`course/info/${encodeURIComponent(id)}`);

/** GET course/graphic/{id}: the whole text of a graphic course (a paid one only for its owners). */
export const getGraphicText = (id: string) => call<GraphicText>(`course/graphic/${encodeURIComponent(id)}`);

/** POST collectcourse {uid, mid, coid, collect}: bookmark 1 or remove 0 (students only). */
export const collectCourse = (input: { uid: string; coid: string; collect: 0 | 1 }) =>
  call<{ collect: 0 | 1 }>('collectcourse', { method: 'POST', body: input });

/** GET collect/status {coid}. */
export const getCollectStatus = (coid: string) => call<{ collect: 0 | 1 }>('collect/status', { query: { coid } });
