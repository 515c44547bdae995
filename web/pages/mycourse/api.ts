/** GET course/exceeding (almost expiring); my courses (getstucourse) is declared in shared/calls/mycourses.ts. */
import type * as z from 'zod';
import type { zExceedingReply } from '../../../shared/schemas/records';
import { call } from '../../api/client';

export type ExceedingReply = z.infer<typeof zExceedingReply>;

export const getExceedingCourses = (mid: string) => call<ExceedingReply>('course/exceeding', { query: { mid: mid || undefined } });
