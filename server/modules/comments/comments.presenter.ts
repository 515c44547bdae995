import type { AdminComment, Comment, CommentReply } from '../../../shared/schemas/comments';
import type { CommentRow } from './comments.repository';

/** What every item of one course's list shares: the course, its school and the viewer. */
export interface ListContext {
  coid: string;
  schoolId: string;
  /** The course's title (the spec's comment title). */
  title: string;
  /** The signed-in student's id, or null. */
  studentId: string | null;
  liked: ReadonlySet<string>;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A reply as the spec shapes it: cid is its comment's cmid (spec 3). */
export function toReply(row: CommentRow, list: ListContext): CommentReply {
  return {
    cmid: row.id,
    cid: row.parentId === '0' ? row.chapterId : row.parentId,
    pid: list.schoolId,
    coid: list.coid,
    title: list.title,
    text: row.text,
    name: row.authorName,
    count: row.likes,
    time: seconds(row.createdAt),
    role: row.authorRole,
    liked: list.liked.has(row.id),
    mine: row.authorRole === 'student' && list.studentId !== null && row.authorId === list.studentId,
  };
}

/** A comment with its replies (cid is the chapter, '0' for the course). */
export function toComment(row: CommentRow, replies: readonly CommentRow[], list: ListContext): Comment {
  return { ...toReply(row, list), reply: replies.map((reply) => toReply(reply, list)) };
}

/** Groups replies by their comment's id, keeping their order. */
export function repliesByParent(replies: readonly CommentRow[]): Map<string, CommentRow[]> {
  const byParent = new Map<string, CommentRow[]>();
  for (const reply of replies) {
    const list = byParent.get(reply.parentId);
    if (list) list.push(reply);
    else byParent.set(reply.parentId, [reply]);
  }
  return byParent;
}

const adminItem = (row: CommentRow) => ({
  cmid: row.id,
  text: row.text,
  name: row.authorName,
  role: row.authorRole,
  time: seconds(row.createdAt),
  count: row.likes,
  hidden: row.hidden,
});

/** A comment of the back office's list, with every reply (hidden ones too). */
export function toAdminComment(
  row: CommentRow,
  courseTitle: string,
  chapterTitle: string | null,
  replies: readonly CommentRow[],
): AdminComment {
  return {
    ...adminItem(row),
    coid: row.courseId,
    title: courseTitle,
    cid: row.chapterId,
    chapterTitle: row.chapterId === '0' ? '' : (chapterTitle ?? ''),
    reply: replies.map(adminItem),
  };
}
