import type { z } from 'zod';
import type { Chapter, ChapterNode, zUpdateChapter } from '../../../shared/schemas/chapters';
import { call } from '../../api/client';

export type ChapterUpdate = z.input<typeof zUpdateChapter>;

/** SWR key of a course's chapter tree (GET course/chapter/{id}). */
export const chapterKey = (coid: string) => `course/chapter/${coid}`;

/** POST chapter/add: appended last under parentId ('0' = top level). */
export const addChapter = (coid: string, parentId: string, title: string, type: number) =>
  call<Chapter>('chapter/add', { method: 'POST', body: { coid, parent_id: parentId, title, type } });
export const renameChapter = (cid: string, title: string) => call<Chapter>('chapter/rename', { method: 'POST', body: { cid, title } });
export const setChapterFree = (cid: string, free: boolean) => call<Chapter>('chapter/free', { method: 'POST', body: { cid, free } });
/** POST chapter/update: kind, download, grading, description. */
export const updateChapter = (input: ChapterUpdate) => call<Chapter>('chapter/update', { method: 'POST', body: input });
/** POST chapter/move: to position (among the siblings without itself) under parentId; answers the new tree. */
export const moveChapter = (cid: string, parentId: string, position: number) =>
  call<{ chapters: ChapterNode[] }>('chapter/move', { method: 'POST', body: { cid, parent_id: parentId, position } });
/** POST chapter/delete: with its subchapters. */
export const deleteChapter = (cid: string) => call<{ deleted: number }>('chapter/delete', { method: 'POST', body: { cid } });
