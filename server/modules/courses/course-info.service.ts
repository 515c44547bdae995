import type { Locale } from '../../../shared/constants';
import { courseMainButton, COURSE_TYPE } from '../../../shared/rules/course-buttons';
import { VALIDITY } from '../../../shared/rules/course-status';
import { discount } from '../../../shared/rules/discount';
import type { CourseBody, CourseViewer } from '../../../shared/schemas/courses';
import type { AppContext, Auth } from '../../context';
import { notFound } from '../../lib/errors';
import { hasFreeChapter, studyNum, type CourseHead } from './catalogue.repository';
import { cachedReply, fnv1a, viewerPart, viewerReply, type ViewerReply } from '../../lib/catalogue-http';
import { findCourse } from './courses.repository';
import { dateText, fenToYuan, toCourseBody } from './courses.presenter';
import { openCourse } from './course-visibility';
import { graphicLead } from './graphic.service';
import { buyRefusal, hasStudied, hidesGraphicText, purchaseOf, statusOf } from '../access/policy';
import { studentCourses, type StudentCourses } from '../access/holdings';
import { StudentReplies } from '../../lib/student-replies';
import { type MaybePromise, thenMaybe } from '../../lib/sequential';

/**
 * The course as every viewer sees it (cached per school while published). A paid graphic course carries
 * only its lead: its whole text is paid content (course/graphic), unless its administrator is editing it.
 */
export async function courseBody(
  ctx: AppContext,
  coid: string,
  options: { wholeText?: boolean } = {},
): Promise<CourseBody> {
  const row = await findCourse(ctx.db, coid);
  if (!row) throw notFound();
  const body = toCourseBody(ctx, row, {
    hasFreeChapter: await hasFreeChapter(ctx.db, coid),
    studyNum: await studyNum(ctx.db, coid),
  });
  return hidesGraphicText(row) && !options.wholeText ? { ...body, description: graphicLead(row.description) } : body;
}

/** The viewer's fields of course/info from the access policy: status, renewal, refusal, main button, discount. */
export async function viewerFields(
  ctx: AppContext,
  auth: Auth,
  head: CourseHead,
  locale: Locale,
): Promise<CourseViewer> {
  const actual = fenToYuan(head.actualFen);
  const purchase = await purchaseOf(ctx, auth, head);
  const status = await statusOf(ctx, auth, head);
  const hasRecord = auth.role === 'student' && (await hasStudied(ctx, auth.userId, head.id));
  return {
    isbuy: purchase.bought,
    buyDate: purchase.buyDate ? dateText(purchase.buyDate) : '',
    isCollect: auth.role === 'student' && (await studentCourses(ctx, auth.userId)).collected.has(head.id),
    hasRecord,
    courseStatus: status.status,
    renew: status.renew,
    limitedDate: status.limitedDate,
    refusal: await buyRefusal(ctx, auth, head),
    mainButton: courseMainButton(
      { type: head.type, actual, graphic: head.type === COURSE_TYPE.graphicOrColumn },
      { status: status.status, bought: purchase.bought, hasRecord },
    ),
    discount: discount(fenToYuan(head.priceFen), actual, locale),
  };
}

/**
 * GET course/info/{id} as envelope JSON with its ETag: the course body (cached per school while
 * published; fresh for an administrator's draft) joined with the viewer's fields computed per request,
 * so a shared cache never carries one viewer's purchase or bookmark to another.
 */
export function courseInfoReply(
  ctx: AppContext,
  auth: Auth,
  ref: string,
  locale: Locale,
): MaybePromise<{ etag: string; body: string } | ViewerReply> {
  // Written with thenMaybe, not await: a student's kept reply (most requests) answers without a promise.
  return thenMaybe(openCourse(ctx, auth, ref), ({ head, admin }) => {
    // A guest's fields of a course without a fixed window do not change with time: the whole reply is cached.
    if (auth.role === 'guest' && head.published && head.ceType !== VALIDITY.fixedWindow) {
      return cachedReply(ctx, head.schoolId, `info:guest:${locale}:${head.id}`, async () => ({
        ...(await courseBody(ctx, head.id)),
        ...(await viewerFields(ctx, auth, head, locale)),
      }));
    }
    // Drafts (only their administrators open them) and the whole text of a paid graphic course are never cached.
    const base =
      head.published && !(admin && hidesGraphicText(head))
        ? ctx.catalogueCache.get(head.schoolId, `info:${head.id}`, () => courseBody(ctx, head.id))
        : uncachedBody(ctx, head.id, admin);
    return thenMaybe(base, (entry) =>
      auth.role === 'student' && head.published
        ? studentInfoReply(ctx, auth, head, entry, locale)
        : viewerFields(ctx, auth, head, locale).then((fields) => viewerReply(entry, fields)),
    );
  });
}

async function uncachedBody(ctx: AppContext, courseId: string, wholeText: boolean) {
  const body = JSON.stringify(await courseBody(ctx, courseId, { wholeText }));
  return { etag: fnv1a(body), body };
}

/** How long a student's course/info reply is kept: its status and renewal follow the clock (validity windows). */
const STUDENT_REPLY_MS = 10_000;
/** The students' replies kept for all students together (a course's reply is one to a few KB). */
const STUDENT_REPLIES_BYTES = 32 * 2 ** 20;

interface KeptOwn {
  /** The whole reply's text (the shared body joined with the student's fields), made once. */
  text: string;
  reply: ViewerReply;
  base: object;
  facts: StudentCourses;
  until: number;
}
const kept = new WeakMap<AppContext, StudentReplies<KeptOwn>>();

/**
 * A student's course/info reply: their own fields joined to the shared course body, kept whole with the course
 * facts they were computed from (access/holdings): any change to their enrolments, bookmarks, groups, account or course records makes new facts and so
 * forgets it at once (the change feed), a catalogue write replaces the cached course body it was made from,
 * and the clock-dependent fields (status, renewal) are at most STUDENT_REPLY_MS old. A page reloaded, or the
 * intro and study pages opened in turn, answer from here.
 */
function studentInfoReply(
  ctx: AppContext,
  auth: Auth & { userId: string },
  head: CourseHead,
  base: { etag: string; body: string },
  locale: Locale,
): MaybePromise<ViewerReply> {
  let cache = kept.get(ctx);
  if (!cache) kept.set(ctx, (cache = new StudentReplies<KeptOwn>(STUDENT_REPLIES_BYTES)));
  const replies = cache;
  return thenMaybe(studentCourses(ctx, auth.userId), (facts) => {
    const key = `${head.id}:${locale}`;
    const now = ctx.now();
    const hit = replies.get(auth.userId, key);
    if (hit && hit.facts === facts && hit.base === base && hit.until > now) return hit.reply;
    return viewerFields(ctx, auth, head, locale).then((fields) => {
      const reply = viewerReply(base, viewerPart(fields));
      replies.set(auth.userId, key, { text: reply.text, reply, base, facts, until: now + STUDENT_REPLY_MS });
      return reply;
    });
  });
}
