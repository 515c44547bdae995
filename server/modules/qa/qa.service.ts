/**
 * Chapter Q&A on the study page (learn/question/list, add, answer, delete). Who may do what is the access
 * policy's (openCourse, isCourseAdmin, mayStudyCourse) and shared/rules/qa-notes; the text is cleaned plain
 * text; the flood guard counts questions and answers per author. The asker is told about a teacher's answer
 * by a notice written in the answering transaction.
 */
import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { learnLetter } from '../../../shared/schemas/chapters';
import {
  cleanTalkText,
  mayAnswerQuestion,
  mayDeleteQuestion,
  QA_TEXT_MAX,
  questionVisible,
  textRefusal,
  videoSecond,
} from '../../../shared/rules/qa-notes';
import { QA_ERRORS, QA_RATE, type AddQuestion, type Question, type QuestionList } from '../../../shared/schemas/qa';
import type { AppContext, Auth } from '../../context';
import { AppError, conflict, forbidden, noLogin, notFound, tooMany } from '../../lib/errors';
import { mayStudyCourse, refusalError, type OpenedCourse } from '../access/policy';
import { findAdmin, findStudent } from '../auth/accounts.repository';
import { findChapter } from '../chapters/chapters.repository';
import type { CourseHead } from '../courses/catalogue.repository';
import { cachedHead, isCourseAdmin, openCourse } from '../courses/course-visibility';
import { notify } from '../notices/notify';
import * as repo from './qa.repository';
import { answersByQuestion, toQuestion, type Reader } from './qa.presenter';

type SignedIn = Exclude<Auth, { role: 'guest' }>;

/** 400 with the field and the message in the caller's language. */
export function textError(key: 'emptyText' | 'tooLong', field: string, locale: Locale, max: number): AppError {
  return new AppError(400, QA_ERRORS[key], { field, key, message: translate(locale, `qa.${key}`, { max }) });
}

/** The text as stored, or 400. */
export function cleanText(raw: string, field: string, locale: Locale, max = QA_TEXT_MAX): string {
  const refusal = textRefusal(raw, max);
  if (refusal) throw textError(refusal, field, locale, max);
  return cleanTalkText(raw);
}

const signedIn = (auth: Auth): SignedIn => {
  if (auth.role === 'guest') throw noLogin();
  return auth;
};

/**
 * The course opened for Q&A: its administrators (preview) and the students who may study it (the access
 * policy's mayStudyCourse); anyone else gets the policy's refusal.
 */
async function openForQa(ctx: AppContext, auth: SignedIn, ref: string): Promise<OpenedCourse<CourseHead>> {
  const course = await openCourse(ctx, auth, ref);
  if (course.admin) return course;
  const access = await mayStudyCourse(ctx, auth, course);
  if (!access.allowed) throw refusalError(ctx, access.refusal, course.head);
  return course;
}

const readerOf = (auth: SignedIn, courseAdmin: boolean): Reader => ({
  role: auth.role,
  userId: auth.userId,
  courseAdmin,
});

/** GET learn/question/list: the course's (or chapter's) questions the viewer may see, newest first. */
export async function listQuestions(
  ctx: AppContext,
  caller: Auth,
  query: { coid: string; cid?: string; page: number; num: number },
): Promise<QuestionList> {
  const auth = signedIn(caller);
  const course = await openForQa(ctx, auth, query.coid);
  const { rows, total } = await repo.pageQuestions(ctx.db, {
    courseId: course.head.id,
    chapterId: query.cid,
    withHidden: course.admin,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  const answers = answersByQuestion(
    await repo.answersOf(
      ctx.db,
      rows.map((row) => row.id),
    ),
  );
  const reader = readerOf(auth, course.admin);
  return {
    list: rows.map((row) => toQuestion(row, row, answers.get(row.id) ?? [], reader)),
    total,
    canAsk: auth.role === 'student',
    courseAdmin: course.admin,
  };
}

/** The flood guard: 429 past QA_RATE per author. */
async function throttle(ctx: AppContext, auth: SignedIn, now: number): Promise<void> {
  const author = { kind: auth.role, id: auth.userId } as const;
  if ((await repo.countSince(ctx.db, author, now - QA_RATE.windowMs)) >= QA_RATE.perMinute) {
    throw tooMany(Math.ceil(QA_RATE.windowMs / 1000));
  }
}

/** One question as the reader sees it now. */
export async function questionReply(ctx: AppContext, id: string, reader: Reader): Promise<Question> {
  const row = await repo.findQuestion(ctx.db, id);
  if (!row) throw notFound(QA_ERRORS.notFound);
  return toQuestion(row, await repo.questionLabels(ctx.db, row), await repo.answersOf(ctx.db, [row.id]), reader);
}

/**
 * POST learn/question/add: a student who may study the course asks on one of its chapters. An administrator
 * (the school owner included) is not a student: 403 studentOnly with spec 5's message.
 */
export async function addQuestion(
  ctx: AppContext,
  caller: Auth,
  input: AddQuestion,
  locale: Locale,
): Promise<Question> {
  const auth = signedIn(caller);
  const course = await openForQa(ctx, auth, input.coid);
  if (auth.role !== 'student') {
    throw new AppError(403, 'studentOnly', { key: 'studentOnly', message: translate(locale, 'errors.studentOnly') });
  }
  const chapter = await findChapter(ctx.db, input.cid);
  if (!chapter || chapter.courseId !== course.head.id) throw refusalError(ctx, 'noChapter', course.head);
  const body = cleanText(input.body, 'body', locale);
  const now = ctx.now();
  await throttle(ctx, auth, now);
  const id = ctx.ids.next();
  await repo.insertQuestion(ctx.db, {
    id,
    schoolId: course.head.schoolId,
    courseId: course.head.id,
    chapterId: chapter.id,
    studentId: auth.userId,
    body,
    videoTime: videoSecond(input.videoTime),
    hidden: false,
    answerCount: 0,
    createdAt: now,
    updatedAt: now,
  });
  return await questionReply(ctx, id, readerOf(auth, false));
}

/** A question the signed-in person may see, with whether they administer its course; else 404. */
async function questionFor(
  ctx: AppContext,
  auth: SignedIn,
  qid: string,
): Promise<{ row: repo.QuestionRow; head: CourseHead; courseAdmin: boolean }> {
  const row = await repo.findQuestion(ctx.db, qid);
  const head = row ? await cachedHead(ctx, row.courseId) : null;
  if (!row || !head || head.deleted || row.schoolId !== auth.schoolId) throw notFound(QA_ERRORS.notFound);
  const courseAdmin = await isCourseAdmin(ctx, auth, head);
  if (!questionVisible(row, { courseAdmin, asker: false })) throw notFound(QA_ERRORS.notFound);
  // A student still needs the course (the access policy): one who lost it reads and writes nothing more.
  if (!courseAdmin) await openForQa(ctx, auth, head.id);
  return { row, head, courseAdmin };
}

/** The study page's address of a chapter (the notice's link). */
export function chapterLink(ctx: AppContext, coid: string, cid: string, type: number | null): string {
  return `/u/learn/${ctx.courseCodec.encode(coid)}/${cid}/${type === null ? '' : learnLetter(type)}`;
}

/**
 * POST learn/question/answer: a teacher of the course answers (the asker is notified in the same
 * transaction), or the asker follows up. Anyone else who can see the question: 403.
 */
export async function answerQuestion(
  ctx: AppContext,
  caller: Auth,
  input: { qid: string; body: string },
  locale: Locale,
): Promise<Question> {
  const auth = signedIn(caller);
  const { row, head, courseAdmin } = await questionFor(ctx, auth, input.qid);
  const asker = auth.role === 'student' && auth.userId === row.studentId;
  if (!mayAnswerQuestion(row, { courseAdmin, asker })) throw forbidden();
  const body = cleanText(input.body, 'body', locale);
  const now = ctx.now();
  await throttle(ctx, auth, now);
  const teacher = auth.role === 'admin';
  const authorName = teacher
    ? ((await findAdmin(ctx.db, auth.userId))?.name ?? '')
    : ((await findStudent(ctx.db, auth.userId))?.name ?? '');
  await ctx.db.transaction(async (tx) => {
    await repo.insertAnswer(tx, {
      id: ctx.ids.next(),
      questionId: row.id,
      authorKind: auth.role,
      authorId: auth.userId,
      authorName,
      body,
      createdAt: now,
    });
    if (teacher) {
      const labels = await repo.questionLabels(tx, row);
      await notify(tx, ctx.ids, now, {
        schoolId: row.schoolId,
        studentId: row.studentId,
        kind: 'question.answered',
        params: {
          title: labels.courseTitle,
          course: labels.courseTitle,
          chapter: labels.chapterTitle,
          teacher: authorName,
        },
        link: chapterLink(ctx, head.id, row.chapterId, labels.chapterType),
      });
    }
  });
  return await questionReply(ctx, row.id, readerOf(auth, courseAdmin));
}

/**
 * POST learn/question/delete: the course's administrators delete any question, the asker their own while
 * unanswered (409 questionAnswered after). Anyone else: 404.
 */
export async function deleteQuestion(ctx: AppContext, caller: Auth, qid: string): Promise<{ deleted: number }> {
  const auth = signedIn(caller);
  const { row, courseAdmin } = await questionFor(ctx, auth, qid);
  const asker = auth.role === 'student' && auth.userId === row.studentId;
  if (!courseAdmin && !asker) throw notFound(QA_ERRORS.notFound);
  if (!mayDeleteQuestion(row, { courseAdmin, asker })) throw conflict(QA_ERRORS.answered);
  return { deleted: await ctx.db.transaction(async (tx) => await repo.deleteQuestion(tx, row.id)) };
}
