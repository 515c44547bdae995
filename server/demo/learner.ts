import fsp from 'node:fs/promises';
import path from 'node:path';
import { zAddComment } from '../../shared/schemas/comments';
import { CHAPTER_TYPE, zUpdateChapter } from '../../shared/schemas/chapters';
import { zExerSubmit } from '../../shared/schemas/exercises';
import { SIGNATURE_FILE_NAME, zAddGrade, zSaveSignature } from '../../shared/schemas/feedback';
import { formatDate } from '../../shared/rules/dates';
import type { AppContext, Auth } from '../context';
import { loadSharp } from '../lib/heavy-modules';
import { TMP_UPLOADS_DIR } from '../lib/storage';
import { type ChapterRow, listChapters } from '../modules/chapters/chapters.repository';
import { updateChapter } from '../modules/chapters/chapters.service';
import { addComment } from '../modules/comments/comments.service';
import { exerciseList, submitExercises } from '../modules/exercises/exercises.service';
import { addGrade } from '../modules/feedback/grades.service';
import { saveSignature } from '../modules/feedback/signatures.service';
import { type Changes, writeChanges } from '../modules/records/group-commit';
import { type CourseRecordRow, newLearnRow } from '../modules/records/records.repository';
import { writeThrough } from '../modules/records/records.store';
import { getQuestion } from '../modules/questions/questions.service';
import { storeReceived } from '../modules/uploads/uploads.service';
import { eachAsync, mapAsync } from '../lib/sequential';

/**
 * What the demo students did (issue 18): study records over the last weeks written through the records
 * module's own writer (writeChanges: learn records, course records, learn_days and the course's learner
 * count in one transaction, the same statements the heartbeat engine's commit runs, so every view agrees);
 * then, as the students themselves, the signature of the finished course, ratings and comments through the
 * services their calls use.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Seconds of the shipped media, for the records of finished media chapters. */
const MEDIA_SECONDS: Record<number, number> = { 1: 12, 2: 8 };

/** The chapters a student studies (not headings, not chapters whose subchapters are studied), in order. */
async function studyChapters(ctx: AppContext, courseId: string): Promise<ChapterRow[]> {
  const rows = await listChapters(ctx.db, courseId);
  const order = (a: ChapterRow, b: ChapterRow) => a.position - b.position;
  const tops = rows.filter((row) => row.parentId === '0').sort(order);
  return tops.flatMap((top) => {
    const children = rows.filter((row) => row.parentId === top.id).sort(order);
    return children.length ? children : top.type === 0 ? [] : [top];
  });
}

/** A student's study of one course. */
interface Study {
  studentId: string;
  courseId: string;
  /** Chapters finished ('all': the course), then the one under way (half done), in study order. */
  finished: number | 'all';
  underway: boolean;
  /** Days ago of the first study; each chapter is studied on a later day, up to `lastDaysAgo`. */
  firstDaysAgo: number;
  lastDaysAgo: number;
}

/** The records of one study: a learn record per chapter touched, the course record, the day credits. */
async function studyChanges(ctx: AppContext, schoolId: string, study: Study, changes: Changes): Promise<void> {
  const chapters = await studyChapters(ctx, study.courseId);
  const finished = study.finished === 'all' ? chapters.length : study.finished;
  const touched = chapters.slice(0, finished + (study.underway ? 1 : 0));
  const today = ctx.now();
  const span = Math.max(1, touched.length - 1);
  let effMs = 0;
  let lastAt = today;
  touched.forEach((chapter, index) => {
    const daysAgo = Math.round(study.firstDaysAgo - ((study.firstDaysAgo - study.lastDaysAgo) * index) / span);
    const at = today - daysAgo * DAY - (index % 3) * 37 * MINUTE;
    const done = index < finished;
    const seconds = MEDIA_SECONDS[chapter.type] ?? 0;
    const ms = (done ? 12 + ((index * 7) % 19) : 6) * MINUTE;
    const row = newLearnRow(study.studentId, study.courseId, chapter.id, schoolId, at - ms);
    const watched = done ? seconds : seconds / 2;
    Object.assign(row, {
      effMs: ms,
      watched,
      intervals: seconds ? JSON.stringify([[0, watched]]) : '[]',
      progress: done ? 1 : 0.5,
      furthest: watched,
      position: watched,
      duration: seconds,
      completedAt: done ? at : null,
      passed: done,
      updatedAt: at,
    });
    changes.learn.push(row);
    changes.days.push({ studentId: study.studentId, schoolId, day: formatDate(at, 'yyyy-MM-dd'), ms });
    effMs += ms;
    lastAt = at;
  });
  const total = chapters.length;
  const complete = Math.min(finished, total);
  const course: CourseRecordRow = {
    studentId: study.studentId,
    courseId: study.courseId,
    schoolId,
    lastChapterId: touched.at(-1)?.id ?? '',
    lastVisitAt: lastAt,
    effMs,
    completeChapter: complete,
    totalChapter: total,
    process: total ? Math.floor((complete * 100) / total) : 0,
    startedAt: changes.learn.find((row) => row.courseId === study.courseId)?.startedAt ?? lastAt,
    completedAt: complete === total ? lastAt : null,
    updatedAt: lastAt,
  };
  changes.courses.push(course);
  changes.learners.push({ studentId: study.studentId, courseId: study.courseId });
}

/** Writes every study through the records module's writer (with the engine told, as direct writers do). */
export async function loadDemoRecords(ctx: AppContext, schoolId: string, studies: readonly Study[]): Promise<void> {
  const changes: Changes = { learn: [], courses: [], streams: [], learners: [], days: [] };
  for (const study of studies) await studyChanges(ctx, schoolId, study, changes);
  const scopes = studies.map(({ studentId, courseId }) => ({ studentId, courseId }));
  const failed = await writeThrough(ctx, scopes, async () => writeChanges(ctx, changes));
  if (failed.size) throw new Error(`demo records not written for ${[...failed].join(', ')}`);
}

/** The student signs the finished course: a drawn signature uploaded as the signature dialog does, then saved. */
async function sign(ctx: AppContext, student: Auth & { role: 'student' }, courseId: string): Promise<void> {
  const sharp = await loadSharp();
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><rect width="100%" height="100%" fill="#fff"/>' +
    '<path d="M30 110 C 70 20, 110 150, 150 70 S 230 40, 260 100 S 330 120, 370 60" ' +
    'stroke="#1f2a44" stroke-width="5" fill="none" stroke-linecap="round"/></svg>';
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const tmpFile = path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`);
  await fsp.mkdir(path.dirname(tmpFile), { recursive: true });
  await fsp.writeFile(tmpFile, jpeg);
  const received = { tmpFile, name: SIGNATURE_FILE_NAME, ext: 'JPEG', mime: 'image/jpeg', size: jpeg.length };
  const owner = { schoolId: student.schoolId, uploadedBy: `student:${student.userId}` };
  const file = await storeReceived(ctx, received, owner, 'private');
  await saveSignature(ctx, student, zSaveSignature.parse({ img: file.key, coid: courseId }));
}

/**
 * The student answers the exercises of a course they finished, as the quiz submits them (graded by the
 * exercise service); with `slip`, the second answer is wrong, so the exercise statistics have both.
 */
async function answerExercises(ctx: AppContext, student: Auth & { role: 'student' }, courseId: string, slip: boolean) {
  for (const chapter of (await studyChapters(ctx, courseId)).filter((row) => row.type === CHAPTER_TYPE.exercise)) {
    const { questions } = await exerciseList(ctx, student, courseId, chapter.id);
    const answers = await mapAsync(questions, async (question, i) => ({
      qid: question.qid,
      answer: slip && i === 1 ? '4' : (await getQuestion(ctx, student.schoolId, question.qid)).answer,
    }));
    await submitExercises(ctx, student, zExerSubmit.parse({ coid: courseId, cid: chapter.id, answers }));
  }
}

const COMMENTS = [
  '讲得很清楚，例子也很实用。',
  '视频和讲义配合得很好，推荐给新同事。',
  '练习题有点难，多做几遍就会了。',
];

/**
 * The finished course asks for a rating on its first chapter; the two who finished it answered its
 * exercises; each student who studied it rates it and comments on it, and the demo student signs it.
 */
export async function loadDemoFeedback(
  ctx: AppContext,
  adminId: string,
  finished: { courseId: string; students: (Auth & { role: 'student' })[] },
  signer: Auth & { role: 'student' },
): Promise<void> {
  const first = (await studyChapters(ctx, finished.courseId))[0];
  if (first) await updateChapter(ctx, adminId, zUpdateChapter.parse({ cid: first.id, showgrade: 1 }));
  await eachAsync(
    finished.students.slice(0, 2),
    async (student, i) => await answerExercises(ctx, student, finished.courseId, i > 0),
  );
  await sign(ctx, signer, finished.courseId);
  await eachAsync(finished.students, async (student, i) => {
    const coid = finished.courseId;
    await addGrade(
      ctx,
      student,
      zAddGrade.parse({ coid, score: 5 - i, content: COMMENTS[i % 3]!.slice(0, 12) }),
      'zh-CN',
    );
    await addComment(ctx, student, zAddComment.parse({ coid, text: COMMENTS[i % COMMENTS.length] }), 'zh-CN');
  });
}

export type { Study };
