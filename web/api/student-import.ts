/**
 * Web helpers of the student import (shared/calls/student-import.ts): the template's address, the form the
 * preview and the import send, and the sentences for its errors.
 */
import { LICENCE_ERRORS } from '../../shared/schemas/licence';
import {
  type ImportOptions,
  STUDENT_IMPORT_ERRORS,
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MAX_ROWS,
} from '../../shared/schemas/student-import';
import { UPLOAD_FILE_FIELD } from '../../shared/schemas/uploads';
import { apiUrl } from './client';
import type { Translate } from '../i18n';

/** The address of the template with the school's columns (a file, not a declared call). */
export const importTemplateUrl = (format: 'csv' | 'xlsx') => apiUrl('student/import/template', { format });

/** The form of student/import/preview and student/import: the options as fields, then the file. */
export function importForm(file: File, options: ImportOptions): FormData {
  const form = new FormData();
  form.append('mode', options.mode);
  form.append('duplicates', options.duplicates);
  if (options.initialPassword) form.append('initialPassword', options.initialPassword);
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return form;
}

const limits = { rows: STUDENT_IMPORT_MAX_ROWS, mb: STUDENT_IMPORT_MAX_BYTES / 1024 / 1024 };

/** The sentence for an import's error (a refusal or a failed import's message), or null when it is not one of them. */
export function importErrorText(t: Translate, error: string): string | null {
  const keys: Record<string, Parameters<Translate>[0]> = {
    [STUDENT_IMPORT_ERRORS.badFile]: 'admin.import.error.badFile',
    [STUDENT_IMPORT_ERRORS.noRows]: 'admin.import.error.noRows',
    [STUDENT_IMPORT_ERRORS.tooManyRows]: 'admin.import.error.tooManyRows',
    [STUDENT_IMPORT_ERRORS.tooLarge]: 'admin.import.error.tooLarge',
    [STUDENT_IMPORT_ERRORS.missingColumns]: 'admin.import.error.missingColumns',
    [STUDENT_IMPORT_ERRORS.running]: 'admin.import.error.running',
    [STUDENT_IMPORT_ERRORS.badRows]: 'admin.import.error.badRows',
    [STUDENT_IMPORT_ERRORS.interrupted]: 'admin.import.error.interrupted',
    [LICENCE_ERRORS.seatsFull]: 'admin.import.error.seatsFull',
    [LICENCE_ERRORS.expired]: 'admin.import.error.expired',
  };
  const key = keys[error];
  return key ? t(key, limits) : null;
}
