import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { chapters, commentLikes, comments, courses, schools } from '../../db/schema';
import { likePattern } from '../courses/courses.repository';
import { jsonWithKey, LIKE } from '../../db/sql-dialect';

export type CommentRow = typeof comments.$inferSelect;
export type NewCommentRow = typeof comments.$inferInsert;

/** The comment marker of parentId (a reply carries its comment's id). */
export const TOP = '0';

// Snowflake ids grow with time; equal-length decimal strings compare like numbers.
const newestFirst = [desc(comments.createdAt), desc(sql`length(${comments.id})`), desc(comments.id)];

export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return first(await db.select().from(comments).where(eq(comments.id, id)));
}

export async function findComments(db: Db, ids: readonly string[]): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  return await db
    .select()
    .from(comments)
    .where(inArray(comments.id, [...ids]));
}

/** A page of a course's visible comments (not replies), newest first, with the total. */
export async function pageVisibleComments(
  db: Db,
  courseId: string,
  limit: number,
  offset: number,
): Promise<{ rows: CommentRow[]; total: number }> {
  const where = and(eq(comments.courseId, courseId), eq(comments.parentId, TOP), eq(comments.hidden, false));
  const rows = await db
    .select()
    .from(comments)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const total = first(await db.select({ n: count() }).from(comments).where(where))?.n ?? 0;
  return { rows, total };
}

/** The replies of these comments, oldest first (a conversation reads downwards); hidden ones only when asked. */
export async function repliesOf(db: Db, parentIds: readonly string[], withHidden = false): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  return await db
    .select()
    .from(comments)
    .where(and(inArray(comments.parentId, [...parentIds]), withHidden ? undefined : eq(comments.hidden, false)))
    .orderBy(comments.createdAt, sql`length(${comments.id})`, comments.id);
}

/** Every visible reply of the course's visible comments, oldest first. */
export async function visibleCourseReplies(db: Db, courseId: string): Promise<CommentRow[]> {
  const parents = db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.courseId, courseId), eq(comments.parentId, TOP), eq(comments.hidden, false)));
  return await db
    .select()
    .from(comments)
    .where(and(eq(comments.courseId, courseId), inArray(comments.parentId, parents), eq(comments.hidden, false)))
    .orderBy(comments.createdAt, sql`length(${comments.id})`, comments.id);
}

/** The ids among these that the student liked. */
export async function likedBy(db: Db, studentId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.studentId, studentId), inArray(commentLikes.commentId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export async function insertComment(db: Db, row: NewCommentRow): Promise<void> {
  await db.insert(comments).values(row);
}

/** How many comments the author wrote in the school since the instant (ms). */
export async function countSince(db: Db, schoolId: string, authorId: string, since: number): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(comments)
        .where(and(eq(comments.schoolId, schoolId), gt(comments.createdAt, since), eq(comments.authorId, authorId))),
    )?.n ?? 0
  );
}

/** Likes or unlikes for the student (whichever they have not); answers the new count. Run inside a transaction. */
export async function toggleLike(
  db: Db,
  commentId: string,
  studentId: string,
  at: number,
): Promise<{ count: number; liked: boolean }> {
  const removed = affected(
    await db
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.studentId, studentId))),
  );
  if (!removed) await db.insert(commentLikes).values({ commentId, studentId, createdAt: at });
  // The count is recomputed from the likes themselves, so it can never drift.
  const n =
    first(await db.select({ n: count() }).from(commentLikes).where(eq(commentLikes.commentId, commentId)))?.n ?? 0;
  await db.update(comments).set({ likes: n }).where(eq(comments.id, commentId));
  return { count: n, liked: !removed };
}

/** Deletes the comments and the replies under them (their likes go by cascade); answers how many rows went. */
export async function deleteWithReplies(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const replies = affected(await db.delete(comments).where(inArray(comments.parentId, [...ids])));
  return replies + affected(await db.delete(comments).where(inArray(comments.id, [...ids])));
}

export async function setHidden(db: Db, ids: readonly string[], hidden: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  return affected(
    await db
      .update(comments)
      .set({ hidden })
      .where(inArray(comments.id, [...ids])),
  );
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
export async function adminComments(db: Db, filter: AdminCommentFilter) {
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
      sql`(${comments.text} ${LIKE} ${pattern} escape '\\' or ${comments.authorName} ${LIKE} ${pattern} escape '\\')`,
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({ comment: comments, courseTitle: courses.title, chapterTitle: chapters.title })
    .from(comments)
    .innerJoin(courses, eq(courses.id, comments.courseId))
    .leftJoin(chapters, eq(chapters.id, comments.chapterId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(filter.limit)
    .offset(filter.offset);
  const total =
    first(
      await db.select({ n: count() }).from(comments).innerJoin(courses, eq(courses.id, comments.courseId)).where(where),
    )?.n ?? 0;
  return { rows, total };
}

/** The school's settings JSON (spec 3 'Student settings' and other school-wide switches); {} when unreadable. */
export async function schoolSettings(db: Db, schoolId: string): Promise<Record<string, unknown>> {
  const raw = first(
    await db.select({ settings: schools.settings }).from(schools).where(eq(schools.id, schoolId)),
  )?.settings;
  try {
    const value: unknown = JSON.parse(raw ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Sets one boolean key of the school's settings in one statement (json_set), leaving the other keys as they are. */
export async function setSchoolFlag(db: Db, schoolId: string, key: 'noAllowComment', value: boolean): Promise<void> {
  await db
    .update(schools)
    .set({ settings: jsonWithKey(schools.settings, key, value ? 'true' : 'false') })
    .where(eq(schools.id, schoolId));
}
