import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { allowedGroupIds, COURSE_TYPE } from '../../../shared/rules/course-buttons';
import {
  cleanCommentText,
  commentOwnership,
  commentRefusal,
  type CommentRefusal,
} from '../../../shared/rules/comments';
import {
  COMMENT_ERRORS,
  COMMENT_RATE,
  type AddComment,
  type Comment,
  type CommentList,
  type CommentReply,
} from '../../../shared/schemas/comments';
import type { AppContext, Auth } from '../../context';
import { AppError, noLogin, notFound, tooMany } from '../../lib/errors';
import { findStudent } from '../auth/accounts.repository';
import { purchaseOf, viewerOf } from '../access/policy';
import { findChapter } from '../chapters/chapters.repository';
import { openCourse } from '../courses/course-visibility';
import type { CourseHead } from '../courses/catalogue.repository';
import { findCourse } from '../courses/courses.repository';
import { fenToYuan } from '../courses/courses.presenter';
import * as repo from './comments.repository';
import { repliesByParent, toComment, toReply, type ListContext } from './comments.presenter';

/** The school's switch of spec 3 'Student settings': commenting is hidden (and refused) when set. */
export async function commentsClosed(ctx: AppContext, schoolId: string): Promise<boolean> {
  return (await repo.schoolSettings(ctx.db, schoolId)).noAllowComment === true;
}

/** A refusal as the client sees it: the rule's key as the error, with the field and the message in the viewer's language. */
function refused(key: CommentRefusal | typeof COMMENT_ERRORS.closed | 'studentOnly', locale: Locale): AppError {
  if (key === 'noLogin') return noLogin();
  const message =
    key === 'studentOnly' ? translate(locale, 'errors.studentOnly') : translate(locale, `comments.${key}`);
  if (key === 'emptyComment' || key === 'moreWordAlert') return new AppError(400, key, { field: 'text', key, message });
  return new AppError(403, key, { key, message });
}

const isGraphicHead = (head: CourseHead) => head.type === COURSE_TYPE.graphicOrColumn;

/**
 * Whether the viewer has the course for commenting (shared/rules/comments commentOwnership); an
 * administrator has access to all of it (the rule then refuses them as not a student).
 */
async function ownsForComment(ctx: AppContext, auth: Auth, head: CourseHead): Promise<boolean> {
  if (auth.role === 'guest') return false;
  if (auth.role === 'admin') return true;
  return commentOwnership({
    actual: fenToYuan(head.actualFen),
    authentication_gid: head.authenticationGid,
    gid: allowedGroupIds(head.authenticationGid).length > 0 ? ((await viewerOf(ctx, auth))?.gid ?? []) : [],
    // Held any way the access policy knows (bought, granted, a key, a code, an order, a membership).
    enrolled: (await purchaseOf(ctx, auth, head)).bought,
    sameSchool: auth.schoolId === head.schoolId,
  });
}

/** The list context of a course for this viewer (title, school, the viewer's likes among the ids). */
async function listContext(
  ctx: AppContext,
  auth: Auth,
  head: CourseHead,
  ids: readonly string[],
): Promise<ListContext> {
  const studentId = auth.role === 'student' ? auth.userId : null;
  return {
    coid: head.id,
    schoolId: head.schoolId,
    title: (await findCourse(ctx.db, head.id))?.title ?? '',
    studentId,
    liked: studentId ? await repo.likedBy(ctx.db, studentId, ids) : new Set(),
  };
}

/**
 * GET comment/list: a page of the course's visible comments, newest first, each with its visible replies;
 * the course opens as for course/info (unpublished, deleted, private: the same refusals).
 */
export async function listComments(
  ctx: AppContext,
  auth: Auth,
  ref: string,
  page: number,
  num: number,
): Promise<CommentList> {
  const { head } = await openCourse(ctx, auth, ref);
  const { rows, total } = await repo.pageVisibleComments(ctx.db, head.id, num, (page - 1) * num);
  const replies = repliesByParent(
    await repo.repliesOf(
      ctx.db,
      rows.map((row) => row.id),
    ),
  );
  const ids = [...rows.map((row) => row.id), ...[...replies.values()].flat().map((row) => row.id)];
  const list = await listContext(ctx, auth, head, ids);
  const noAllowComment = await commentsClosed(ctx, head.schoolId);
  const bought = await ownsForComment(ctx, auth, head);
  const canComment =
    !noAllowComment &&
    commentRefusal({
      loggedIn: auth.role !== 'guest',
      text: '-',
      bought,
      isOwner: auth.role !== 'student',
      graphic: isGraphicHead(head),
    }) === null;
  return {
    list: rows.map((row) => toComment(row, replies.get(row.id) ?? [], list)),
    total,
    page,
    num,
    noAllowComment,
    bought,
    canComment,
  };
}

/** GET comment/reply {coid}: every visible reply of the course's visible comments (cid = the comment's cmid). */
export async function courseReplies(ctx: AppContext, auth: Auth, ref: string): Promise<{ reply: CommentReply[] }> {
  const { head } = await openCourse(ctx, auth, ref);
  const rows = await repo.visibleCourseReplies(ctx.db, head.id);
  const list = await listContext(
    ctx,
    auth,
    head,
    rows.map((row) => row.id),
  );
  return { reply: rows.map((row) => toReply(row, list)) };
}

/**
 * POST comment/add: the same rule as the page (spec 5, shared/rules/comments) enforced here; a guest
 * gets 401, the school's switch noAllowComment 403, a flood 429. The text is stored cleaned (plain
 * text, control characters removed, trimmed); pages escape it on display.
 */
export async function addComment(ctx: AppContext, auth: Auth, input: AddComment, locale: Locale): Promise<Comment> {
  const { head } = await openCourse(ctx, auth, input.coid);
  if (auth.role === 'guest') throw noLogin();
  if (await commentsClosed(ctx, head.schoolId)) throw refused(COMMENT_ERRORS.closed, locale);
  const text = cleanCommentText(input.text);
  const refusal = commentRefusal({
    loggedIn: true,
    text,
    bought: await ownsForComment(ctx, auth, head),
    isOwner: auth.role !== 'student',
    graphic: isGraphicHead(head),
  });
  if (refusal) throw refused(refusal, locale);
  if (input.cid !== '0' && (await findChapter(ctx.db, input.cid))?.courseId !== head.id)
    throw notFound('chapter not found');
  const now = ctx.now();
  if (
    (await repo.countSince(ctx.db, head.schoolId, auth.userId, now - COMMENT_RATE.windowMs)) >= COMMENT_RATE.perMinute
  ) {
    throw tooMany(Math.ceil(COMMENT_RATE.windowMs / 1000));
  }
  const row = {
    id: ctx.ids.next(),
    schoolId: head.schoolId,
    courseId: head.id,
    chapterId: input.cid,
    parentId: repo.TOP,
    authorRole: 'student' as const,
    authorId: auth.userId,
    authorName: (await findStudent(ctx.db, auth.userId))?.name ?? '',
    text,
    likes: 0,
    hidden: false,
    createdAt: now,
  };
  await repo.insertComment(ctx.db, row);
  return toComment(row, [], await listContext(ctx, auth, head, []));
}

/** The visible comment (or reply of a visible comment) a student acts on, in a course they may open; else 404. */
async function visibleForStudent(ctx: AppContext, auth: Auth, cmid: string): Promise<repo.CommentRow> {
  const row = await repo.findComment(ctx.db, cmid);
  const parent = row && row.parentId !== repo.TOP ? await repo.findComment(ctx.db, row.parentId) : row;
  if (!row || row.hidden || !parent || parent.hidden) throw notFound(COMMENT_ERRORS.notFound);
  await openCourse(ctx, auth, row.courseId);
  return row;
}

/** The signed-in student: 401 for a guest, 403 studentOnly for an administrator. */
function studentOf(auth: Auth, locale: Locale): string {
  if (auth.role === 'guest') throw noLogin();
  if (auth.role !== 'student') throw refused('studentOnly', locale);
  return auth.userId;
}

/** POST comment/prise {cmid}: likes the comment, or takes the like back; answers the new count. */
export async function priseComment(
  ctx: AppContext,
  auth: Auth,
  cmid: string,
  locale: Locale,
): Promise<{ cmid: string; count: number; liked: boolean }> {
  const studentId = studentOf(auth, locale);
  const row = await visibleForStudent(ctx, auth, cmid);
  const result = await ctx.db.transaction(async (tx) => await repo.toggleLike(tx, row.id, studentId, ctx.now()));
  return { cmid: row.id, ...result };
}

/** POST comment/delete {cmid}: a student deletes their own comment, and the replies under it go too. */
export async function deleteOwnComment(
  ctx: AppContext,
  auth: Auth,
  cmid: string,
  locale: Locale,
): Promise<{ deleted: number }> {
  const studentId = studentOf(auth, locale);
  const row = await visibleForStudent(ctx, auth, cmid);
  if (row.authorRole !== 'student' || row.authorId !== studentId) throw new AppError(403, 'not your comment');
  return { deleted: await ctx.db.transaction(async (tx) => await repo.deleteWithReplies(tx, [row.id])) };
}
