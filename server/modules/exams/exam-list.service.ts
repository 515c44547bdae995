import { filterAsync } from '../../lib/sequential';
/**
 * The student's exam lists and records (spec 7 student/examcate {uid, 0, 10}, examlist, stu/exams,
 * getykstestdata {sid, cid} → testData JSON, getyksExamlist; getExamToken (loginKey, token) and the exam URL's
 * parameters key, returnURL, exid, from, s, token).
 *
 * Choices where the spec is silent:
 * - examlist and examcate list the standalone exams the student may sit (a chapter's exam is sat from its
 *   chapter: getyksExamlist lists a course's); a category is listed when it holds at least one (spec 9: at most 10).
 * - best: the best score of the student's submitted sittings; shown only when the exam shows results.
 * - getykstestdata answers for the signed-in student only (sid must be theirs: 403 otherwise).
 */
import type * as z from 'zod';
import { attemptsLeft, examWindow } from '../../../shared/rules/exam-window';
import type * as s from '../../../shared/schemas/exams';
import type { AppContext, Auth } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { findChapter } from '../chapters/chapters.repository';
import { openCourse } from '../courses/course-visibility';
import { examLinks, maySit, sittableExam, type StudentAuth } from './exam-access';
import {
  audienceOf,
  chapterExam,
  courseExams,
  papersOf,
  publishedExams,
  schoolExamCategories,
} from './exams.repository';
import { mySittingRow } from './sittings.presenter';
import * as repo from './sittings.repository';

type ExamItem = z.infer<typeof s.zExamItem>;

const offsetOf = (query: { page: number; num: number }) => (query.page - 1) * query.num;

/** The exams (already filtered) as the student's lists show them, with the student's attempts and results. */
async function examItems(ctx: AppContext, auth: StudentAuth, exams: repo.ExamRow[]): Promise<ExamItem[]> {
  const sittings = await repo.studentSittings(
    ctx.db,
    auth.userId,
    exams.map((exam) => exam.id),
  );
  const papers = new Map(
    (
      await papersOf(
        ctx.db,
        exams.map((exam) => exam.paperId),
      )
    ).map((paper) => [paper.id, paper]),
  );
  const now = ctx.now();
  return exams.map((exam) => {
    const mine = sittings.filter((sitting) => sitting.examId === exam.id);
    const open = mine.find((sitting) => sitting.status === 'open' && sitting.deadlineAt > now);
    const submitted = mine.filter((sitting) => sitting.status === 'submitted');
    const shows = exam.showResults !== 'none';
    const paper = papers.get(exam.paperId);
    return {
      id: exam.id,
      title: exam.title,
      description: exam.description,
      catid: exam.categoryId,
      durationSec: exam.durationSec,
      opensAt: exam.opensAt,
      closesAt: exam.closesAt,
      attempts: exam.attempts,
      used: mine.length,
      left: attemptsLeft(exam.attempts, mine.length),
      best: shows && submitted.length > 0 ? Math.max(...submitted.map((sitting) => sitting.score)) : null,
      passed: submitted.some((sitting) => sitting.passed),
      state: examWindow(
        {
          opensAt: exam.opensAt,
          closesAt: exam.closesAt,
          attempts: exam.attempts,
          used: mine.length,
          inProgress: Boolean(open),
        },
        now,
      ),
      sittingId: open?.id ?? null,
      coid: exam.courseId,
      cid: exam.chapterId,
      optional: exam.optional,
      totalScore: paper?.totalScore ?? 0,
      passScore: paper?.passScore ?? 0,
    };
  });
}

const standaloneCaches = new WeakMap<AppContext, TtlCache<string, repo.ExamRow[]>>();

/**
 * The published standalone exams (no chapter) of a school, kept until an exam of the school is written
 * (server/db/changes): every page a signed-in student loads asks (the bootstrap's exam mode).
 */
async function standaloneExams(ctx: AppContext, schoolId: string): Promise<readonly repo.ExamRow[]> {
  const load = async () => (await publishedExams(ctx.db, schoolId)).filter((exam) => exam.chapterId === '');
  if (ctx.changes.inTransaction) return await load();
  let cache = standaloneCaches.get(ctx);
  if (!cache) {
    const created = new TtlCache<string, repo.ExamRow[]>(60_000, 10_000, Date.now);
    ctx.changes.on(['exams'], (changed) => created.delete(changed));
    standaloneCaches.set(ctx, (cache = created));
  }
  return (await cache.getOrLoad(schoolId, load))!;
}

/** The standalone exams of the student's school that the student may sit. */
async function sittableStandalone(ctx: AppContext, auth: StudentAuth): Promise<repo.ExamRow[]> {
  const exams = await standaloneExams(ctx, auth.schoolId);
  const audience = await audienceOf(
    ctx.db,
    exams.map((exam) => exam.id),
  );
  return await filterAsync(
    exams,
    async (exam) =>
      await maySit(
        ctx,
        auth,
        exam,
        audience.filter((row) => row.examId === exam.id),
      ),
  );
}

/** student/examcate: the categories holding exams the student may sit. */
export async function examCategoriesOf(
  ctx: AppContext,
  auth: StudentAuth,
  query: z.output<typeof s.zExamCateQuery>,
): Promise<z.infer<typeof s.zExamCategories>> {
  const counts = new Map<string, number>();
  for (const exam of await sittableStandalone(ctx, auth))
    counts.set(exam.categoryId, (counts.get(exam.categoryId) ?? 0) + 1);
  const list = (await schoolExamCategories(ctx.db, auth.schoolId))
    .filter((category) => counts.has(category.id))
    .map((category) => ({ catid: category.id, title: category.title, count: counts.get(category.id) ?? 0 }));
  return { list: list.slice(query.page * query.num, (query.page + 1) * query.num) };
}

/** examlist: the exams of a category ('' / '0': all) the student may sit. */
export async function examList(
  ctx: AppContext,
  auth: StudentAuth,
  query: z.output<typeof s.zExamListQuery>,
): Promise<z.infer<typeof s.zExamList>> {
  const all = (await sittableStandalone(ctx, auth)).filter(
    (exam) => query.catid === '' || query.catid === '0' || exam.categoryId === query.catid,
  );
  const page = all.slice(offsetOf(query), offsetOf(query) + query.num);
  return { total: all.length, list: await examItems(ctx, auth, page) };
}

/** stu/exams: my sittings, newest first. */
export async function mySittingList(
  ctx: AppContext,
  auth: StudentAuth,
  query: z.output<typeof s.zMySittingsQuery>,
): Promise<z.infer<typeof s.zMySittings>> {
  const { rows, total } = await repo.mySittings(ctx.db, auth.userId, query.num, offsetOf(query));
  return { total, list: rows.map((row) => mySittingRow(row.sitting, row)) };
}

/** The published exam of a course's chapter, or 404. */
async function examOfChapter(
  ctx: AppContext,
  auth: StudentAuth,
  courseRef: string,
  cid: string,
): Promise<repo.ExamRow> {
  const course = await openCourse(ctx, auth, courseRef);
  const exam = await chapterExam(ctx.db, course.head.id, cid);
  if (!exam) throw notFound();
  return exam;
}

/** getExamToken: the exam URL for the built-in engine, its loginKey and token. */
export async function examToken(
  ctx: AppContext,
  auth: StudentAuth,
  query: z.output<typeof s.zExamTokenQuery>,
): Promise<z.infer<typeof s.zExamToken>> {
  const examId =
    query.examId ?? (query.coid && query.cid ? (await examOfChapter(ctx, auth, query.coid, query.cid)).id : null);
  if (!examId) throw notFound();
  const exam = await sittableExam(ctx, auth, examId);
  const links = await examLinks(ctx);
  const loginKey = ctx.uidCodec.encode(auth.schoolId);
  const token = links.token(auth.userId, auth.schoolId);
  const exid = links.sealExid({ studentId: auth.userId, examId: exam.id, chapterId: exam.chapterId });
  const params = new URLSearchParams({
    key: loginKey,
    returnURL: query.returnURL ?? '',
    exid,
    from: query.from ?? 'web',
    s: Buffer.from(auth.userId).toString('base64'),
    token,
  });
  return { loginKey, token, exid, url: `/u/${loginKey}#/exam/${exam.id}?${params.toString()}` };
}

/** learn/getykstestdata {sid, cid}: the student's results of the chapter's exam as testData JSON. */
export async function yksTestData(
  ctx: AppContext,
  auth: StudentAuth,
  query: z.output<typeof s.zYksTestQuery>,
): Promise<z.infer<typeof s.zYksTestData>> {
  if (query.sid !== auth.userId) throw forbidden();
  const chapter = await findChapter(ctx.db, query.cid);
  if (!chapter) throw notFound();
  const exam = await examOfChapter(ctx, auth, chapter.courseId, chapter.id);
  const [item] = await examItems(ctx, auth, [exam]);
  const sittings = (await repo.studentSittings(ctx.db, auth.userId, [exam.id])).map((sitting) =>
    mySittingRow(sitting, exam),
  );
  return { testData: JSON.stringify({ ...item, sittings }) };
}

/** learn/getyksExamlist {coid}: the course's chapter exams the student may sit, with the student's results. */
export async function yksExamList(
  ctx: AppContext,
  auth: StudentAuth,
  query: z.output<typeof s.zYksExamListQuery>,
): Promise<z.infer<typeof s.zYksExamList>> {
  const course = await openCourse(ctx, auth, query.coid);
  const exams = await filterAsync(
    await courseExams(ctx.db, course.head.id),
    async (exam) => exam.chapterId !== '' && (await maySit(ctx, auth, exam)),
  );
  return { list: await examItems(ctx, auth, exams) };
}

/**
 * The bootstrap's examModel (spec 3; spec 2: "An Exams tab is inserted at position 3 only when the user has
 * exam categories and exam mode is on"; "The my-papers entry is removed when exam mode is off"). Choice where
 * the spec is silent: exam mode is on for a signed-in student of the school who has at least one exam in a
 * category that they may sit (so the tab never leads to an empty page); off for guests and administrators.
 */
export async function examMode(ctx: AppContext, auth: Auth): Promise<boolean> {
  if (auth.role !== 'student') return false;
  return (await sittableStandalone(ctx, auth)).some((exam) => exam.categoryId !== '');
}

/**
 * The ware reply's exams (stage exams: stageExamDialog in shared/rules/next-chapter; spec 5 'Exam dialog'): every
 * published exam attached to a chapter of the course, with whether it is optional and whether this student has passed
 * it (false for a viewer without records).
 */
export async function wareExams(
  ctx: AppContext,
  studentId: string | null,
  courseId: string,
): Promise<{ cid: string; examId: string; optional: boolean; passed: boolean }[]> {
  const exams = (await courseExams(ctx.db, courseId)).filter((exam) => exam.chapterId !== '');
  const sittings = studentId
    ? await repo.studentSittings(
        ctx.db,
        studentId,
        exams.map((exam) => exam.id),
      )
    : [];
  return exams.map((exam) => ({
    cid: exam.chapterId,
    examId: exam.id,
    optional: exam.optional,
    passed: sittings.some((sitting) => sitting.examId === exam.id && sitting.status === 'submitted' && sitting.passed),
  }));
}
