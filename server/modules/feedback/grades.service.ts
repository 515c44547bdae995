import { driverError, isUniqueViolation } from '../../db/client';
import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { cleanRatingText, ratingRefusal } from '../../../shared/rules/rating';
import { FEEDBACK_ERRORS, type AddGrade } from '../../../shared/schemas/feedback';
import type { AppContext, Auth } from '../../context';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { courseIdOrNotFound, openForStudent, studentOnly } from './feedback-access';
import * as repo from './feedback.repository';

/**
 * Ratings (spec 3 'Grade payload', spec 4 'Rating dialog', spec 5 'Rating', spec 6 'grading follows
 * showgrade', spec 7 grade/add 'Add course grade {uid,coid,cid,score,content} (success flag)' and 'Check
 * chapter has a grade (hasVal)').
 *
 * One rating per student and chapter, never changed afterwards: a second grade/add answers 409 'already
 * rated' (the study page asks grade/check first and shows the dialog only when hasVal is false; the back
 * office deletes a rating, after which the student may rate again).
 * cid '0' rates the course as a whole; it takes ratings when any chapter of the course does.
 */

/** Whether the student rated the chapter ('0': the course); for the ware call too. */
export async function hasGrade(
  ctx: AppContext,
  studentId: string,
  courseId: string,
  chapterId: string,
): Promise<boolean> {
  return await repo.hasGrade(ctx.db, studentId, courseId, chapterId);
}

/**
 * POST grade/add: the checks in order — signed-in student (401 / 403 studentOnly), the study refusals of the
 * course and chapter, grading on (403 gradingOff), then the dialog's rules (400 noScore 请先评分,
 * emptyContent 内容不能为空！, tooLong over 100 characters; data {field, key, message}), then one per
 * student and chapter (409 'already rated').
 */
export async function addGrade(
  ctx: AppContext,
  auth: Auth,
  input: AddGrade,
  locale: Locale,
): Promise<{ success: true; id: string }> {
  const { head, chapter, student } = await openForStudent(ctx, auth, input.coid, input.cid, false);
  const gradingOn = chapter ? chapter.showgrade : (await repo.gradingChapters(ctx.db, head.id)).length > 0;
  if (!gradingOn) throw forbidden(FEEDBACK_ERRORS.gradingOff);
  const key = ratingRefusal({ score: input.score, content: input.content });
  if (key) {
    throw new AppError(400, key, {
      field: key === 'noScore' ? 'score' : 'content',
      key,
      message: translate(locale, `feedback.rating.${key}`),
    });
  }
  const id = ctx.ids.next();
  try {
    await ctx.db.transaction(async (tx) => {
      if (await repo.findGrade(tx, student.userId, head.id, input.cid)) throw conflict(FEEDBACK_ERRORS.rated);
      await repo.insertGrade(tx, {
        id,
        schoolId: head.schoolId,
        studentId: student.userId,
        courseId: head.id,
        chapterId: input.cid,
        score: input.score!,
        content: cleanRatingText(input.content),
        createdAt: ctx.now(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(driverError(error))) throw conflict(FEEDBACK_ERRORS.rated);
    throw error;
  }
  return { success: true, id };
}

/** GET grade/check {coid, cid}: whether the signed-in student rated the chapter ('0': the course). */
export async function checkGrade(ctx: AppContext, auth: Auth, coid: string, cid: string): Promise<{ hasVal: boolean }> {
  const student = studentOnly(auth);
  return { hasVal: await hasGrade(ctx, student.userId, courseIdOrNotFound(ctx, coid), cid) };
}
