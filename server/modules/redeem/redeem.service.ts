/**
 * Redeeming a code (issue 15 item 4), for a signed-in student of the code's school.
 *
 * Checks in order: the student (401 / 403 studentOnly), the throttle (429), the code's shape and existence
 * (404 unknown code: another school's code answers the same, revealing nothing), disabled (the code or its
 * batch, 403), expired (403), already redeemed by this student (409), used up (409), the item (404 removed or
 * unpublished), for a course the groups (403 designatedGroup) and a course held now (409 already held,
 * nothing used). An unknown code counts as a failed attempt for the throttle: the other refusals need a real
 * code, so they do not help guessing (and the losers of a race for the last use are not locked out).
 *
 * Success is one transaction: the code's use (UPDATE … WHERE used < max_uses: two students racing for the
 * last use get one success), the redemption row (unique per code and student), and what the code gives:
 * entitle via 'code' (expiresAt now + the batch's days, or null: the item's validity) or joinMembership via
 * 'code' (the batch's days, else the plan's).
 */
import { DAY_MS } from '../../../shared/rules/course-status';
import { isCodeShape, normaliseCode } from '../../../shared/rules/redeem-code';
import { REDEEM_ERRORS, type RedeemResult } from '../../../shared/schemas/redeem';
import type { AppContext, Auth } from '../../context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { entitle, joinMembership } from '../access/entitle';
import { courseGranted } from '../notices/events';
import { findCourse } from '../courses/courses.repository';
import * as repo from './redeem.repository';
import { actingStudent, assertMayObtain, assertNotHeld, type StudentAuth } from './student';
import { assertNotThrottled, countFailure } from './throttle';

/** POST redeem. */
export async function redeem(ctx: AppContext, auth: Auth, ip: string, typed: string): Promise<RedeemResult> {
  const student = actingStudent(auth);
  await assertNotThrottled(ctx, student.userId, ip);
  try {
    return await redeemFor(ctx, student, ip, typed);
  } catch (error) {
    if (error instanceof AppError && error.error === REDEEM_ERRORS.unknownCode)
      await countFailure(ctx, student.userId, ip);
    throw error;
  }
}

async function redeemFor(ctx: AppContext, student: StudentAuth, ip: string, typed: string): Promise<RedeemResult> {
  const bare = normaliseCode(typed);
  const code = isCodeShape(bare) ? await repo.codeByText(ctx.db, bare) : undefined;
  if (!code || code.schoolId !== student.schoolId) throw notFound(REDEEM_ERRORS.unknownCode);
  const batch = await repo.findBatch(ctx.db, code.batchId);
  if (!batch) throw notFound(REDEEM_ERRORS.unknownCode);
  const now = ctx.now();
  if (code.disabledAt !== null || batch.disabledAt !== null) throw new AppError(403, REDEEM_ERRORS.codeDisabled);
  if (batch.expiresAt !== null && now > batch.expiresAt) throw new AppError(403, REDEEM_ERRORS.codeExpired);
  if (await repo.hasRedeemed(ctx.db, code.id, student.userId)) throw conflict(REDEEM_ERRORS.alreadyRedeemed);
  if (code.used >= code.maxUses) throw conflict(REDEEM_ERRORS.codeUsedUp);
  const item = await repo.itemHead(ctx.db, batch.kind, batch.targetId);
  if (!item || item.deleted || !item.published || item.schoolId !== student.schoolId)
    throw notFound(REDEEM_ERRORS.itemRemoved);
  if (batch.kind === 'course') {
    const course = await findCourse(ctx.db, item.id);
    if (!course) throw notFound(REDEEM_ERRORS.itemRemoved);
    await assertMayObtain(ctx, student, course);
    await assertNotHeld(ctx, student, course);
  }
  return await ctx.db.transaction(async (tx) => {
    if (!(await repo.useCode(tx, code.id))) throw conflict(REDEEM_ERRORS.codeUsedUp);
    const redemption = { id: ctx.ids.next(), schoolId: code.schoolId, codeId: code.id, batchId: batch.id };
    if (!(await repo.insertRedemption(tx, { ...redemption, studentId: student.userId, ip, at: now })))
      throw conflict(REDEEM_ERRORS.alreadyRedeemed);
    const result = { kind: batch.kind, id: item.id, title: item.title };
    if (batch.kind === 'member') {
      const days = batch.days ?? item.days ?? 0;
      const given = await joinMembership(tx, ctx.ids, {
        schoolId: code.schoolId,
        studentId: student.userId,
        planId: item.id,
        days,
        via: 'code',
        ref: code.id,
        at: now,
      });
      return { ...result, until: given.until };
    }
    const until = batch.days === null ? null : now + batch.days * DAY_MS;
    await entitle(tx, ctx.ids, {
      schoolId: code.schoolId,
      studentId: student.userId,
      kind: batch.kind,
      targetId: item.id,
      via: 'code',
      ref: code.id,
      expiresAt: until,
      at: now,
    });
    const who = { schoolId: code.schoolId, studentId: student.userId };
    await courseGranted({ tx, ctx, at: now }, who, { kind: batch.kind, id: item.id, title: item.title });
    return { ...result, until };
  });
}
