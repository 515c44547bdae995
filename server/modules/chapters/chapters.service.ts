import type { z } from 'zod';
import {
  CHAPTER_ERRORS,
  learnLetter,
  type Chapter,
  type ChapterList,
  type ChapterNode,
  type zAddChapter,
  type zMoveChapter,
  type zUpdateChapter,
} from '../../../shared/schemas/chapters';
import type { AppContext, Auth } from '../../context';
import { badInput, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { chaptersUnlocked, purchaseOf } from '../access/policy';
import { openCourse } from '../courses/course-visibility';
import { managedCourse } from '../courses/courses.service';
import { toFlag } from '../courses/courses.presenter';
import type { CourseRow } from '../courses/courses.repository';
import * as repo from './chapters.repository';
import type { ChapterRow } from './chapters.repository';

/** A 400 naming the field, with a stable error string. */
const refused = (error: string, field: string) => badInput(error, { field, issues: [{ field, message: error }] });

/** A stored chapter as replies carry it. */
export function toChapter(row: ChapterRow, locked: boolean): Chapter {
  return {
    cid: row.id,
    coid: row.courseId,
    parent_id: row.parentId,
    position: row.position,
    title: row.title,
    type: row.type,
    learnType: learnLetter(row.type),
    free: row.free,
    allowdownload: row.allowdownload,
    showgrade: row.showgrade,
    description: row.description,
    locked,
  };
}

/**
 * Nests chapters under their top-level parents in position order. With `owned` false (a paid course the
 * viewer has not bought), a chapter is locked unless it, or the chapter it belongs to, is free.
 */
export function chapterTree(rows: readonly ChapterRow[], owned: boolean): ChapterNode[] {
  const order = (a: ChapterRow, b: ChapterRow) => a.position - b.position || a.createdAt - b.createdAt;
  const top = rows.filter((row) => row.parentId === '0').sort(order);
  return top.map((chapter) => ({
    ...toChapter(chapter, !owned && !chapter.free),
    children: rows
      .filter((row) => row.parentId === chapter.id)
      .sort(order)
      .map((sub) => ({ ...toChapter(sub, !owned && !sub.free && !chapter.free), children: [] })),
  }));
}

/** GET course/chapter/{id}: the tree for the viewer (published course; an administrator of it sees drafts, nothing locked). */
export async function chapterList(ctx: AppContext, auth: Auth, ref: string): Promise<ChapterList> {
  const course = await openCourse(ctx, auth, ref);
  const { head } = course;
  const purchase = await purchaseOf(ctx, auth, head);
  const free = head.actualFen <= 0;
  const owned = await chaptersUnlocked(ctx, auth, course);
  const rows = await repo.listChapters(ctx.db, head.id);
  return {
    coid: head.id,
    code: ctx.courseCodec.encode(head.id),
    free,
    isbuy: purchase.bought,
    hasFreeChapter: rows.some((row) => row.free),
    chapters: chapterTree(rows, owned),
  };
}

/** The chapter and its course when the administrator may manage the course, else 404. */
async function managedChapter(
  ctx: AppContext,
  adminId: string,
  cid: string,
): Promise<{ chapter: ChapterRow; course: CourseRow }> {
  const chapter = await repo.findChapter(ctx.db, cid);
  if (!chapter) throw notFound();
  return { chapter, course: await managedCourse(ctx, adminId, chapter.courseId) };
}

/** A top-level chapter of the course to hang a subchapter under: 404 when unknown, 400 'too deep' for a subchapter. */
async function parentChapter(ctx: AppContext, courseId: string, parentId: string): Promise<ChapterRow | null> {
  if (parentId === '0') return null;
  const parent = await repo.findChapter(ctx.db, parentId);
  if (!parent || parent.courseId !== courseId) throw notFound('parent not found');
  if (parent.parentId !== '0') throw refused(CHAPTER_ERRORS.tooDeep, 'parent_id');
  return parent;
}

/** POST chapter/add: appends a chapter (parent_id '0') or a subchapter under a top-level chapter. */
export async function addChapter(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zAddChapter>,
): Promise<Chapter> {
  const course = await managedCourse(ctx, adminId, input.coid);
  await parentChapter(ctx, course.id, input.parent_id);
  const id = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    const position = await repo.countChildren(tx, course.id, input.parent_id);
    await repo.insertChapters(tx, [
      {
        id,
        courseId: course.id,
        parentId: input.parent_id,
        position,
        title: input.title,
        type: input.type,
        createdAt: ctx.now(),
      },
    ]);
  });
  ctx.catalogueCache.bump(course.schoolId);
  return toChapter((await repo.findChapter(ctx.db, id))!, false);
}

/** Applies a change to one chapter of a course the administrator manages, and returns it. */
async function changeChapter(
  ctx: AppContext,
  adminId: string,
  cid: string,
  patch: Parameters<typeof repo.updateChapter>[2],
): Promise<Chapter> {
  const { chapter, course } = await managedChapter(ctx, adminId, cid);
  // chapter/update with nothing to change (every field optional) answers the chapter as it is.
  if (Object.keys(patch).length === 0) return toChapter(chapter, false);
  await repo.updateChapter(ctx.db, chapter.id, patch);
  ctx.catalogueCache.bump(course.schoolId);
  return toChapter((await repo.findChapter(ctx.db, chapter.id))!, false);
}

/** POST chapter/rename. */
export async function renameChapter(ctx: AppContext, adminId: string, cid: string, title: string): Promise<Chapter> {
  return await changeChapter(ctx, adminId, cid, { title });
}

/** POST chapter/free: free (1) chapters can be tried without buying. */
export async function setChapterFree(
  ctx: AppContext,
  adminId: string,
  cid: string,
  free: boolean | 0 | 1,
): Promise<Chapter> {
  return await changeChapter(ctx, adminId, cid, { free: toFlag(free) });
}

/** POST chapter/update: kind, download and grading switches, description (sanitised). */
export async function updateChapter(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zUpdateChapter>,
): Promise<Chapter> {
  return await changeChapter(ctx, adminId, input.cid, {
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.allowdownload !== undefined ? { allowdownload: toFlag(input.allowdownload) } : {}),
    ...(input.showgrade !== undefined ? { showgrade: toFlag(input.showgrade) } : {}),
    ...(input.description !== undefined ? { description: sanitizeRichText(input.description) } : {}),
  });
}

/**
 * POST chapter/move: places the chapter at position under parent_id ('0' or a top-level chapter); a chapter
 * with subchapters stays top-level. Both sibling lists stay dense 0..n-1. Returns the course's whole tree.
 */
export async function moveChapter(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zMoveChapter>,
): Promise<{ chapters: ChapterNode[] }> {
  const { chapter, course } = await managedChapter(ctx, adminId, input.cid);
  if (input.parent_id === chapter.id) throw refused(CHAPTER_ERRORS.intoItself, 'parent_id');
  await parentChapter(ctx, course.id, input.parent_id);
  if (input.parent_id !== '0' && (await repo.countChildren(ctx.db, course.id, chapter.id)) > 0)
    throw refused(CHAPTER_ERRORS.hasSubchapters, 'parent_id');
  await ctx.db.transaction(async (tx) => {
    if (input.parent_id !== chapter.parentId) {
      await repo.renumber(
        tx,
        (await repo.siblings(tx, course.id, chapter.parentId)).filter((row) => row.id !== chapter.id),
      );
      await repo.updateChapter(tx, chapter.id, { parentId: input.parent_id });
    }
    const others = (await repo.siblings(tx, course.id, input.parent_id)).filter((row) => row.id !== chapter.id);
    others.splice(Math.min(input.position, others.length), 0, { ...chapter, position: -1 });
    await repo.renumber(tx, others);
  });
  ctx.catalogueCache.bump(course.schoolId);
  return { chapters: chapterTree(await repo.listChapters(ctx.db, course.id), true) };
}

/** POST chapter/delete: deletes the chapter with its subchapters; its siblings close the gap. */
export async function deleteChapter(ctx: AppContext, adminId: string, cid: string): Promise<{ deleted: number }> {
  const { chapter, course } = await managedChapter(ctx, adminId, cid);
  const deleted = await ctx.db.transaction(async (tx) => {
    const n = await repo.deleteChapterTree(tx, chapter.id);
    await repo.renumber(tx, await repo.siblings(tx, course.id, chapter.parentId));
    return n;
  });
  ctx.catalogueCache.bump(course.schoolId);
  return { deleted };
}
