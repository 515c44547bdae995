/**
 * Enrolment keys (issue 15 item 3): a course carries at most one key; a signed-in student of the school who
 * types it enrols (a course_grants row via 'key', ref the key id, the course's own validity).
 *
 * Rules chosen here:
 * - the secret is compared trimmed and without regard to case; it is kept readable (the back office shows it);
 * - a key for groups takes students of any of them; the course's own groups apply as well (designatedGroup);
 * - the window is days, from the first day's start to the last day's end (server time); max uses null: no limit;
 * - checks in order: the student (401 / 403 studentOnly), the throttle (429), the course (404 removed, 403
 *   otherSchool, designatedGroup), the key (404 none, 403 disabled, groups), already held (409), the secret
 *   (400, counted by the throttle), the window (403), the uses (409); the use and the grant commit together,
 *   the use guarded so that it never passes max uses;
 * - setting a key is audited as an order_events row (action 'key.set', orderId the key id; see routes.ts).
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { dateToMs } from '../../../shared/rules/course-status';
import { STUDY_REFUSALS } from '../../../shared/schemas/learning';
import { REDEEM_ERRORS, type EnrolmentKey, type RedeemResult, type SetKey } from '../../../shared/schemas/redeem';
import type { AppContext, Auth } from '../../context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { badField } from '../../lib/catalogue-http';
import { entitle } from '../access/entitle';
import { courseGranted } from '../notices/events';
import { viewerOf } from '../access/policy';
import { managedCourse } from '../courses/courses.service';
import { findCourse, type CourseRow } from '../courses/courses.repository';
import { schoolGroupIds } from '../groups/groups.repository';
import * as repo from './redeem.repository';
import { actingStudent, assertMayObtain, assertNotHeld } from './student';
import { assertNotThrottled, countFailure } from './throttle';

/** The administrator acting (route()'s admin). */
export interface Actor {
  userId: string;
  schoolId: string;
}

const groupsOf = (text: string) =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

export function keyReply(row: repo.KeyRow): EnrolmentKey {
  return {
    id: row.id,
    coid: row.courseId,
    secret: row.secret,
    gids: groupsOf(row.groupIds),
    max_uses: row.maxUses,
    used: row.used,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    enabled: row.enabled,
    updated_at: row.updatedAt,
  };
}

/** GET key/get. */
export async function getKey(ctx: AppContext, actor: Actor, coid: string): Promise<{ key: EnrolmentKey | null }> {
  const course = await managedCourse(ctx, actor.userId, coid);
  if (course.schoolId !== actor.schoolId) throw notFound();
  const row = await repo.keyOfCourse(ctx.db, course.id);
  return { key: row ? keyReply(row) : null };
}

/** POST key/set: creates or changes the course's key, audited. */
export async function setKey(ctx: AppContext, actor: Actor, input: SetKey): Promise<{ key: EnrolmentKey }> {
  const course = await managedCourse(ctx, actor.userId, input.coid);
  if (course.schoolId !== actor.schoolId) throw notFound();
  const gids = [...new Set(input.gids)];
  if ((await schoolGroupIds(ctx.db, actor.schoolId, gids)).length !== gids.length)
    throw badField('gids', 'must name groups of this school');
  const startsAt = input.starts_on === null ? null : dateToMs(input.starts_on, 'start');
  const endsAt = input.ends_on === null ? null : dateToMs(input.ends_on, 'end');
  if (input.starts_on !== null && startsAt === null) throw badField('starts_on', 'must be a date yyyy-MM-dd');
  if (input.ends_on !== null && endsAt === null) throw badField('ends_on', 'must be a date yyyy-MM-dd');
  if (startsAt !== null && endsAt !== null && endsAt < startsAt)
    throw new AppError(400, REDEEM_ERRORS.badWindow, { field: 'ends_on' });
  const now = ctx.now();
  const values = {
    secret: input.secret,
    groupIds: gids.join(','),
    maxUses: input.max_uses,
    startsAt,
    endsAt,
    enabled: input.enabled,
    updatedAt: now,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.keyOfCourse(tx, course.id);
    const id = before?.id ?? ctx.ids.next();
    if (before) await repo.updateKey(tx, id, values);
    else
      await repo.insertKey(tx, {
        id,
        schoolId: course.schoolId,
        courseId: course.id,
        createdBy: actor.userId,
        createdAt: now,
        ...values,
      });
    const after = (await repo.keyOfCourse(tx, course.id)) as repo.KeyRow;
    await repo.insertAudit(tx, {
      id: ctx.ids.next(),
      schoolId: course.schoolId,
      orderId: id,
      action: 'key.set',
      actorKind: 'admin',
      actorId: actor.userId,
      before: before ? JSON.stringify(keyReply(before)) : null,
      after: JSON.stringify(keyReply(after)),
      at: now,
    });
    return after;
  });
  return { key: keyReply(row) };
}

/** A visible course of the student's school, else 404 course removed / 403 otherSchool. */
async function courseFor(ctx: AppContext, auth: { schoolId: string }, coid: string): Promise<CourseRow> {
  const course = await findCourse(ctx.db, coid);
  if (!course || course.deleted || !course.published) throw notFound(STUDY_REFUSALS.courseRemoved);
  if (course.schoolId !== auth.schoolId)
    throw new AppError(403, STUDY_REFUSALS.otherSchool, { refusal: 'otherSchool' });
  return course;
}

/** GET enrol/key: whether the course (visible, published) takes an enabled key. */
export async function keyStatus(ctx: AppContext, coid: string): Promise<{ has_key: boolean }> {
  const course = await findCourse(ctx.db, coid);
  if (!course || course.deleted || !course.published) throw notFound(STUDY_REFUSALS.courseRemoved);
  return { has_key: (await repo.keyOfCourse(ctx.db, course.id))?.enabled === true };
}

/** Constant-time comparison of the typed key and the secret (trimmed, any case). */
function sameSecret(typed: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest();
  return timingSafeEqual(digest(typed), digest(secret));
}

/** POST enrol/key. */
export async function enrolByKey(
  ctx: AppContext,
  auth: Auth,
  ip: string,
  input: { coid: string; key: string },
): Promise<RedeemResult> {
  const student = actingStudent(auth);
  await assertNotThrottled(ctx, student.userId, ip);
  const course = await courseFor(ctx, student, input.coid);
  await assertMayObtain(ctx, student, course);
  const key = await repo.keyOfCourse(ctx.db, course.id);
  if (!key) throw notFound(REDEEM_ERRORS.noKey);
  if (!key.enabled) throw new AppError(403, REDEEM_ERRORS.keyDisabled);
  const groups = groupsOf(key.groupIds);
  const mine = (await viewerOf(ctx, student))?.gid ?? [];
  if (groups.length > 0 && !groups.some((gid) => mine.includes(gid)))
    throw new AppError(403, STUDY_REFUSALS.designatedGroup, { refusal: 'designatedGroup' });
  await assertNotHeld(ctx, student, course);
  if (!sameSecret(input.key, key.secret)) {
    await countFailure(ctx, student.userId, ip);
    throw new AppError(400, REDEEM_ERRORS.wrongKey);
  }
  const now = ctx.now();
  if (key.startsAt !== null && now < key.startsAt) throw new AppError(403, REDEEM_ERRORS.keyNotOpen);
  if (key.endsAt !== null && now > key.endsAt) throw new AppError(403, REDEEM_ERRORS.keyClosed);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.useKey(tx, key.id))) throw conflict(REDEEM_ERRORS.keyUsedUp);
    await entitle(tx, ctx.ids, {
      schoolId: course.schoolId,
      studentId: student.userId,
      kind: 'course',
      targetId: course.id,
      via: 'key',
      ref: key.id,
      expiresAt: null,
      at: now,
    });
    const who = { schoolId: course.schoolId, studentId: student.userId };
    await courseGranted({ tx, ctx, at: now }, who, { kind: 'course', id: course.id, title: course.title });
  });
  return { kind: 'course', id: course.id, title: course.title, until: null };
}
