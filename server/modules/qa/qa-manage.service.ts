/**
 * The back office's Q&A (learn/question/manage, hide; permission course, checked by the calls). Every
 * question named is checked against canManageCourse: another school's ids, or a course the administrator may
 * not manage, answer 404 and nothing changes.
 */
import { learnLetter } from '../../../shared/schemas/chapters';
import { QA_ERRORS, type ManagedQuestion, type ManageQuery } from '../../../shared/schemas/qa';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { assertManageCourse, canManageCourse, scopeFilter } from '../courses/course-access';
import { findCourse, findCourses } from '../courses/courses.repository';
import * as repo from './qa.repository';
import { answersByQuestion, toQuestion } from './qa.presenter';

type Admin = { userId: string; schoolId: string };

/** GET learn/question/manage: the questions on the courses the administrator manages, newest first. */
export async function manageQuestions(
  ctx: AppContext,
  admin: Admin,
  query: ManageQuery,
): Promise<{ list: ManagedQuestion[]; total: number }> {
  if (query.coid) {
    const course = await findCourse(ctx.db, query.coid);
    await assertManageCourse(ctx, admin.userId, course && !course.deleted ? course : undefined);
  }
  const { rows, total } = await repo.manageQuestions(ctx.db, {
    schoolId: admin.schoolId,
    courseId: query.coid,
    state: query.state,
    scope: await scopeFilter(ctx, admin.userId),
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  const answers = answersByQuestion(
    await repo.answersOf(
      ctx.db,
      rows.map((row) => row.question.id),
    ),
  );
  const reader = { role: 'admin', userId: admin.userId, courseAdmin: true } as const;
  return {
    list: rows.map((row) => ({
      ...toQuestion(row.question, row, answers.get(row.question.id) ?? [], reader),
      courseTitle: row.courseTitle,
      code: ctx.courseCodec.encode(row.question.courseId),
      learnType: row.chapterType === null ? '' : learnLetter(row.chapterType),
    })),
    total,
  };
}

/** POST learn/question/hide {qids, hidden}: all of the administrator's school and manageable, else 404. */
export async function hideQuestions(
  ctx: AppContext,
  admin: Admin,
  qids: readonly string[],
  hidden: boolean,
): Promise<{ changed: number }> {
  const ids = [...new Set(qids)];
  return await ctx.db.transaction(async (tx) => {
    const rows = await repo.findQuestions(tx, ids);
    if (rows.length !== ids.length) throw notFound(QA_ERRORS.notFound);
    const courses = new Map(
      (await findCourses(tx, [...new Set(rows.map((row) => row.courseId))])).map((course) => [course.id, course]),
    );
    for (const row of rows) {
      const course = courses.get(row.courseId);
      if (
        row.schoolId !== admin.schoolId ||
        !course ||
        course.deleted ||
        !(await canManageCourse(ctx, admin.userId, course))
      )
        throw notFound(QA_ERRORS.notFound);
    }
    return { changed: await repo.setHidden(tx, ids, hidden, ctx.now()) };
  });
}
