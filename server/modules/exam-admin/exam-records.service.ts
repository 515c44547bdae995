/**
 * GET learn/exams: chapter exam results for staff, beside the exercise results (issue 18 'Records a school can
 * trust'; spec 7 Learning). Sittings are graded and settled by the student side (exams/sitting-score.ts with
 * shared/rules/exam-score sittingScore, again after every mark); this reads the settled figures back and sums
 * each student's sittings of each exam on a chapter of the course, and each exam's totals
 * (shared/rules/exam-results).
 *
 * Permission 'student' (checked by the call) and the administrator's school, like the other records views,
 * and a sub-admin limited to categories sees only their courses: another school's or another category's
 * course, another school's student and a chapter of another course answer 404.
 */
import { examTotals, studentExamResult } from '../../../shared/rules/exam-results';
import type { ExamRecords, ExamRecordsQuery, ExamResult } from '../../../shared/schemas/exam-records';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findStudent } from '../auth/accounts.repository';
import { listChapters } from '../chapters/chapters.repository';
import { treeOrder } from '../exercises/exercises-admin.service';
import { scopedCourse } from '../records/record-access';
import * as repo from './results.repository';

type Admin = { userId: string; schoolId: string };
type SittingRow = Awaited<ReturnType<typeof repo.submittedSittingsOf>>[number];

type Summed = NonNullable<Awaited<ReturnType<typeof studentExamResult>>> & { sid: string; examId: string };

/** Every student's sittings of each exam in sum, latest sitting first (ties: by student id). */
function studentResults(sittings: SittingRow[]): Summed[] {
  const groups = new Map<string, SittingRow[]>();
  for (const row of sittings) {
    const key = `${row.examId}/${row.studentId}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const results: Summed[] = [];
  for (const rows of groups.values()) {
    const sum = studentExamResult(rows);
    if (sum) results.push({ ...sum, sid: rows[0]!.studentId, examId: rows[0]!.examId });
  }
  return results.sort((a, b) => b.lastAt - a.lastAt || a.sid.localeCompare(b.sid) || a.examId.localeCompare(b.examId));
}

/** A page of results with the students' names and the exams' chapters. */
async function resultRows(
  ctx: AppContext,
  page: Summed[],
  chapterOf: Map<string, { cid: string; chapter: string }>,
): Promise<ExamResult[]> {
  const names = await repo.studentNamesOf(
    ctx.db,
    page.map((row) => row.sid),
  );
  return page.map((row) => ({
    sid: row.sid,
    ...(names.get(row.sid) ?? { name: '', username: '' }),
    exam_id: row.examId,
    ...(chapterOf.get(row.examId) ?? { cid: '', chapter: '' }),
    sittings: row.sittings,
    best_score: row.best,
    last_score: row.last,
    passed: row.passed,
    pending: row.pending,
    total_score: row.totalScore,
    pass_score: row.passScore,
    last_sat_at: row.lastAt,
  }));
}

/** GET learn/exams {coid, cid?, sid?, page, num}. */
export async function examRecords(ctx: AppContext, admin: Admin, query: ExamRecordsQuery): Promise<ExamRecords> {
  const course = await scopedCourse(ctx, admin, query.coid);
  if (query.sid !== undefined) {
    const student = await findStudent(ctx.db, query.sid);
    if (!student || student.schoolId !== admin.schoolId) throw notFound();
  }
  const chapters = treeOrder(await listChapters(ctx.db, course.id));
  if (query.cid !== undefined && !chapters.some((chapter) => chapter.id === query.cid)) throw notFound();
  const order = new Map(chapters.map((chapter, index) => [chapter.id, index]));
  const titles = new Map(chapters.map((chapter) => [chapter.id, chapter.title]));
  const exams = (await repo.courseChapterExams(ctx.db, course.id))
    .filter((exam) => order.has(exam.chapterId) && (query.cid === undefined || exam.chapterId === query.cid))
    .sort((a, b) => order.get(a.chapterId)! - order.get(b.chapterId)!);
  const chapterOf = new Map(
    exams.map((exam) => [exam.id, { cid: exam.chapterId, chapter: titles.get(exam.chapterId) ?? '' }]),
  );
  const sittings = await repo.submittedSittingsOf(
    ctx.db,
    exams.map((exam) => exam.id),
    query.sid,
  );
  const results = studentResults(sittings);
  const offset = (query.page - 1) * query.num;
  return {
    coid: course.id,
    title: course.title,
    exams: exams.map((exam) => {
      const totals = examTotals(results.filter((row) => row.examId === exam.id));
      return {
        exam_id: exam.id,
        exam_title: exam.title,
        cid: exam.chapterId,
        chapter: titles.get(exam.chapterId) ?? '',
        total_score: exam.totalScore,
        pass_score: exam.passScore,
        sat: totals.sat,
        passed: totals.passed,
        pass_rate: totals.passRate,
        average_score: totals.average,
      };
    }),
    results: {
      total: results.length,
      list: await resultRows(ctx, results.slice(offset, offset + query.num), chapterOf),
    },
  };
}
