/**
 * The one notice service (issue 16 'System notices'): every module that tells a student about their own
 * things calls notify inside the transaction that made the thing happen, so the notice and its cause commit
 * together. A notice is a row the systemnotice page and the unread counts read; the channels the school
 * turned on for its kind (e-mail, SMS: server/modules/inform) are queued from here in the same transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { prepared } from '../../db/prepared';
import { notices } from '../../db/schema';
import { informStudents } from '../inform/inform.service';
import { NOTICE_WORDED_KINDS, type WordedKind } from '../../../shared/rules/notices';

/** The events a student is told about: the kinds worded by shared/rules/notices (notice.kind.<kind>). */
export const NOTICE_KINDS = NOTICE_WORDED_KINDS;
export type NoticeKind = WordedKind;

export interface NoticeInput {
  schoolId: string;
  studentId: string;
  kind: NoticeKind;
  /** Values the kind's template words (titles, dates); plain strings and numbers only. */
  params?: Record<string, string | number>;
  /** The in-site path where the student acts ('' none). */
  link?: string;
  /** When set, a second notice with the same key for the same student is not written. */
  dedupeKey?: string;
}

/** Writes the notice (unless deduplicated); answers its id, or null when it was a duplicate. */
export async function notify(tx: Db, ids: { next(): string }, at: number, input: NoticeInput): Promise<string | null> {
  if (input.dedupeKey) {
    const seen = first(
      await tx
        .select({ id: notices.id })
        .from(notices)
        .where(and(eq(notices.studentId, input.studentId), eq(notices.dedupeKey, input.dedupeKey))),
    );
    if (seen) return null;
  }
  const id = ids.next();
  await tx.insert(notices).values({
    id,
    schoolId: input.schoolId,
    studentId: input.studentId,
    kind: input.kind,
    params: JSON.stringify(input.params ?? {}),
    link: input.link ?? '',
    dedupeKey: input.dedupeKey ?? null,
    createdAt: at,
  });
  // The e-mail and SMS the school turned on for this kind, queued in the same transaction (non-essential).
  await informStudents(
    tx,
    { ids, now: () => at },
    {
      schoolId: input.schoolId,
      event: input.kind,
      studentIds: [input.studentId],
      params: input.params,
      link: input.link,
      essential: false,
    },
  );
  return id;
}

/** Ids per IN (...) list when looking up who was told already: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

/**
 * One notice of the same event to many students (an exam's audience, a plan's assignees): the students told
 * already under the dedupe key are looked up a chunk at a time on the notices_dedupe index, the others written
 * with one prepared insert, and their e-mails and SMS queued in one call — only ids are held in memory, never
 * student rows. The caller passes students of the school. Answers the ids of the students told now.
 */
export async function notifyMany(
  tx: Db,
  ids: { next(): string },
  at: number,
  input: Omit<NoticeInput, 'studentId'> & { studentIds: readonly string[] },
): Promise<string[]> {
  const unique = [...new Set(input.studentIds)];
  const params = JSON.stringify(input.params ?? {});
  const insert = prepared(tx, 'notices.insertMany', (d) =>
    d
      .insert(notices)
      .values({
        id: sql.placeholder('id'),
        schoolId: sql.placeholder('schoolId'),
        studentId: sql.placeholder('studentId'),
        kind: sql.placeholder('kind'),
        params: sql.placeholder('params'),
        link: sql.placeholder('link'),
        dedupeKey: sql.placeholder('dedupeKey'),
        createdAt: sql.placeholder('createdAt'),
      } as never)
      .prepare(),
  );
  const told: string[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const seen = new Set(
      input.dedupeKey
        ? (
            await tx
              .select({ id: notices.studentId })
              .from(notices)
              .where(and(inArray(notices.studentId, part), eq(notices.dedupeKey, input.dedupeKey)))
          ).map((row) => row.id)
        : [],
    );
    for (const studentId of part) {
      if (seen.has(studentId)) continue;
      await insert.run({
        id: ids.next(),
        schoolId: input.schoolId,
        studentId,
        kind: input.kind,
        params,
        link: input.link ?? '',
        dedupeKey: input.dedupeKey ?? null,
        createdAt: at,
      });
      told.push(studentId);
    }
  }
  await informStudents(
    tx,
    { ids, now: () => at },
    {
      schoolId: input.schoolId,
      event: input.kind,
      studentIds: told,
      params: input.params,
      link: input.link,
      essential: false,
    },
  );
  return told;
}
