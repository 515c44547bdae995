/**
 * A student's learn/ware replies, kept as envelope text per course and chapter: the study page asks for the
 * chapter it opens, and a student goes back and forth between chapters and pages. A kept reply is answered
 * again only while everything it was made from holds:
 *  - the student's course facts (access/holdings: enrolments, grants, groups, memberships, records begun) are
 *    the very object it was made with, and their validity has not run out (validUntil: all else the access
 *    policy's studyRefusal decides follows these facts, the change feed and the catalogue version);
 *  - none of the student's own rows it shows has changed since (progress, exercise answers, exam sittings,
 *    signature, rating, stage reviews: the change feed forgets the student; waiting heartbeats are written
 *    first, so their progress counts);
 *  - no course content has changed (courses, chapters, resources, exercises, papers, exams, plans: the change
 *    feed forgets every student; the school's catalogue version too);
 *  - it is at most KEEP_MS old, which bounds what follows the clock alone (windows of the order rules and plan
 *    stages), and its signed file addresses have most of their lifetime left.
 * Everything else (an administrator's preview, a guest's audition, a read inside a transaction) is made fresh.
 */
import { learningCalls } from '../../../shared/calls/learning';
import type { AppContext, Auth } from '../../context';
import { StudentReplies } from '../../lib/student-replies';
import { studentCourses, type StudentCourses } from '../access/holdings';
import { statusOf } from '../access/policy';
import { openCourse } from '../courses/course-visibility';
import { recordsEngine } from '../records/heartbeat-engine';
import { openedWare } from './ware.service';
import { type MaybePromise, thenMaybe } from '../../lib/sequential';

/** How long a kept reply may be answered again. */
const KEEP_MS = 10_000;
/** The signed addresses' lifetime a kept reply must still have when answered. */
const ADDRESS_MARGIN_MS = 60_000;
/** The text kept for all students together (the oldest students go first). */
const BUDGET_BYTES = 32 * 2 ** 20;

interface Kept {
  text: string;
  facts: StudentCourses;
  schoolId: string;
  version: number;
  until: number;
  audition: boolean;
}

const caches = new WeakMap<AppContext, StudentReplies<Kept>>();

function cacheOf(ctx: AppContext): StudentReplies<Kept> {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new StudentReplies<Kept>(BUDGET_BYTES);
    ctx.changes.on(
      [
        'learn_records',
        'learn_records.updated',
        'course_records.updated',
        'exercise_answers',
        'exam_sittings',
        'signatures',
        'grades',
        'stage_reviews',
      ],
      (studentId) => created.forget(studentId),
    );
    ctx.changes.on(
      [
        'courses',
        'chapters',
        'resources',
        'chapter_exercises',
        'exercise_sets',
        'exercise_set_questions',
        'questions',
        'papers',
        'paper_questions',
        'exams',
        'exam_audience',
        'study_plans',
        'plan_assignments',
        'schools',
      ],
      () => created.clear(),
    );
    caches.set(ctx, (cache = created));
  }
  return cache;
}

const envelope = async (ctx: AppContext, auth: Auth, courseRef: string, cid: string) => {
  const opened = await openedWare(ctx, auth, courseRef, cid);
  const data = learningCalls.ware.reply.parse(opened.ware);
  return { ...opened, text: JSON.stringify({ status: 'ok', error: null, data }) };
};

/**
 * Until when the study the reply was made for stays allowed by the clock alone (ms, exclusive): the end of the
 * student's validity (the access policy's statusOf; a free chapter's audition needs none). The rest of what
 * studyRefusal decides follows the facts, the feed and the catalogue version, so a kept reply needs no check.
 */
async function validUntil(ctx: AppContext, auth: Auth, courseRef: string, audition: boolean): Promise<number> {
  if (audition) return Infinity;
  const { limitedDate } = await statusOf(ctx, auth, (await openCourse(ctx, auth, courseRef)).head);
  return limitedDate === null ? Infinity : limitedDate + 1;
}

/**
 * GET learn/ware/{coid}/{cid} as envelope text: kept for a student (see above), made fresh otherwise. A kept
 * reply answers without a promise (thenMaybe).
 */
export function wareText(ctx: AppContext, auth: Auth, courseRef: string, cid: string): MaybePromise<string> {
  if (auth.role !== 'student' || ctx.changes.inTransaction)
    return envelope(ctx, auth, courseRef, cid).then((made) => made.text);
  const written = recordsEngine(ctx).flushWaiting();
  if (written) return written.then(() => keptOrMade(ctx, auth, courseRef, cid));
  return keptOrMade(ctx, auth, courseRef, cid);
}

function keptOrMade(ctx: AppContext, auth: Auth & { userId: string }, courseRef: string, cid: string) {
  const cache = cacheOf(ctx);
  return thenMaybe(studentCourses(ctx, auth.userId), (facts) => {
    const kept = cache.get(auth.userId, `${courseRef}:${cid}`);
    if (
      kept &&
      kept.facts === facts &&
      kept.until > ctx.now() &&
      kept.version === ctx.catalogueCache.version(kept.schoolId)
    )
      return kept.text;
    return freshText(ctx, auth, courseRef, cid, facts);
  });
}

/** A new reply for the student, kept unless it is a preview. */
async function freshText(
  ctx: AppContext,
  auth: Auth & { userId: string },
  courseRef: string,
  cid: string,
  facts: StudentCourses,
) {
  const cache = cacheOf(ctx);
  const key = `${courseRef}:${cid}`;
  const now = ctx.now();
  const { ware, text, schoolId, audition } = await envelope(ctx, auth, courseRef, cid);
  if (!ware.preview) {
    const valid = await validUntil(ctx, auth, courseRef, audition);
    const until = Math.min(now + KEEP_MS, ware.expiresAt - ADDRESS_MARGIN_MS, valid);
    const version = ctx.catalogueCache.version(schoolId);
    cache.set(auth.userId, key, { text, facts, schoolId, version, until, audition });
  }
  return text;
}
