/**
 * Student import from CSV and XLSX (spec 7 Students: import, getImport, repeatdata; permission 'student').
 * The preview and the import are multipart forms (read in the handler, after the permission is checked); the
 * template (a file, not the envelope) stays a plain route: server/modules/student-import/routes.ts.
 */
import * as s from '../schemas/student-import';
import { defineCall } from '../contract';

const base = { access: { admin: 'student' }, tags: ['students (back office)'] } as const;

export const studentImportCalls = {
  preview: defineCall({
    ...base,
    method: 'POST',
    path: 'student/import/preview',
    summary:
      "Dry run of a student import (multipart: file field 'file-select' or 'file', a CSV or XLSX of at most 10 MB " +
      'and 20,000 rows; fields mode, duplicates, initialPassword): the columns recognised, unknown columns, the ' +
      'first 50 rows, every problem with its row (header = 1), column and reason, the user names that exist ' +
      'already and the seats. Writes nothing.',
    multipart: true,
    reply: s.zImportPreview,
  }),
  start: defineCall({
    ...base,
    method: 'POST',
    path: 'student/import',
    summary:
      'Starts a student import (as student/import/preview) and answers its id at once; follow it with ' +
      "student/getImport. mode 'all' applies nothing unless every row is good and the seats suffice; 'rows' " +
      "applies each good row and reports the bad ones. duplicates 'skip' or 'update'. 409 while an import of " +
      'the school runs; 400 for an unreadable file, missing columns or too many rows; 413 for a file too large.',
    multipart: true,
    reply: s.zImportStarted,
  }),
  status: defineCall({
    ...base,
    method: 'GET',
    path: 'student/getImport',
    summary:
      'The running or last student import of the school: status, progress (total, processed), counts, the row ' +
      'report (capped at 1000), file name, mode, start and end; null when the school never imported.',
    reply: s.zLastImport,
  }),
  repeatData: defineCall({
    ...base,
    method: 'POST',
    path: 'student/repeatdata',
    summary: 'Duplicate check: which of these user names the school has already (what an import would skip or update).',
    body: s.zRepeatQuery,
    reply: s.zRepeatReply,
  }),
};
