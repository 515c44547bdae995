/** The calls of the student's course lists: GET getstucourse (my courses) and GET course/exceeding (almost expiring). */
import type * as z from 'zod';
import type { zExceedingReply } from '../../../shared/schemas/records';
import type { MyCoursesQuery, MyCoursesReply } from '../../../shared/schemas/mycourses';
import { call } from '../../api/client';

export type ExceedingReply = z.infer<typeof zExceedingReply>;

export const getMyCourses = (query: MyCoursesQuery) => call<MyCoursesReply>('getstucourse', { query });

export const getExceedingCourses = (mid: string) => call<ExceedingReply>('course/exceeding', { query: { mid: mid || undefined } });
