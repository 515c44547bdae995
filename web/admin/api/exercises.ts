import type { ChapterExercises, ExeList, UpdateExec } from '../../../shared/schemas/exercises';
import { call } from '../../api/client';

/** The back office's chapter exercise calls (spec 7 course/exelist, course/updateExec). */

export const exeListKey = (coid: string) => ['course/exelist', coid] as const;

/** POST course/exelist {coid}: every chapter with its exercise set. */
export const exeList = (coid: string) => call<ExeList>('course/exelist', { method: 'POST', body: { coid } });

/** POST course/updateExec: creates, replaces or (no questions) detaches a chapter's set. */
export const updateExec = (body: UpdateExec) => call<ChapterExercises>('course/updateExec', { method: 'POST', body });
