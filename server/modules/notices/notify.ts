/**
 * The one notice service (issue 16 'System notices'): every module that tells a student about their own
 * things calls notify inside the transaction that made the thing happen, so the notice and its cause commit
 * together. A notice is a row the systemnotice page and the unread counts read; the channels the school
 * turned on for its kind (e-mail, SMS: server/modules/inform) are queued from here in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
export function notify(tx: Db, ids: { next(): string }, at: number, input: NoticeInput): string | null {
  if (input.dedupeKey) {
    const seen = tx
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.studentId, input.studentId), eq(notices.dedupeKey, input.dedupeKey)))
      .get();
    if (seen) return null;
  }
  const id = ids.next();
  tx.insert(notices)
    .values({
      id,
      schoolId: input.schoolId,
      studentId: input.studentId,
      kind: input.kind,
      params: JSON.stringify(input.params ?? {}),
      link: input.link ?? '',
      dedupeKey: input.dedupeKey ?? null,
      createdAt: at,
    })
    .run();
  // The e-mail and SMS the school turned on for this kind, queued in the same transaction (non-essential).
  informStudents(
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
