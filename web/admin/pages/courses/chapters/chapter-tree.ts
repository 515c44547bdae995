import type { MessageKey } from '../../../../../shared/i18n';
import { CHAPTER_TYPE, type ChapterNode } from '../../../../../shared/schemas/chapters';

/** Chapter kinds in menu order with their names (CHAPTER_TYPE). */
export const CHAPTER_KINDS: { value: number; label: MessageKey }[] = [
  { value: CHAPTER_TYPE.heading, label: 'admin.chapters.kind.heading' },
  { value: CHAPTER_TYPE.video, label: 'admin.chapters.kind.video' },
  { value: CHAPTER_TYPE.audio, label: 'admin.chapters.kind.audio' },
  { value: CHAPTER_TYPE.document, label: 'admin.chapters.kind.document' },
  { value: CHAPTER_TYPE.imageText, label: 'admin.chapters.kind.imageText' },
  { value: CHAPTER_TYPE.office, label: 'admin.chapters.kind.office' },
  { value: CHAPTER_TYPE.ppt, label: 'admin.chapters.kind.ppt' },
  { value: CHAPTER_TYPE.exercise, label: 'admin.chapters.kind.exercise' },
  { value: CHAPTER_TYPE.exam, label: 'admin.chapters.kind.exam' },
];

/** The siblings of a chapter's parent ('0' = the top level). */
export function siblingsOf(tree: readonly ChapterNode[], parentId: string): ChapterNode[] {
  if (parentId === '0') return [...tree];
  return tree.find((chapter) => chapter.cid === parentId)?.children ?? [];
}

/** A dragged chapter: where it is and whether it has subchapters (those stay at the top level). */
export interface Dragged {
  cid: string;
  parentId: string;
  hasChildren: boolean;
}

/**
 * The chapter/move call for dropping `dragged` before or after `target` (under the target's parent):
 * the position counts the siblings without the dragged chapter. Null when nothing moves.
 */
export function dropBeside(
  tree: readonly ChapterNode[],
  dragged: Dragged,
  target: { cid: string; parentId: string },
  after: boolean,
): { parentId: string; position: number } | null {
  if (target.cid === dragged.cid) return null;
  const others = siblingsOf(tree, target.parentId).filter((chapter) => chapter.cid !== dragged.cid);
  const index = others.findIndex((chapter) => chapter.cid === target.cid);
  if (index < 0) return null;
  const position = index + (after ? 1 : 0);
  if (target.parentId === dragged.parentId) {
    const current = siblingsOf(tree, dragged.parentId).findIndex((chapter) => chapter.cid === dragged.cid);
    if (current === position) return null;
  }
  return { parentId: target.parentId, position };
}

/** How many chapters and subchapters a tree holds. */
export function countChapters(tree: readonly ChapterNode[]): { chapters: number; subchapters: number } {
  return { chapters: tree.length, subchapters: tree.reduce((sum, chapter) => sum + chapter.children.length, 0) };
}
