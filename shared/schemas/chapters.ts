import * as z from 'zod';
import { zId } from './common';
import { DESCRIPTION_MAX, zFlag, zTitle } from './courses';

/**
 * Chapters of a course (spec 3 'Chapter'): chapters and subchapters (two levels), positions dense 0..n-1
 * among siblings. Replies carry real JSON arrays.
 */

/**
 * Chapter kinds. Spec 2 names the learn-page letter of each kind (p document, v video/audio, i image-text,
 * o and oo exercise/exam, ppt presentation); spec 3 names ware types 6 (ppt), 9, 10, 15 and 17 for special
 * handling without saying what they are, so 6 is ppt here too and 9, 10, 15, 17 are left to the ware
 * (uploads) domain. 0 is a chapter that only groups its subchapters.
 */
export const CHAPTER_TYPE = {
  heading: 0,
  video: 1,
  audio: 2,
  document: 3,
  imageText: 4,
  office: 5,
  ppt: 6,
  exercise: 7,
  exam: 8,
} as const;
export type ChapterType = (typeof CHAPTER_TYPE)[keyof typeof CHAPTER_TYPE];

/** Ware types the spec singles out for special handling (spec 3 'Ware info'). */
export const WARE_SPECIAL_TYPES = [6, 9, 10, 15, 17] as const;

/** The type letter of the learn page /u/learn/{code}/{cid}/{letter} per chapter kind (spec 2); '' for a heading. */
export const CHAPTER_LEARN_LETTER: Record<ChapterType, string> = {
  0: '',
  1: 'v',
  2: 'v',
  3: 'p',
  4: 'i',
  5: 'p',
  6: 'ppt',
  7: 'o',
  8: 'oo',
};

/** The learn letter of a stored chapter type ('' for an unknown one). */
export function learnLetter(type: number): string {
  return (CHAPTER_LEARN_LETTER as Record<number, string>)[type] ?? '';
}

/** A chapter kind of CHAPTER_TYPE. */
export const zChapterType = z
  .number()
  .int()
  .refine((value) => Object.values(CHAPTER_TYPE).includes(value as ChapterType), 'must be a chapter type 0-8');

/** Error strings of chapter calls. */
export const CHAPTER_ERRORS = {
  tooDeep: 'too deep',
  hasSubchapters: 'chapter has subchapters',
  intoItself: 'cannot move a chapter under itself',
} as const;

/** A chapter as replies carry it; locked when the viewer must buy the course to open it. */
export const zChapter = z.object({
  cid: z.string(),
  coid: z.string(),
  parent_id: z.string(),
  position: z.number().int(),
  title: z.string(),
  type: z.number().int(),
  /** The learn-page letter (CHAPTER_LEARN_LETTER). */
  learnType: z.string(),
  free: z.boolean(),
  allowdownload: z.boolean(),
  showgrade: z.boolean(),
  /** Sanitised rich text; holds the end date of a staged plan's subsection (spec 3). */
  description: z.string(),
  locked: z.boolean(),
});
export type Chapter = z.infer<typeof zChapter>;

const zSubchapter = zChapter.extend({ children: z.array(zChapter).max(0) });
/** A chapter with its subchapters. */
export const zChapterNode = zChapter.extend({ children: z.array(zSubchapter) });
export type ChapterNode = Chapter & { children: ChapterNode[] };

/** GET course/chapter/{id}: the tree, with the course's price state for the viewer. */
export const zChapterList = z.object({
  coid: z.string(),
  code: z.string(),
  /** The course is free (actual 0). */
  free: z.boolean(),
  isbuy: z.boolean(),
  hasFreeChapter: z.boolean(),
  chapters: z.array(zChapterNode),
});
export type ChapterList = z.infer<typeof zChapterList>;

/** POST chapter/add {coid, parent_id, title, type}: appended last under parent_id ('0' = a top-level chapter). */
export const zAddChapter = z.object({
  coid: zId,
  parent_id: zId.default('0'),
  title: zTitle,
  type: zChapterType.default(CHAPTER_TYPE.heading),
});
/** POST chapter/rename {cid, title}. */
export const zRenameChapter = z.object({ cid: zId, title: zTitle });
/** POST chapter/free {cid, free}: a free chapter can be tried without buying. */
export const zFreeChapter = z.object({ cid: zId, free: zFlag });
/** POST chapter/update {cid, type?, allowdownload?, showgrade?, description?}: description is sanitised. */
export const zUpdateChapter = z.object({
  cid: zId,
  type: zChapterType.optional(),
  allowdownload: zFlag.optional(),
  showgrade: zFlag.optional(),
  description: z.string().max(DESCRIPTION_MAX).optional(),
});
/** POST chapter/move {cid, parent_id, position}: reorders and moves between parents; past the end means last. */
export const zMoveChapter = z.object({ cid: zId, parent_id: zId, position: z.number().int().min(0) });
/** POST chapter/move answers the course's new tree. */
export const zMovedChapters = z.object({ chapters: z.array(zChapterNode) });
/** POST chapter/delete {cid}: deletes the chapter and its subchapters. */
export const zChapterRef = z.object({ cid: zId });
/** How many chapters a delete removed. */
export const zChaptersDeleted = z.object({ deleted: z.number().int() });
