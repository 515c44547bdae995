import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { cleanCommentText, commentLength, COMMENT_MAX } from '../../../shared/rules/comments';
import { COMMENT_ERRORS, type AdminComment, type AdminCommentQuery } from '../../../shared/schemas/comments';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { findAdmin } from '../auth/accounts.repository';
import { findChapter } from '../chapters/chapters.repository';
import { assertManageCourse, canManageCourse, scopeFilter } from '../courses/course-access';
import { findCourse, findCourses } from '../courses/courses.repository';
import * as repo from './comments.repository';
import { commentReplied } from '../notices/events';
import { repliesByParent, toAdminComment } from './comments.presenter';

/**
 * The back office's comment calls (permission course, checked by the routes). Every comment named is
 * checked against canManageCourse (server/modules/courses/course-access): another school's ids, or a
 * course the administrator may not manage, answer 404 and nothing changes.
 */

/** GET a/comment/list: the school's comments on live courses, newest first, each with every reply (hidden ones too). */
export async function adminComments(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
  query: AdminCommentQuery,
): Promise<{ list: AdminComment[]; total: number }> {
  if (query.coid) {
    const course = await findCourse(ctx.db, query.coid);
    await assertManageCourse(ctx, adminId, course && !course.deleted ? course : undefined);
  }
  // A sub-admin limited to categories sees only their courses' comments: the scope filters in the query, so paging stays right.
  const { rows, total } = await repo.adminComments(ctx.db, {
    schoolId,
    scope: await scopeFilter(ctx, adminId),
    courseId: query.coid,
    keyword: query.keyword || undefined,
    hidden: query.hidden === undefined ? undefined : query.hidden === 1,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  const replies = repliesByParent(
    await repo.repliesOf(
      ctx.db,
      rows.map((row) => row.comment.id),
      true,
    ),
  );
  return {
    list: rows.map((row) =>
      toAdminComment(row.comment, row.courseTitle, row.chapterTitle, replies.get(row.comment.id) ?? []),
    ),
    total,
  };
}

/** The comments named, all of the administrator's school and manageable, else 404 (nothing changes). */
async function manageable(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
  cmids: readonly string[],
): Promise<repo.CommentRow[]> {
  const ids = [...new Set(cmids)];
  const rows = await repo.findComments(ctx.db, ids);
  if (rows.length !== ids.length) throw notFound(COMMENT_ERRORS.notFound);
  const courses = new Map(
    (await findCourses(ctx.db, [...new Set(rows.map((row) => row.courseId))])).map((course) => [course.id, course]),
  );
  for (const row of rows) {
    const course = courses.get(row.courseId);
    if (row.schoolId !== schoolId || !course || !(await canManageCourse(ctx, adminId, course)))
      throw notFound(COMMENT_ERRORS.notFound);
  }
  return rows;
}

/** The text of an administrator's reply, cleaned; empty or too long → 400 with the field. */
function replyText(raw: string, locale: Locale): string {
  const text = cleanCommentText(raw);
  const key = text === '' ? 'emptyComment' : commentLength(text) > COMMENT_MAX ? 'moreWordAlert' : null;
  if (key) throw new AppError(400, key, { field: 'text', key, message: translate(locale, `comments.${key}`) });
  return text;
}

/**
 * POST a/comment/reply {cmid, text}: the administrator's reply under the comment (a reply named is
 * answered under its comment), signed with the administrator's name.
 */
export async function replyToComment(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
  cmid: string,
  raw: string,
  locale: Locale,
): Promise<AdminComment> {
  const [named] = await manageable(ctx, adminId, schoolId, [cmid]);
  const comment = named.parentId === repo.TOP ? named : await repo.findComment(ctx.db, named.parentId);
  if (!comment) throw notFound(COMMENT_ERRORS.notFound);
  const text = replyText(raw, locale);
  const at = ctx.now();
  const name = (await findAdmin(ctx.db, adminId))?.name ?? '';
  const course = await findCourse(ctx.db, comment.courseId);
  await ctx.db.transaction(async (tx) => {
    await repo.insertComment(tx, {
      id: ctx.ids.next(),
      schoolId: comment.schoolId,
      courseId: comment.courseId,
      chapterId: comment.chapterId,
      parentId: comment.id,
      authorRole: 'admin',
      authorId: adminId,
      authorName: name,
      text,
      likes: 0,
      hidden: false,
      createdAt: at,
    });
    // Issue 16: the student who wrote the comment is told of the reply.
    if (comment.authorRole === 'student') {
      const who = { schoolId: comment.schoolId, studentId: comment.authorId };
      await commentReplied({ tx, ctx, at }, who, { courseId: comment.courseId, title: course?.title ?? '', name });
    }
  });
  const chapter =
    comment.chapterId === repo.TOP ? null : ((await findChapter(ctx.db, comment.chapterId))?.title ?? null);
  return toAdminComment(comment, course?.title ?? '', chapter, await repo.repliesOf(ctx.db, [comment.id], true));
}

/** POST a/comment/hide {cmids, hidden}: hides (1) or shows again (0) comments or replies. */
export async function hideComments(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
  cmids: readonly string[],
  hidden: boolean,
): Promise<{ changed: number }> {
  return await ctx.db.transaction(async (tx) => {
    const rows = await manageable(ctx, adminId, schoolId, cmids);
    return {
      changed: await repo.setHidden(
        tx,
        rows.map((row) => row.id),
        hidden,
      ),
    };
  });
}

/** POST a/comment/delete {cmids}: deletes comments with their replies, or single replies. */
export async function deleteComments(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
  cmids: readonly string[],
): Promise<{ deleted: number }> {
  return await ctx.db.transaction(async (tx) => {
    const rows = await manageable(ctx, adminId, schoolId, cmids);
    return {
      deleted: await repo.deleteWithReplies(
        tx,
        rows.map((row) => row.id),
      ),
    };
  });
}

/** GET a/comment/setting. */
export async function commentSetting(ctx: AppContext, schoolId: string): Promise<{ noAllowComment: boolean }> {
  return { noAllowComment: (await repo.schoolSettings(ctx.db, schoolId)).noAllowComment === true };
}

/** POST a/comment/setting {noAllowComment}: stored in the school's settings JSON, other keys untouched. */
export async function saveCommentSetting(
  ctx: AppContext,
  schoolId: string,
  noAllowComment: boolean,
): Promise<{ noAllowComment: boolean }> {
  await repo.setSchoolFlag(ctx.db, schoolId, 'noAllowComment', noAllowComment);
  return await commentSetting(ctx, schoolId);
}
