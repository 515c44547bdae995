/**
 * THE access policy: what a person holds and what they may do with a course (architecture 'Access is a
 * policy, asked in one place'). Every call that shows, sells, starts or serves study asks here; the pure
 * decision tables live in shared/rules (course-status, course-buttons, study-order, staged-plan), this
 * module gathers the facts (holdings.ts, access.repository.ts, progress.ts) and asks them.
 *
 * Holding (what a student has of a course, and since when):
 * - an enrolment (source free, buy, obtain, column, admin, plan), since it was made;
 * - an administrator's grant not revoked (source admin): to the student, to one of their groups (present and
 *   future members hold it while the grant lasts) or of a column with the course, since the grant was made;
 *   a chosen end date is the holder's own end (until), else the course's validity rules;
 * - else a study plan (course type 3) assigned to the student or a group of theirs and approved, since it
 *   was first assigned;
 * - else a free course the student began (a learning record), since the record began. A record of a paid
 *   course's free chapter (a trial) holds nothing.
 *
 * Validity (spec 3 ce_type, one computation for every page: course/info, My courses, course/exceeding,
 * chapters, the ware, heartbeats, the graphic text): shared/rules/course-status courseStatus of the course's
 * current terms and the holding — 0 permanent; 1 ce_time days from the moment of obtaining, for a free course
 * too (the days count from when it was begun; past them it has ended: nothing to buy or renew); 2 the fixed
 * window from settings.vaildBeginTime to ce_time. A paid limited-period course still valid is renewable, and
 * a renewal extends from the later of now and its current end (course-status renewUntil).
 *
 * When the administrator changes the validity, the new terms apply to current holders at once (chosen
 * here): a moved fixed window (ce_type 2) moves for everyone; a changed number of days (ce_type 1) changes
 * every holder's end, still counted from when each obtained the course (shortening it can end a holder's
 * course). No end is stored per holder but a grant's chosen end date, which replaces the course's validity for
 * its holders (shared/rules/course-status Purchase.until); every page reads the same holding and terms, so none
 * can disagree. A student holding a course more than one way (bought and granted) gets the way that serves them
 * best (course-status betterStatus).
 *
 * The questions, each answering yes or the spec's refusal key (spec 4 'Course status', 5 'Buying is refused',
 * 'Purchase, start, subscribe and bookmark need login', 8 messages):
 * - viewRefusal: may this viewer see the course at all (unknown, removed, private);
 * - buyRefusal: may they buy, obtain or subscribe (noLogin, studentOnly 请使用学员账号进行操作！, designatedGroup);
 * - studyRefusal / mayStudyCourse: may they study the course's chapters that are not free (noLogin,
 *   studentOnly, otherSchool, designatedGroup, endOfTrial, notStarted, expired);
 * - mayStudyChapter: the same for one chapter, with the audition (free chapters) and the order rules
 *   (order-gate.ts: couseOrderTip, orderTip, orderTip2, stageNotOpen, stageClosed);
 * - startRefusal: may they begin the course ('do learn': a paid course with a free chapter may be tried);
 * - mayStudyText: a graphic course's own text (chapter '0'), read or recorded.
 */
import { allowedByGroups, purchaseRefusal, type RefusalKey, type Viewer } from '../../../shared/rules/course-buttons';
import {
  betterStatus,
  COURSE_STATUS,
  courseStatus,
  VALIDITY,
  type CourseStatus,
  type CourseValidity,
  type Purchase,
} from '../../../shared/rules/course-status';
import { canPublishPlan } from '../../../shared/rules/plan-review';
import { readSettings } from '../../../shared/rules/course-settings';
import { STUDY_REFUSALS, type StudyChapterState, type StudyRefusal } from '../../../shared/schemas/learning';
import type { AppContext, Auth } from '../../context';
import type { Db } from '../../db/client';
import { AppError, noLogin } from '../../lib/errors';
import {
  assignedPlans,
  chapterFree,
  columnHeld,
  courseHasFreeChapter,
  courseHolderIds,
  coursesInCategories,
  isAssigned,
  planStatus,
  type AccessChapter,
  type Enrolment,
} from './access.repository';
import { studentCourses, type HeldWay, type StudentCourses } from './holdings';
import { hasOrderRules, studyGate, type GateCourse } from './order-gate';

/** The course type of a study plan (spec 3 'Course' type 3). */
export const PLAN_COURSE_TYPE = 3;
/** The course type of a graphic course or column (spec 3 'Course' type 4). */
const GRAPHIC_TYPE = 4;

/** A course as the policy reads it (a course head: visibility, price, validity, groups, order settings). */
export interface AccessCourse extends GateCourse {
  published: boolean;
  deleted: boolean;
  isPrivate: boolean;
  actualFen: number;
  ceType: number;
  ceTime: string;
  authenticationGid: string;
  /** Its category: a membership plan gives the courses of its categories. */
  catid: string;
}

/** A course as openCourse answers it: its head, and whether the viewer administers it (preview). */
export interface OpenedCourse<C extends AccessCourse = AccessCourse> {
  head: C;
  admin: boolean;
}

/** A signed-in person. */
type SignedIn = Exclude<Auth, { role: 'guest' }>;

/**
 * How a student holds a course (see the header); source 'studied' is a free course begun, 'admin' a grant,
 * 'key' an enrolment key, 'code' a redeem code, 'order' a paid order, 'member' a membership plan.
 */
export interface Holding {
  source: Enrolment['source'] | 'studied' | HeldWay['via'];
  since: number;
  /** The holder's own last valid instant (a grant's chosen end date); null: the course's validity. */
  until: number | null;
  /** A study plan assigned to the student (the blue Required badge). */
  required: boolean;
  /** The other ways the student holds the course (bought and granted): validityOf takes the best. */
  others: Holding[];
}

// ---------------------------------------------------------------------------------------------------------
// Facts

/** A course's price and validity terms as shared/rules/course-status reads them. */
export function termsOf(course: Pick<AccessCourse, 'actualFen' | 'ceType' | 'ceTime' | 'settings'>): CourseValidity {
  return {
    actual: course.actualFen / 100,
    ce_type: course.ceType,
    ce_time: course.ceTime,
    vaildBeginTime: course.ceType === VALIDITY.fixedWindow ? readSettings(course.settings).vaildBeginTime : null,
  };
}

/** Whether the viewer bought or obtained the course (an enrolment: isbuy) and since when. */
export async function purchaseOf(
  ctx: AppContext,
  auth: Auth,
  course: Pick<HeldCourse, 'id' | 'schoolId' | 'catid'>,
): Promise<Purchase> {
  const coid = course.id;
  if (auth.role !== 'student') return { bought: false, buyDate: null };
  const mine = await studentCourses(ctx, auth.userId);
  const enrolment = mine.enrolments.get(coid);
  const ways = [...(mine.grants.get(coid) ?? []), ...memberWays(mine, course)];
  const since = enrolment?.createdAt ?? (ways.length > 0 ? Math.min(...ways.map((way) => way.since)) : null);
  return { bought: since !== null, buyDate: since };
}

/** A course as the holding rules read it: its id, price, type, and the school and category a membership gives. */
type HeldCourse = { id: string; actualFen: number; type: number; schoolId: string; catid: string };

/** The membership ways that give this course (its category is in a current plan's, of its school). */
function memberWays(mine: StudentCourses, course: Pick<HeldCourse, 'schoolId' | 'catid'>): HeldWay[] {
  if (mine.memberSchool !== course.schoolId) return [];
  return mine.memberCategories.get(course.catid) ?? [];
}

/**
 * Whether the viewer holds a column: subscribed, or a grant of it to them or a group of theirs, a redeem code's or
 * a paid order's, not revoked nor ended. Its courses are then held (holdingOf).
 */
export async function holdsColumn(ctx: AppContext, auth: Auth, columnId: string): Promise<boolean> {
  if (auth.role !== 'student') return false;
  return await columnHeld(ctx.db, columnId, auth.userId, (await studentCourses(ctx, auth.userId)).groups, ctx.now());
}

/** Whether a study plan may be studied at all: its review approved it (false for a course that is no plan). */
export async function planApproved(ctx: AppContext, courseId: string): Promise<boolean> {
  return (await planStatus(ctx.db, courseId)) === 'approved';
}

/** Whether the plan is assigned to the student, directly or through one of the student's groups. */
export async function isPlanAssigned(ctx: AppContext, studentId: string, courseId: string): Promise<boolean> {
  return await isAssigned(ctx.db, courseId, studentId, (await studentCourses(ctx, studentId)).groups);
}

/** Spec 3 'Study plan: published; goes through a verify/commit flow': may this plan be (un)published? */
export async function planPublishable(
  ctx: AppContext,
  course: { id: string; type: number },
  publish: boolean,
): Promise<boolean> {
  if (course.type !== PLAN_COURSE_TYPE) return true;
  return canPublishPlan((await planStatus(ctx.db, course.id)) ?? null, publish);
}

/**
 * The students who hold the course now (the ways of 'Holding' above, one statement, ids only): whom an event of
 * the course (a chapter's exam published) is told about. The course's own validity is not counted per holder.
 * `db` is the caller's transaction when asked inside one.
 */
export async function courseHolders(
  ctx: AppContext,
  course: Pick<AccessCourse, 'id' | 'schoolId' | 'catid' | 'type' | 'actualFen'>,
  db: Db = ctx.db,
): Promise<string[]> {
  const plan = course.type === PLAN_COURSE_TYPE;
  const { id, schoolId, catid } = course;
  return await courseHolderIds(db, { id, schoolId, catid, plan, begun: !plan && course.actualFen <= 0 }, ctx.now());
}

/** Whether a student has a written learning record of the course (spec 4 main button: continue). */
export async function hasStudied(ctx: AppContext, studentId: string, coid: string): Promise<boolean> {
  return (await studentCourses(ctx, studentId)).studied.has(coid);
}

/** The one holding rule of the header, for a course row and the student's facts. */
function holdingFrom(
  course: HeldCourse,
  enrolment: Enrolment | undefined,
  held: readonly HeldWay[],
  assignedAt: number | undefined,
  startedAt: number | undefined,
): Holding | null {
  const required = assignedAt !== undefined;
  const ways: Holding[] = [];
  if (enrolment) ways.push({ source: enrolment.source, since: enrolment.createdAt, until: null, required, others: [] });
  for (const way of held) ways.push({ source: way.via, since: way.since, until: way.until, required, others: [] });
  if (ways.length === 0 && assignedAt !== undefined)
    ways.push({ source: 'plan', since: assignedAt, until: null, required: true, others: [] });
  if (ways.length === 0 && startedAt !== undefined && course.actualFen <= 0 && course.type !== PLAN_COURSE_TYPE)
    ways.push({ source: 'studied', since: startedAt, until: null, required: false, others: [] });
  if (ways.length === 0) return null;
  return { ...ways[0], others: ways.slice(1) };
}

/** What a student holds of one course, or null (guests and administrators hold nothing). */
export async function holdingOf(ctx: AppContext, auth: Auth, course: AccessCourse): Promise<Holding | null> {
  if (auth.role !== 'student') return null;
  if (course.type === PLAN_COURSE_TYPE) return (await holdingsOf(ctx, auth)).holding(course);
  const mine = await studentCourses(ctx, auth.userId);
  return holdingFrom(
    course,
    mine.enrolments.get(course.id),
    [...(mine.grants.get(course.id) ?? []), ...memberWays(mine, course)],
    undefined,
    mine.studied.get(course.id),
  );
}

/**
 * Every course a student holds, for the lists (My courses, course/exceeding): the candidate ids, and the
 * holding of each course row (null when a row is not held after all: a paid course's trial record).
 */
export async function holdingsOf(
  ctx: AppContext,
  student: SignedIn,
): Promise<{ ids: Set<string>; holding(course: HeldCourse): Holding | null }> {
  const mine = await studentCourses(ctx, student.userId);
  const plans = new Map(
    (await assignedPlans(ctx.db, student.schoolId, student.userId, mine.groups)).map((row) => [
      row.courseId,
      row.assignedAt,
    ]),
  );
  const members =
    mine.memberSchool === student.schoolId
      ? await coursesInCategories(ctx.db, student.schoolId, [...mine.memberCategories.keys()])
      : [];
  return {
    ids: new Set([
      ...mine.enrolments.keys(),
      ...mine.grants.keys(),
      ...plans.keys(),
      ...mine.studied.keys(),
      ...members,
    ]),
    holding: (course) =>
      holdingFrom(
        course,
        mine.enrolments.get(course.id),
        [...(mine.grants.get(course.id) ?? []), ...memberWays(mine, course)],
        plans.get(course.id),
        mine.studied.get(course.id),
      ),
  };
}

/** The status one way of holding gives (or holding nothing): spec 4 'Course status' with the holder's own end. */
function statusOfWay(course: AccessCourse, way: Holding | null, now: number): CourseStatus {
  return courseStatus(termsOf(course), { bought: !!way, buyDate: way?.since ?? null, until: way?.until ?? null }, now);
}

/**
 * The way of holding that serves the student best, and the status it gives (spec 4 'Course status' on the
 * server's clock): My courses shows that way's source and since.
 */
export function validityOf(
  course: AccessCourse,
  holding: Holding | null,
  now: number,
): { holding: Holding | null; status: CourseStatus } {
  let best = { holding, status: statusOfWay(course, holding, now) };
  for (const other of holding?.others ?? []) {
    const status = statusOfWay(course, other, now);
    if (betterStatus(best.status, status) !== best.status) best = { holding: other, status };
  }
  return best;
}

/** The course's status for a holder (or a viewer holding nothing): the best of their ways (validityOf). */
export function validityFor(course: AccessCourse, holding: Holding | null, now: number): CourseStatus {
  return validityOf(course, holding, now).status;
}

/** The viewer's status of the course (course/info, the chapters, the ware, the lists). */
export async function statusOf(ctx: AppContext, auth: Auth, course: AccessCourse): Promise<CourseStatus> {
  return validityFor(course, await holdingOf(ctx, auth, course), ctx.now());
}

// ---------------------------------------------------------------------------------------------------------
// Decisions

/** Why the viewer may not see the course at all (openCourse answers 404 / 'course removed' / 401), or null. */
export function viewRefusal(course: AccessCourse, auth: Auth, admin: boolean): 'removed' | 'noLogin' | 'hidden' | null {
  if (course.deleted) return 'removed';
  if (admin) return null;
  if (!course.published) return 'removed';
  if (course.isPrivate) {
    if (auth.role === 'guest') return 'noLogin';
    if (auth.role !== 'student' || auth.schoolId !== course.schoolId) return 'hidden';
  }
  return null;
}

/**
 * The viewer as the purchase rules see them (shared/rules/course-buttons): null for a guest, sid '0' for an
 * admin. The student's groups come from the in-memory student cache, and only when asked for.
 */
export async function viewerOf(ctx: AppContext, auth: Auth, withGroups = true): Promise<Viewer | null> {
  if (auth.role === 'guest') return null;
  if (auth.role === 'admin') return { uid: auth.userId, sid: '0', gid: [] };
  return { uid: auth.userId, sid: auth.userId, gid: withGroups ? (await studentCourses(ctx, auth.userId)).groups : [] };
}

/** Spec 5 'Buying is refused…': may the viewer buy, obtain or subscribe to a course (or a column: gid '')? */
export async function buyRefusal(
  ctx: AppContext,
  auth: Auth,
  course: { schoolId: string; authenticationGid: string },
): Promise<RefusalKey | null> {
  const restricted = course.authenticationGid.split(',').some((id) => id.trim() !== '' && id.trim() !== '0');
  return purchaseRefusal({
    viewer: await viewerOf(ctx, auth, restricted),
    ownerId: course.schoolId,
    authentication_gid: course.authenticationGid,
  });
}

/** Who the viewer is to the course before holdings: noLogin, studentOnly, otherSchool, designatedGroup. */
async function personRefusal(ctx: AppContext, auth: Auth, course: AccessCourse): Promise<StudyRefusal | null> {
  if (auth.role === 'guest') return 'noLogin';
  if (auth.role !== 'student') return 'studentOnly';
  if (auth.schoolId !== course.schoolId) return 'otherSchool';
  if (!allowedByGroups(course.authenticationGid, (await studentCourses(ctx, auth.userId)).groups))
    return 'designatedGroup';
  return null;
}

/** The validity refusal of a status: notStarted before a window, expired after it or past the days. */
function validityRefusal(status: CourseStatus['status']): StudyRefusal | null {
  if (status === COURSE_STATUS.notStarted) return 'notStarted';
  if (status !== COURSE_STATUS.available) return 'expired';
  return null;
}

/**
 * May this viewer study the course's chapters that are not free (the order rules aside)? A study plan is for
 * the students it is assigned to once approved (others designatedGroup) and needs no purchase; a paid
 * course needs an enrolment (endOfTrial: the end-of-trial dialog offers Buy); then the validity.
 */
export async function studyRefusal(ctx: AppContext, auth: Auth, course: AccessCourse): Promise<StudyRefusal | null> {
  const person = await personRefusal(ctx, auth, course);
  if (person) return person;
  const plan = course.type === PLAN_COURSE_TYPE;
  if (plan && !((await planApproved(ctx, course.id)) && (await isPlanAssigned(ctx, auth.userId ?? '', course.id))))
    return 'designatedGroup';
  if (course.actualFen > 0 && !plan && !(await purchaseOf(ctx, auth, course)).bought) return 'endOfTrial';
  const { status } = await statusOf(ctx, auth, course);
  // A plan needs no purchase: only its window and days hold it back.
  if (plan && status === COURSE_STATUS.needsPurchase) return null;
  return validityRefusal(status);
}

export type StudyAccess =
  | { allowed: true; preview: boolean; audition: boolean }
  | { allowed: false; refusal: StudyRefusal; detail?: RefusalDetail };

/** What blocks a locked chapter: the chapter to finish first, and a staged subsection's window. */
export interface RefusalDetail {
  blockedBy: string;
  window: StudyChapterState['window'];
}

const refuse = (refusal: StudyRefusal, detail?: RefusalDetail): StudyAccess => ({ allowed: false, refusal, detail });

/** May this viewer study the (already opened) course as a whole: every chapter that is not free? */
export async function mayStudyCourse(ctx: AppContext, auth: Auth, course: OpenedCourse): Promise<StudyAccess> {
  if (course.admin) return { allowed: true, preview: true, audition: false };
  const refusal = await studyRefusal(ctx, auth, course.head);
  return refusal ? refuse(refusal) : { allowed: true, preview: false, audition: false };
}

/** Whether the chapter, or the chapter it belongs to, is free (the audition: anyone who can see the course). */
async function freeChapter(ctx: AppContext, chapter: Pick<AccessChapter, 'free' | 'parentId'>): Promise<boolean> {
  if (chapter.free) return true;
  if (chapter.parentId === '0') return false;
  return await chapterFree(ctx.db, chapter.parentId);
}

/**
 * May this viewer study this chapter of this (already opened) course now? An administrator of the course
 * previews everything; a free chapter is the audition; else studyRefusal, then the order rules.
 */
export async function mayStudyChapter(
  ctx: AppContext,
  auth: Auth,
  course: OpenedCourse,
  chapter: Pick<AccessChapter, 'id' | 'free' | 'parentId'>,
): Promise<StudyAccess> {
  const { head } = course;
  if (course.admin) return { allowed: true, preview: true, audition: false };
  if (await freeChapter(ctx, chapter)) return { allowed: true, preview: false, audition: true };
  const refusal = await studyRefusal(ctx, auth, head);
  if (refusal) return refuse(refusal);
  if (auth.role === 'student' && hasOrderRules(head)) {
    const gate = await studyGate(ctx, auth.userId, head);
    const lock = gate.lockOf(chapter.id);
    if (lock)
      return refuse(lock.message, {
        blockedBy: lock.blockedBy,
        window: gate.chapters.find((c) => c.cid === chapter.id)?.window ?? null,
      });
  }
  return { allowed: true, preview: false, audition: false };
}

/**
 * May a signed-in student begin the course ('do learn')? Of its school and groups; free, bought, or a paid
 * course with a free chapter to try; not before its window nor after its validity.
 */
export async function startRefusal(
  ctx: AppContext,
  auth: SignedIn,
  course: AccessCourse,
): Promise<StudyRefusal | null> {
  if (auth.schoolId !== course.schoolId) return 'otherSchool';
  if (!allowedByGroups(course.authenticationGid, (await studentCourses(ctx, auth.userId)).groups))
    return 'designatedGroup';
  if (course.actualFen > 0 && !(await purchaseOf(ctx, auth, course)).bought) {
    return (await courseHasFreeChapter(ctx.db, course.id)) ? null : 'endOfTrial';
  }
  return validityRefusal((await statusOf(ctx, auth, course)).status);
}

/** Whether a student owns the course: an assigned plan, free, or bought and within its validity. */
export async function ownsCourse(ctx: AppContext, auth: Auth, course: AccessCourse): Promise<boolean> {
  if (auth.role !== 'student') return false;
  if (course.type === PLAN_COURSE_TYPE)
    return (await planApproved(ctx, course.id)) && (await isPlanAssigned(ctx, auth.userId, course.id));
  if (course.actualFen > 0 && !(await purchaseOf(ctx, auth, course)).bought) return false;
  return (await statusOf(ctx, auth, course)).status === COURSE_STATUS.available || course.actualFen <= 0;
}

/** Whether the chapter list shows the course's chapters unlocked: its administrator, free, or bought and not lapsed. */
export async function chaptersUnlocked(ctx: AppContext, auth: Auth, course: OpenedCourse): Promise<boolean> {
  const { head } = course;
  if (course.admin || head.actualFen <= 0) return true;
  return (
    (await purchaseOf(ctx, auth, head)).bought &&
    (await statusOf(ctx, auth, head)).status !== COURSE_STATUS.needsPurchase
  );
}

/** How a viewer reads a graphic course's own text: a refusal, or as whom (and whether reading obtains it). */
export type TextAccess =
  | { allowed: true; as: 'student' | 'free' | 'preview'; obtain: boolean }
  | { allowed: false; refusal: StudyRefusal | 'graphicAccount' };

/**
 * May the viewer read (and record) a graphic course's text? Its administrators preview; a guest reads a free
 * one (a paid one: noLogin); otherwise a student of its school and groups who holds it (a paid one bought:
 * else graphicAccount, spec 9) within its validity. A free one is obtained by reading it.
 */
export async function mayStudyText(ctx: AppContext, auth: Auth, course: OpenedCourse): Promise<TextAccess> {
  const { head } = course;
  if (course.admin) return { allowed: true, as: 'preview', obtain: false };
  const free = head.actualFen <= 0;
  if (auth.role === 'guest' && free) return { allowed: true, as: 'free', obtain: false };
  const person = await personRefusal(ctx, auth, head);
  if (person) return { allowed: false, refusal: person };
  const bought = (await purchaseOf(ctx, auth, head)).bought;
  if (!free && !bought) return { allowed: false, refusal: 'graphicAccount' };
  const refusal = validityRefusal((await statusOf(ctx, auth, head)).status);
  if (refusal) return { allowed: false, refusal };
  return { allowed: true, as: 'student', obtain: free && !bought };
}

/** True when course/info carries only the lead of a graphic course: a graphic course with a price. */
export const hidesGraphicText = (course: { type: number; actualFen: number }) =>
  course.type === GRAPHIC_TYPE && course.actualFen > 0;

const STATUS_OF: Record<StudyRefusal, number> = {
  noLogin: 401,
  studentOnly: 403,
  otherSchool: 403,
  designatedGroup: 403,
  endOfTrial: 403,
  notStarted: 403,
  expired: 403,
  couseOrderTip: 403,
  orderTip: 403,
  orderTip2: 403,
  stageNotOpen: 403,
  stageClosed: 403,
  courseRemoved: 404,
  noChapter: 404,
};

/** The error a refusal answers with: its key as the error string, and the course to go back to. */
export function refusalError(
  ctx: AppContext,
  refusal: StudyRefusal | 'graphicAccount',
  head: { id: string; schoolId: string },
  detail?: RefusalDetail,
): AppError {
  if (refusal === 'noLogin') return noLogin();
  if (refusal === 'graphicAccount') return new AppError(403, 'graphicAccount');
  return new AppError(STATUS_OF[refusal], STUDY_REFUSALS[refusal], {
    refusal,
    code: ctx.courseCodec.encode(head.id),
    hashUID: ctx.uidCodec.encode(head.schoolId),
    ...detail,
  });
}
