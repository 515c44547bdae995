import type { Failure } from '../../../../shared/envelope';
import { LICENCE_ERRORS } from '../../../../shared/schemas/licence';
import { STUDENT_ERRORS, STUDENT_LIST_ERRORS } from '../../../../shared/schemas/students';
import type { Translate } from '../../../i18n';
import { failureText } from '../../api/errors';

/** A failed student call as a sentence: the people errors by name (with the field's name), else the common texts. */
export function studentFailureText(t: Translate, reply: Failure): string {
  const data = (reply.data ?? {}) as { problem?: string; name?: string; limit?: number; used?: number };
  if (reply.error === STUDENT_ERRORS.usernameTaken) return t('admin.students.error.usernameTaken');
  if (reply.error === STUDENT_ERRORS.ldapAccount) return t('admin.students.error.ldapAccount');
  if (reply.error === STUDENT_LIST_ERRORS.unknownGroup) return t('admin.students.error.unknownGroup');
  if (reply.error === LICENCE_ERRORS.seatsFull) {
    return t('admin.students.error.seatsFull', { used: data.used ?? 0, limit: data.limit ?? 0 });
  }
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
