/**
 * Factories for exercise and exam tests: questions, exercise sets on chapters, papers and exams written
 * directly, as the back office would write them (server/db/schema/exams.ts).
 */
import {
  chapterExercises,
  examAudience,
  exams,
  exerciseSetQuestions,
  exerciseSets,
  paperQuestions,
  papers,
  questions,
} from '../../server/db/schema';
import type { TestApp } from './app';
import { eachAsync } from '../../server/lib/sequential';

export interface SeedQuestion {
  schoolId: string;
  /** 0 single, 1 multiple, 2 true/false ('0' = true), 3 short. */
  type: number;
  content?: string;
  /** Option contents; oids are '1', '2', ... in order. */
  options?: string[];
  answer: string;
  point?: number;
  explanation?: string;
  showAnswer?: boolean;
  categoryId?: string;
}

/** A question in the school's bank; returns its id (qid). */
export async function seedQuestion(app: TestApp, input: SeedQuestion): Promise<string> {
  const { ctx } = app;
  const id = ctx.ids.next();
  const now = ctx.now();
  await ctx.db.insert(questions).values({
    id,
    schoolId: input.schoolId,
    categoryId: input.categoryId ?? '',
    type: input.type,
    content: input.content ?? `<p>Question ${id}</p>`,
    options: JSON.stringify((input.options ?? []).map((content, index) => ({ oid: String(index + 1), content }))),
    answer: input.answer,
    point: input.point ?? 10,
    explanation: input.explanation ?? '',
    showAnswer: input.showAnswer ?? true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** An exercise set of these questions attached to a chapter; returns { eid, esid }. */
export async function seedChapterExercises(
  app: TestApp,
  input: {
    schoolId: string;
    courseId: string;
    chapterId: string;
    questionIds: string[];
    showAnswer?: boolean;
    title?: string;
  },
) {
  const { ctx } = app;
  const now = ctx.now();
  const eid = ctx.ids.next();
  const esid = ctx.ids.next();
  await ctx.db
    .insert(exerciseSets)
    .values({ id: eid, schoolId: input.schoolId, title: input.title ?? 'Exercises', createdAt: now, updatedAt: now });
  await eachAsync(
    input.questionIds,
    async (questionId, position) =>
      await ctx.db
        .insert(exerciseSetQuestions)
        .values({ setId: eid, questionId, position, showAnswer: input.showAnswer ?? true }),
  );
  await ctx.db.insert(chapterExercises).values({
    id: esid,
    chapterId: input.chapterId,
    courseId: input.courseId,
    schoolId: input.schoolId,
    setId: eid,
    createdAt: now,
  });
  return { eid, esid };
}

/** A fixed paper of these questions (points: each question's own unless given); returns its id. */
export async function seedPaper(
  app: TestApp,
  input: { schoolId: string; questionIds: string[]; points?: number[]; passScore?: number; title?: string },
): Promise<string> {
  const { ctx } = app;
  const now = ctx.now();
  const id = ctx.ids.next();
  const points = input.questionIds.map((_, index) => input.points?.[index] ?? 10);
  const total = points.reduce((sum, point) => sum + point, 0);
  await ctx.db.insert(papers).values({
    id,
    schoolId: input.schoolId,
    title: input.title ?? 'Paper',
    mode: 'fixed',
    totalScore: total,
    passScore: input.passScore ?? total * 0.6,
    createdAt: now,
    updatedAt: now,
  });
  await eachAsync(
    input.questionIds,
    async (questionId, position) =>
      await ctx.db.insert(paperQuestions).values({ paperId: id, questionId, position, point: points[position] }),
  );
  return id;
}

export interface SeedExam {
  schoolId: string;
  paperId: string;
  title?: string;
  durationSec?: number;
  opensAt?: number | null;
  closesAt?: number | null;
  attempts?: number;
  showResults?: 'none' | 'score' | 'answers';
  status?: 'draft' | 'published';
  categoryId?: string;
  /** A chapter's exam (an exam chapter or a plan stage). */
  courseId?: string;
  chapterId?: string;
  optional?: boolean;
  /** Who may sit a standalone exam. */
  audience?: { targetType: 'group' | 'course'; targetId: string }[];
}

/** An exam (published unless told); returns its id. */
export async function seedExam(app: TestApp, input: SeedExam): Promise<string> {
  const { ctx } = app;
  const now = ctx.now();
  const id = ctx.ids.next();
  await ctx.db.insert(exams).values({
    id,
    schoolId: input.schoolId,
    paperId: input.paperId,
    categoryId: input.categoryId ?? '',
    title: input.title ?? 'Exam',
    durationSec: input.durationSec ?? 1800,
    opensAt: input.opensAt ?? null,
    closesAt: input.closesAt ?? null,
    attempts: input.attempts ?? 1,
    showResults: input.showResults ?? 'answers',
    status: input.status ?? 'published',
    courseId: input.courseId ?? '',
    chapterId: input.chapterId ?? '',
    optional: input.optional ?? false,
    createdAt: now,
    updatedAt: now,
  });
  for (const target of input.audience ?? []) await ctx.db.insert(examAudience).values({ examId: id, ...target });
  return id;
}
