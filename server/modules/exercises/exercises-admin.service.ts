/**
 * The back office's chapter exercises (spec 7 course/exelist, course/updateExec; spec 3 'Chapter' exer and
 * exerc_count; 'Exercise sets hold question ids (tid) each with showanswer'). Permission 'course' (checked by
 * the route) and the administrator's school: another school's course or question looks like none at all.
 *
 * Choices where the spec is silent:
 * - One set per chapter, made and replaced by updateExec (the same eid and esid are kept on a replace); an
 *   empty question list detaches the set and deletes it. Students' answers stay (they name the chapter).
 * - The set's title defaults to the chapter's title.
 * - Questions must be the school's and not deleted, else 400 'unknown question' with the ids refused, and
 *   nothing is written.
 */
import type { z } from 'zod';
import {
  EXERCISE_ERRORS,
  type ChapterExercises,
  type ExeList,
  type zUpdateExec,
} from '../../../shared/schemas/exercises';
import type { AppContext } from '../../context';
import { badInput, notFound } from '../../lib/errors';
import { findChapter, listChapters, type ChapterRow } from '../chapters/chapters.repository';
import { managedCourse } from '../courses/courses.service';
import * as repo from './exercises.repository';
import { toExer, toSetQuestion } from './exercises.presenter';

/** A chapter's row of the list, with its set and questions. */
function chapterEntry(
  chapter: ChapterRow,
  set: repo.ChapterSetRow | undefined,
  questions: repo.SetQuestionRow[],
  code: string,
): ChapterExercises {
  return {
    cid: chapter.id,
    parent_id: chapter.parentId,
    title: chapter.title,
    type: chapter.type,
    exer: set ? toExer(set, code, chapter.type) : null,
    exerc_count: set?.count ?? 0,
    questions: set ? questions.filter((q) => q.setId === set.eid).map(toSetQuestion) : [],
  };
}

/** Chapters in study order: each top-level chapter followed by its subchapters. */
export function treeOrder(rows: ChapterRow[]): ChapterRow[] {
  const tops = rows.filter((row) => row.parentId === '0');
  return tops.flatMap((top) => [top, ...rows.filter((row) => row.parentId === top.id)]);
}

/** POST course/exelist {coid}: every chapter of the course with its exercise set. */
export async function exeList(ctx: AppContext, adminId: string, coid: string): Promise<ExeList> {
  const course = await managedCourse(ctx, adminId, coid);
  const code = ctx.courseCodec.encode(course.id);
  const sets = new Map((await repo.chapterSetsOfCourse(ctx.db, course.id)).map((set) => [set.chapterId, set]));
  const questions = await repo.questionsOfSets(
    ctx.db,
    [...sets.values()].map((set) => set.eid),
  );
  const chapters = treeOrder(await listChapters(ctx.db, course.id)).map((chapter) =>
    chapterEntry(chapter, sets.get(chapter.id), questions, code),
  );
  return { coid: course.id, chapters };
}

/** POST course/updateExec: creates, replaces or (with no questions) detaches the chapter's exercise set. */
export async function updateExec(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zUpdateExec>,
): Promise<ChapterExercises> {
  const course = await managedCourse(ctx, adminId, input.coid);
  const chapter = await findChapter(ctx.db, input.cid);
  if (!chapter || chapter.courseId !== course.id) throw notFound();
  const ids = input.questions.map((q) => q.qid);
  const live = await repo.liveSchoolQuestions(ctx.db, course.schoolId, ids);
  const refused = ids.filter((id) => !live.has(id));
  if (refused.length > 0) throw badInput(EXERCISE_ERRORS.unknownQuestion, { qids: refused });
  await ctx.db.transaction(async (tx) => {
    const existing = await repo.chapterSet(tx, chapter.id);
    if (input.questions.length === 0) {
      if (existing) await repo.removeChapterSet(tx, existing);
      return;
    }
    await repo.saveChapterSet(
      tx,
      {
        existing,
        ids: { eid: ctx.ids.next(), esid: ctx.ids.next() },
        schoolId: course.schoolId,
        courseId: course.id,
        chapterId: chapter.id,
        title: input.title || chapter.title,
        now: ctx.now(),
      },
      input.questions,
    );
  });
  const set = await repo.chapterSet(ctx.db, chapter.id);
  return chapterEntry(
    chapter,
    set,
    set ? await repo.questionsOfSets(ctx.db, [set.eid]) : [],
    ctx.courseCodec.encode(course.id),
  );
}
