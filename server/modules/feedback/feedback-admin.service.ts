import { type AdminGradeList, type AdminSignatureList, FEEDBACK_ERRORS } from '../../../shared/schemas/feedback';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { canManageCourse } from '../courses/course-access';
import { findCourses } from '../courses/courses.repository';
import { managedCourse } from '../courses/courses.service';
import * as repo from './feedback.repository';
import { toAdminGrade, toAdminSignature } from './feedback.presenter';

/**
 * The back office's signatures and ratings per course (spec 7
 * 'chapter grade list/delete'). The routes require the 'course' permission; every course and rating named
 * is checked with canManageCourse (server/modules/courses/course-access): another school's ids, or a course
 * the administrator may not manage, answer 404 and nothing changes.
 */

/** GET course/signature/list {coid, page, num}: the course's signatures, newest first, with the image's address. */
export async function adminSignatures(
  ctx: AppContext,
  adminId: string,
  query: { coid: string; page: number; num: number },
): Promise<AdminSignatureList> {
  const course = await managedCourse(ctx, adminId, query.coid);
  const { rows, total } = await repo.listSignatures(ctx.db, course.id, query.num, (query.page - 1) * query.num);
  return { list: rows.map((row) => toAdminSignature(ctx, row)), total };
}

/** GET chapter/grade/list {coid, cid?, page, num}: the ratings, newest first, with the average of all that match. */
export async function adminGrades(
  ctx: AppContext,
  adminId: string,
  query: { coid: string; cid?: string; page: number; num: number },
): Promise<AdminGradeList> {
  const course = await managedCourse(ctx, adminId, query.coid);
  const { rows, total, average } = await repo.listGrades(
    ctx.db,
    course.id,
    query.cid,
    query.num,
    (query.page - 1) * query.num,
  );
  return {
    list: rows.map(toAdminGrade),
    total,
    average: average === null ? null : Math.round(average * 10) / 10,
    chapters: (await repo.gradingChapters(ctx.db, course.id)).map((chapter) => ({
      cid: chapter.id,
      title: chapter.title,
    })),
  };
}

/** POST chapter/grade/delete {ids}: every rating named must be manageable, else 404 and none is deleted. */
export async function deleteGrades(
  ctx: AppContext,
  adminId: string,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return await ctx.db.transaction(async (tx) => {
    const rows = await repo.findGrades(tx, unique);
    if (rows.length !== unique.length) throw notFound(FEEDBACK_ERRORS.gradeNotFound);
    const courses = new Map(
      (await findCourses(tx, [...new Set(rows.map((row) => row.courseId))])).map((course) => [course.id, course]),
    );
    for (const row of rows) {
      const course = courses.get(row.courseId);
      if (!course || course.schoolId !== row.schoolId || !(await canManageCourse(ctx, adminId, course)))
        throw notFound(FEEDBACK_ERRORS.gradeNotFound);
    }
    return { deleted: await repo.deleteGrades(tx, unique) };
  });
}
