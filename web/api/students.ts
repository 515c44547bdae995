/**
 * The student list's web helpers (shared/calls/students.ts declares the calls): the list's filters as the
 * calls take them, and the address of the filtered download (a file, not a declared call).
 */
import type { StudentListQuery } from '../../shared/schemas/students';
import { apiUrl } from './client';

/** The list's filters as the address bar holds them ('' or 'all' = no filter). */
export interface StudentFilterText {
  keyword: string;
  gid: string;
  status: string;
  source: string;
}

type FilterQuery = Pick<StudentListQuery, 'keyword' | 'gid' | 'status' | 'source'>;

/** The filters as student/list and student/download take them, without the empty and default ones. */
export function studentFilterQuery(filter: StudentFilterText): FilterQuery {
  const chosen = (value: string) => (value && value !== 'all' ? value : undefined);
  return {
    keyword: chosen(filter.keyword),
    gid: chosen(filter.gid),
    // The server checks the values (400 for one it does not know), as it did when they were plain text.
    status: chosen(filter.status) as FilterQuery['status'],
    source: chosen(filter.source) as FilterQuery['source'],
  };
}

/** The address of student/download with the list's current filters. */
export const studentDownloadUrl = (filter: StudentFilterText, format: 'xlsx' | 'csv') =>
  apiUrl('student/download', { ...studentFilterQuery(filter), format });
