import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, commentLikes, comments, courses, schools } from '../../db/schema';
import { likePattern } from '../courses/courses.repository';

export type CommentRow = typeof comments.$inferSelect;
export type NewCommentRow = typeof comments.$inferInsert;

/** The comment marker of parentId (a reply carries its comment's id). */
export const TOP = '0';

// Snowflake ids grow with time; equal-length decimal strings compare like numbers.
const newestFirst = [desc(comments.createdAt), desc(sql`length(${comments.id})`), desc(comments.id)];

export function findComment(db: Db, id: string): CommentRow | undefined {
  return db.select().from(comments).where(eq(comments.id, id)).get();
}

export function findComments(db: Db, ids: readonly string[]): CommentRow[] {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(comments)
    .where(inArray(comments.id, [...ids]))
    .all();
}

/** A page of a course's visible comments (not replies), newest first, with the total. */
export function pageVisibleComments(
  db: Db,
  courseId: string,
  limit: number,
  offset: number,
): { rows: CommentRow[]; total: number } {
  const where = and(eq(comments.courseId, courseId), eq(comments.parentId, TOP), eq(comments.hidden, false));
  const rows = db
    .select()
    .from(comments)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
    .all();
  const total = db.select({ n: count() }).from(comments).where(where).get()?.n ?? 0;
  return { rows, total };
}

/** The replies of these comments, oldest first (a conversation reads downwards); hidden ones only when asked. */
export function repliesOf(db: Db, parentIds: readonly string[], withHidden = false): CommentRow[] {
  if (parentIds.length === 0) return [];
  return db
    .select()
    .from(comments)
    .where(and(inArray(comments.parentId, [...parentIds]), withHidden ? undefined : eq(comments.hidden, false)))
    .orderBy(comments.createdAt, sql`length(${comments.id})`, comments.id)
    .all();
}

/** Every visible reply of the course's visible comments, oldest first. */
export function visibleCourseReplies(db: Db, courseId: string): CommentRow[] {
  const parents = db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.courseId, courseId), eq(comments.parentId, TOP), eq(comments.hidden, false)));
  return db
    .select()
    .from(comments)
    .where(and(eq(comments.courseId, courseId), inArray(comments.parentId, parents), eq(comments.hidden, false)))
    .orderBy(comments.createdAt, sql`length(${comments.id})`, comments.id)
    .all();
}

/** The ids among these that the student liked. */
export function likedBy(db: Db, studentId: string, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  const rows = db
    .select({ id: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.studentId, studentId), inArray(commentLikes.commentId, [...ids])))
    .all();
  return new Set(rows.map((row) => row.id));
}

export function insertComment(db: Db, row: NewCommentRow): void {
  db.insert(comments).values(row).run();
}

/** How many comments the author wrote in the school since the instant (ms). */
export function countSince(db: Db, schoolId: string, authorId: string, since: number): number {
  return (
    db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.schoolId, schoolId), gt(comments.createdAt, since), eq(comments.authorId, authorId)))
      .get()?.n ?? 0
  );
}

/** Likes or unlikes for the student (whichever they have not); answers the new count. Run inside a transaction. */
export function toggleLike(
  db: Db,
  commentId: string,
  studentId: string,
  at: number,
): { count: number; liked: boolean } {
  const removed = db
    .delete(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.studentId, studentId)))
    .run().changes;
  if (!removed) db.insert(commentLikes).values({ commentId, studentId, createdAt: at }).run();
  // The count is recomputed from the likes themselves, so it can never drift.
  const n = db.select({ n: count() }).from(commentLikes).where(eq(commentLikes.commentId, commentId)).get()?.n ?? 0;
  db.update(comments).set({ likes: n }).where(eq(comments.id, commentId)).run();
  return { count: n, liked: !removed };
}

/** Deletes the comments and the replies under them (their likes go by cascade); answers how many rows went. */
export function deleteWithReplies(db: Db, ids: readonly string[]): number {
  if (ids.length === 0) return 0;
  const replies = db
    .delete(comments)
    .where(inArray(comments.parentId, [...ids]))
    .run().changes;
  return (
    replies +
    db
      .delete(comments)
      .where(inArray(comments.id, [...ids]))
      .run().changes
  );
}

export function setHidden(db: Db, ids: readonly string[], hidden: boolean): number {
  if (ids.length === 0) return 0;
  return db
    .update(comments)
    .set({ hidden })
    .where(inArray(comments.id, [...ids]))
    .run().changes;
}

export interface AdminCommentFilter {
  schoolId: string;
  courseId?: string;
  keyword?: string;
  hidden?: boolean;
  /** The administrator's category scope over courses (course-access scopeFilter); undefined = every course. */
  scope?: SQL;
  limit: number;
  offset: number;
}

/** The school's comments (not replies) on courses that are not deleted, with course and chapter titles, newest first. */
export function adminComments(db: Db, filter: AdminCommentFilter) {
  const conditions: (SQL | undefined)[] = [
    eq(comments.schoolId, filter.schoolId),
    eq(comments.parentId, TOP),
    eq(courses.deleted, false),
    filter.courseId ? eq(comments.courseId, filter.courseId) : undefined,
    filter.hidden === undefined ? undefined : eq(comments.hidden, filter.hidden),
    filter.scope,
  ];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      sql`(${comments.text} like ${pattern} escape '\\' or ${comments.authorName} like ${pattern} escape '\\')`,
    );
  }
  const where = and(...conditions);
  const rows = db
    .select({ comment: comments, courseTitle: courses.title, chapterTitle: chapters.title })
    .from(comments)
    .innerJoin(courses, eq(courses.id, comments.courseId))
    .leftJoin(chapters, eq(chapters.id, comments.chapterId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
  const total =
    db.select({ n: count() }).from(comments).innerJoin(courses, eq(courses.id, comments.courseId)).where(where).get()
      ?.n ?? 0;
  return { rows, total };
}

/** The school's settings JSON (spec 3 'Student settings' and other school-wide switches); {} when unreadable. */
export function schoolSettings(db: Db, schoolId: string): Record<string, unknown> {
  const raw = db.select({ settings: schools.settings }).from(schools).where(eq(schools.id, schoolId)).get()?.settings;
  try {
    const value: unknown = JSON.parse(raw ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Sets one boolean key of the school's settings in one statement (json_set), leaving the other keys as they are. */
export function setSchoolFlag(db: Db, schoolId: string, key: 'noAllowComment', value: boolean): void {
  const settings = sql`case when json_valid(${schools.settings}) and json_type(${schools.settings}) = 'object' then ${schools.settings} else '{}' end`;
  db.update(schools)
    .set({ settings: sql`json_set(${settings}, ${`$.${key}`}, json(${value ? 'true' : 'false'}))` })
    .where(eq(schools.id, schoolId))
    .run();
}
