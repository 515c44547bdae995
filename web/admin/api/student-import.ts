/**
 * The student import's calls (spec 7 student/import, import/preview, getImport, import/template;
 * server/modules/student-import). Each answers the server's {status, error, data} reply.
 */
import type { Reply } from '../../../shared/envelope';
import { LICENCE_ERRORS } from '../../../shared/schemas/licence';
import { STUDENT_IMPORT_ERRORS, STUDENT_IMPORT_MAX_BYTES, STUDENT_IMPORT_MAX_ROWS, type ImportOptions, type ImportPreview, type ImportStatus } from '../../../shared/schemas/student-import';
import { UPLOAD_FILE_FIELD } from '../../../shared/schemas/uploads';
import { apiUrl, call } from '../../api/client';
import type { Translate } from '../../i18n';

/** SWR key of the running or last import. */
export const IMPORT_STATUS_KEY = 'student/getImport';

export const getImport = () => call<ImportStatus | null>(IMPORT_STATUS_KEY);

/** The address of the template with the school's columns. */
export const importTemplateUrl = (format: 'csv' | 'xlsx') => apiUrl('student/import/template', { format });

function sendFile<T>(path: string, file: File, options: ImportOptions): Promise<Reply<T>> {
  const form = new FormData();
  form.append('mode', options.mode);
  form.append('duplicates', options.duplicates);
  if (options.initialPassword) form.append('initialPassword', options.initialPassword);
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return call<T>(path, { method: 'POST', body: form });
}

/** POST student/import/preview: what the import would do (writes nothing). */
export const previewImport = (file: File, options: ImportOptions) => sendFile<ImportPreview>('student/import/preview', file, options);
/** POST student/import: starts the import; follow it with getImport. */
export const startImport = (file: File, options: ImportOptions) => sendFile<{ id: string }>('student/import', file, options);

const limits = { rows: STUDENT_IMPORT_MAX_ROWS, mb: STUDENT_IMPORT_MAX_BYTES / 1024 / 1024 };

/** The sentence for an import's error string (a refusal or a failed import's message), or null when it is not one of them. */
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
