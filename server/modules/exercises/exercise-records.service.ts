/**
 * GET learn/exercises: chapter exercise results for staff (issue 18 'Records a school can trust'; spec 3
 * 'Exercise sets hold question ids (tid)', 'Submit-answer response: isRight, getpoint'). Exercises are graded
 * when the student submits (exercises.service.ts) and kept as each student's latest answer per question with
 * the number of submits; this reads them back: each student's results per chapter, and each question's
 * statistics over every student (how many answered, how many right, the common wrong answers).
 *
 * Permission 'student' (checked by the route) and the administrator's school, like the other records views,
 * and a sub-admin limited to categories sees only their courses: another school's or another category's
 * course, or another school's student, answers 404.
 */
import { OPTION_LETTERS, questionKind } from '../../../shared/rules/grading';
import type { ExerciseRecords, ExerciseRecordsQuery, QuestionStat } from '../../../shared/schemas/exercise-records';
import { parseOptions } from '../../../shared/schemas/questions';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findStudent } from '../auth/accounts.repository';
import { listChapters } from '../chapters/chapters.repository';
import { scopedCourse } from '../records/record-access';
import { treeOrder } from './exercises-admin.service';
import { excerptOf } from './exercises.presenter';
import * as repo from './exercises.repository';

/** The most common wrong answers listed per question. */
const WRONG_SHOWN = 3;

/** A wrong answer as staff read it: option letters for choices, 'true'/'false' for true/false. */
function answerText(row: repo.SetQuestionRow, answer: string): string {
  const kind = questionKind(row.type);
  if (kind === 'trueFalse') return answer === '0' ? 'true' : 'false';
  const letters = new Map(parseOptions(row.options).map((option, index) => [option.oid, OPTION_LETTERS[index] ?? '?']));
  return answer
    .split(',')
    .filter(Boolean)
    .map((oid) => letters.get(oid) ?? '?')
    .join(',');
}

/** Each question's statistics from the counted answers. */
function questionStat(
  row: repo.SetQuestionRow,
  chapter: { id: string; title: string },
  counts: repo.AnswerCountRow[],
): QuestionStat {
  const mine = counts.filter((count) => count.questionId === row.qid && count.chapterId === chapter.id);
  const sum = (rows: repo.AnswerCountRow[]) => rows.reduce((total, count) => total + count.count, 0);
  const wrong = new Map<string, number>();
  if (questionKind(row.type) !== 'short') {
    for (const count of mine.filter((one) => !one.isRight && one.status !== 'pending')) {
      const text = answerText(row, count.answer);
      wrong.set(text, (wrong.get(text) ?? 0) + count.count);
    }
  }
  return {
    cid: chapter.id,
    chapter: chapter.title,
    qid: row.qid,
    type: row.type,
    excerpt: excerptOf(row.content),
    point: row.point,
    answered: sum(mine),
    right: sum(mine.filter((count) => count.isRight)),
    pending: sum(mine.filter((count) => count.status === 'pending')),
    wrong_choices: [...wrong]
      .map(([answer, count]) => ({ answer, count }))
      .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer))
      .slice(0, WRONG_SHOWN),
  };
}

/** GET learn/exercises {coid, sid?, page, num}. */
export async function exerciseRecords(
  ctx: AppContext,
  admin: { userId: string; schoolId: string },
  query: ExerciseRecordsQuery,
): Promise<ExerciseRecords> {
  const { schoolId } = admin;
  const course = await scopedCourse(ctx, admin, query.coid);
  if (query.sid !== undefined) {
    const student = await findStudent(ctx.db, query.sid);
    if (!student || student.schoolId !== schoolId) throw notFound();
  }
  const chapters = treeOrder(await listChapters(ctx.db, course.id));
  const titles = new Map(chapters.map((chapter) => [chapter.id, chapter.title]));
  const sets = (await repo.chapterSetsOfCourse(ctx.db, course.id)).filter((set) => titles.has(set.chapterId));
  const setOf = new Map(sets.map((set) => [set.chapterId, set]));
  const questions = await repo.questionsOfSets(
    ctx.db,
    sets.map((set) => set.eid),
  );
  const maxScore = (eid: string) =>
    questions.filter((row) => row.setId === eid).reduce((total, row) => total + Math.max(0, row.point), 0);

  const { rows, total } = await repo.courseResults(
    ctx.db,
    course.id,
    query.sid,
    query.num,
    (query.page - 1) * query.num,
  );
  const counts = await repo.answerCounts(ctx.db, course.id, query.sid);
  const stats = chapters.flatMap((chapter) => {
    const set = setOf.get(chapter.id);
    if (!set) return [];
    return questions.filter((row) => row.setId === set.eid).map((row) => questionStat(row, chapter, counts));
  });
  return {
    coid: course.id,
    title: course.title,
    results: {
      total,
      list: rows.map((row) => {
        const set = setOf.get(row.chapterId);
        return {
          sid: row.studentId,
          name: row.name,
          username: row.username,
          cid: row.chapterId,
          chapter: titles.get(row.chapterId) ?? '',
          questions: set?.count ?? 0,
          answered: row.answered,
          right: row.right ?? 0,
          pending: row.pending ?? 0,
          score: row.score,
          max_score: set ? maxScore(set.eid) : 0,
          attempts: row.attempts ?? 0,
          last_answered: row.lastAnswered,
        };
      }),
    },
    questions: stats,
  };
}
