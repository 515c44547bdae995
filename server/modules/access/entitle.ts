/**
 * Writing what a student obtains (issue 15 'Ways to obtain a course or column'): every way but the free ones
 * and the administrator's grant screen goes through here, inside the caller's transaction, so the order,
 * code or key that gives something and the holding it gives commit together or not at all.
 *
 * - entitle: a course or a column (a course_grants row via key, code or order; ref names it). expiresAt null
 *   keeps the course's validity counted from now; a number is the holder's own last valid instant.
 * - renewalEnd: how far renewing a held course reaches (course-status renewUntil: from the later of now and
 *   the current end, plus the course's days), or null when it cannot be renewed.
 * - joinMembership: a membership of a plan for its days, from the later of now and the end of the membership
 *   of that plan the student already has (renewal), as a new row.
 */
import { and, eq, isNull, max } from 'drizzle-orm';
import { DAY_MS, renewUntil } from '../../../shared/rules/course-status';
import { type Db, first } from '../../db/client';
import { courseGrants, memberships } from '../../db/schema';
import type { AppContext, Auth } from '../../context';
import { holdingOf, termsOf, validityOf, type AccessCourse } from './policy';

export type EntitleVia = 'key' | 'code' | 'order';

export interface Entitlement {
  schoolId: string;
  studentId: string;
  kind: 'course' | 'column';
  targetId: string;
  via: EntitleVia;
  ref: string;
  expiresAt: number | null;
  at: number;
}

/** Gives the course or column; answers the grant row's id. Call inside the transaction that records why. */
export async function entitle(tx: Db, ids: { next(): string }, item: Entitlement): Promise<string> {
  const id = ids.next();
  await tx.insert(courseGrants).values({
    id,
    schoolId: item.schoolId,
    courseId: item.kind === 'course' ? item.targetId : null,
    columnId: item.kind === 'column' ? item.targetId : null,
    studentId: item.studentId,
    expiresAt: item.expiresAt,
    via: item.via,
    ref: item.ref,
    createdAt: item.at,
  });
  return id;
}

/**
 * The last valid instant renewing this course would give the student: null when they do not hold it in a
 * renewable way (course-status: a paid days-from-purchase course still valid).
 */
export async function renewalEnd(ctx: AppContext, auth: Auth, course: AccessCourse): Promise<number | null> {
  const now = ctx.now();
  const { status } = validityOf(course, await holdingOf(ctx, auth, course), now);
  if (!status.renew) return null;
  return renewUntil(termsOf(course), status.limitedDate, now);
}

export interface MembershipGrant {
  schoolId: string;
  studentId: string;
  planId: string;
  days: number;
  via: 'order' | 'code' | 'admin';
  ref: string;
  at: number;
}

/** The end of the student's current membership of the plan (latest until, not revoked), or null. */
export async function membershipEnd(db: Db, studentId: string, planId: string): Promise<number | null> {
  const row = first(
    await db
      .select({ until: max(memberships.until) })
      .from(memberships)
      .where(and(eq(memberships.studentId, studentId), eq(memberships.planId, planId), isNull(memberships.revokedAt))),
  );
  return row?.until ?? null;
}

/** Adds a membership of the plan (a renewal when one is current); answers its row. */
export async function joinMembership(
  tx: Db,
  ids: { next(): string },
  grant: MembershipGrant,
): Promise<{ id: string; since: number; until: number }> {
  const current = await membershipEnd(tx, grant.studentId, grant.planId);
  const from = Math.max(grant.at, current ?? grant.at);
  const row = {
    id: ids.next(),
    schoolId: grant.schoolId,
    studentId: grant.studentId,
    planId: grant.planId,
    since: grant.at,
    until: from + grant.days * DAY_MS,
    via: grant.via,
    ref: grant.ref,
    createdAt: grant.at,
  };
  await tx.insert(memberships).values(row);
  return { id: row.id, since: row.since, until: row.until };
}
