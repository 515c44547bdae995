/**
 * The student list's calls (spec 7 Students; server/modules/students). Each answers the server's
 * {status, error, data} reply; wrap in unwrap (web/hooks/fetcher) to get the data or an ApiError.
 */
import type { Failure } from '../../../shared/envelope';
import { LICENCE_ERRORS } from '../../../shared/schemas/licence';
import { STUDENT_ERRORS, STUDENT_LIST_ERRORS, type AdminStudent, type LearnMonths, type NewStudentInput, type StudentList, type StudentListQuery, type UpdateStudentInput } from '../../../shared/schemas/students';
import type { Translate } from '../../i18n';
import { apiUrl, call } from '../../api/client';
import { failureText } from './errors';

/** SWR key prefixes: the list (revalidate every key starting with it after a change) and the activity. */
export const STUDENT_LIST_KEY = 'student/list';
export const LEARN_MONTHS_KEY = 'learn/moth';

/** The list's filters as query parameters, without the empty and default ones. */
function queryOf(query: Record<string, string | number | undefined>): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '' && value !== 'all') out[key] = value;
  return out;
}

export const listStudents = (query: StudentListQuery) => call<StudentList>('student/list', { query: queryOf(query as Record<string, string | number | undefined>) });
export const getStudent = (sid: string) => call<AdminStudent>('student/item', { query: { sid } });
export const addStudent = (input: NewStudentInput) => call<AdminStudent>('student/add', { method: 'POST', body: input });
export const updateStudent = (input: UpdateStudentInput) => call<AdminStudent>('student/item', { method: 'POST', body: input });
/** POST student/delete: disables (never deletes) the students; their records stay. */
export const disableStudents = (sids: string[]) => call<{ count: number }>('student/delete', { method: 'POST', body: { sids } });
export const enableStudents = (sids: string[]) => call<{ count: number }>('student/enable', { method: 'POST', body: { sids } });
export const learnMonths = (year: number) => call<LearnMonths>('learn/moth', { query: { year } });

/** The address of student/download with the list's current filters. */
export const studentDownloadUrl = (filter: { keyword?: string; gid?: string; status?: string; source?: string }, format: 'xlsx' | 'csv') => apiUrl('student/download', { ...queryOf(filter), format });

/** A failed student call as a sentence: the people errors by name (with the field's name), else the common texts. */
export function studentFailureText(t: Translate, reply: Failure): string {
  const data = (reply.data ?? {}) as { problem?: string; name?: string; limit?: number; used?: number };
  if (reply.error === STUDENT_ERRORS.usernameTaken) return t('admin.students.error.usernameTaken');
  if (reply.error === STUDENT_ERRORS.ldapAccount) return t('admin.students.error.ldapAccount');
  if (reply.error === STUDENT_LIST_ERRORS.unknownGroup) return t('admin.students.error.unknownGroup');
  if (reply.error === LICENCE_ERRORS.seatsFull) return t('admin.students.error.seatsFull', { used: data.used ?? 0, limit: data.limit ?? 0 });
  if (reply.error === LICENCE_ERRORS.expired) return t('admin.students.error.expired');
  switch (data.problem) {
    case 'required':
    case 'tooLong':
    case 'notNumber':
    case 'notDate':
    case 'notChoice':
      return t(`admin.students.error.${data.problem}`, { name: data.name ?? '' });
    case 'unknown':
      return t('admin.students.error.unknown');
  }
  return failureText(t, reply);
}
