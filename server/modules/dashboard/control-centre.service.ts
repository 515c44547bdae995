/**
 * GET dashboard/controller: the student's control centre (spec 2 'Dashboard (controller) children' controlle,
 * the default screen; issue 18 'Student side') in one reply:
 * - this week's study time per day (learn_days, Monday to Sunday: shared/rules/dashboard weekDays);
 * - courses in progress (begun, neither finished, expired nor deleted; the visit last first, as my courses
 *   orders them) with progress and the next chapter (shared/rules/dashboard nextToStudy over the study order
 *   and records the study gate reads: access/order-gate studyGate);
 * - required courses and study plans (assigned to the student or a group of theirs: my courses'
 *   required_courses) with their deadlines (the end of their validity), the nearest first;
 * - exams to sit (the standalone exams the student may sit now, or has a sitting open in: exam-list examList),
 *   the closing soonest first;
 * - almost-expiring courses (spec 4 'Almost-expiring': 0 to 10 days left), the soonest first;
 * - the unread counts (notice/unread) and whether the school shows ranks.
 * Up to CONTROL_LIST_MAX of each list, with their totals.
 *
 * Cheap by design (it is benchmarked against a bare reply of the same bytes): the week and the lists are
 * computed once and kept per student as JSON text for 15 s, forgotten at once when the student's enrolments,
 * groups, memberships, course records (any write: every credited heartbeat writes the course record with
 * learn_days; waiting heartbeats are written first) or exam sittings change, or any grant, column, plan, plan
 * assignment, category or exam of the school does, and recomputed when the day changes. Per request: no read
 * of the database, only the unread counts and ranking switch (both kept in memory by their owners).
 */
import { nextToStudy, weekDays } from '../../../shared/rules/dashboard';
import { formatDate } from '../../../shared/rules/dates';
import { isAlmostExpiring } from '../../../shared/rules/expiring';
import { learnLetter } from '../../../shared/schemas/chapters';
import { CONTROL_LIST_MAX, type ControlCentre } from '../../../shared/schemas/dashboard';
import type { MyCourse } from '../../../shared/schemas/mycourses';
import type { AppContext } from '../../context';
import { TtlCache } from '../../lib/ttl-cache';
import { studyGate } from '../access/order-gate';
import { cachedHead } from '../courses/course-visibility';
import { examList } from '../exams/exam-list.service';
import { chaptersByIds } from '../mycourses/mycourses.repository';
import { myCourses } from '../mycourses/mycourses.service';
import { unreadCountsOf } from '../notices/unread-cache';
import { recordsEngine } from '../records/heartbeat-engine';
import { recordsStore } from '../records/records.store';
import { rankingOn } from './rank.service';
import { mapAsync } from '../../lib/sequential';

type Student = { role: 'student'; userId: string; schoolId: string; tokenHash: string };
type Lists = Pick<ControlCentre, 'inProgress' | 'required' | 'exams' | 'expiring'>;

const LISTS_MS = 15_000;
const ALL = 100_000;

interface Entry {
  /** The day the week was made on. */
  day: string;
  /** The lists as JSON members, without the braces: `"inProgress":…,"expiring":…`. */
  json: string;
}

const caches = new WeakMap<AppContext, TtlCache<string, Entry>>();

function cacheOf(ctx: AppContext): TtlCache<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new TtlCache<string, Entry>(LISTS_MS, 20_000, Date.now);
    ctx.changes.on(
      [
        'enrolments',
        'student_group_members',
        'memberships',
        'course_records',
        'course_records.updated',
        'exam_sittings',
        'students',
      ],
      (id) => created.delete(id),
    );
    ctx.changes.on(
      ['course_grants', 'column_courses', 'member_plans', 'categories', 'exams', 'plan_assignments', 'study_plans'],
      () => created.clear(),
    );
    caches.set(ctx, (cache = created));
  }
  return cache;
}

const first = <T>(items: readonly T[]) => ({ total: items.length, list: items.slice(0, CONTROL_LIST_MAX) });

/** The next chapter of each course in progress (its study order and the student's records). */
async function withNext(ctx: AppContext, student: Student, courses: readonly MyCourse[]) {
  const next = await mapAsync(courses, async (course) => {
    const head = await cachedHead(ctx, course.coid);
    if (!head) return null;
    const order = (await studyGate(ctx, student.userId, head)).chapters;
    return nextToStudy(order, course.continueAt?.cid ?? '')?.cid ?? null;
  });
  const rows = new Map(
    (
      await chaptersByIds(
        ctx.db,
        next.filter((cid): cid is string => cid !== null),
      )
    ).map((row) => [row.id, row]),
  );
  return courses.map((course, i) => {
    const row = rows.get(next[i] ?? '');
    return {
      coid: course.coid,
      code: course.code,
      title: course.coid_title,
      img: course.img,
      process: course.process,
      complete_chapter: course.complete_chapter,
      total_chapter: course.total_chapter,
      next: row ? { cid: row.id, learnType: learnLetter(row.type), title: row.title } : null,
    };
  });
}

async function computeLists(ctx: AppContext, student: Student): Promise<Lists> {
  const now = ctx.now();
  const courses = (await myCourses(ctx, student, { page: 1, num: ALL, type: 'learning' })).courselist;
  const begun = courses.filter((course) => course.last_visit !== null && course.process < 100);
  const required = courses
    .filter((course) => course.required_courses)
    .sort((a, b) => (a.expiry ?? Number.POSITIVE_INFINITY) - (b.expiry ?? Number.POSITIVE_INFINITY));
  const expiring = courses
    .filter((course) => course.timeTips !== null && isAlmostExpiring(course.expiry, now))
    .sort((a, b) => (a.expiry ?? 0) - (b.expiry ?? 0));
  const exams = (await examList(ctx, student, { catid: '', page: 1, num: ALL })).list
    .filter((exam) => exam.state === 'available' || exam.state === 'inProgress')
    .sort((a, b) => (a.closesAt ?? Number.POSITIVE_INFINITY) - (b.closesAt ?? Number.POSITIVE_INFINITY));
  return {
    inProgress: { total: begun.length, list: await withNext(ctx, student, begun.slice(0, CONTROL_LIST_MAX)) },
    required: first(
      required.map((course) => ({
        coid: course.coid,
        code: course.code,
        title: course.coid_title,
        type: course.type,
        process: course.process,
        deadline: course.expiry,
        remaining: course.remaining,
      })),
    ),
    exams: first(exams),
    expiring: first(
      expiring.map((course) => ({
        coid: course.coid,
        code: course.code,
        title: course.coid_title,
        process: course.process,
        expiry: course.expiry ?? 0,
        timeTips: course.timeTips ?? { unit: 'minute' as const, amount: 0 },
      })),
    ),
  };
}

/** This week's study per day (learn_days: a primary-key range of at most 7 rows). */
async function weekOf(ctx: AppContext, studentId: string, today: string): Promise<ControlCentre['week']> {
  const days = weekDays(today);
  const rows = await recordsStore(ctx).studentDays(studentId, days[0], days[6]);
  const byDay = new Map(rows.map((row) => [row.day, row.ms]));
  const week = days.map((day) => ({ day, seconds: Math.round((byDay.get(day) ?? 0) / 1000) }));
  return { seconds: week.reduce((sum, day) => sum + day.seconds, 0), days: week };
}

let day = { text: '', from: 0, to: 0 };

/** Today's date (yyyy-MM-dd, the server's time zone), formatted once a day. */
function todayText(now: number): string {
  if (now < day.from || now >= day.to) {
    const from = new Date(now).setHours(0, 0, 0, 0);
    day = { text: formatDate(now, 'yyyy-MM-dd'), from, to: new Date(from).setHours(24, 0, 0, 0) };
  }
  return day.text;
}

/** The week and the lists as JSON members, kept while the student's rows and the day hold (see above). */
async function keptJson(ctx: AppContext, student: Student, today: string): Promise<string> {
  const cache = cacheOf(ctx);
  const hit = ctx.changes.inTransaction ? undefined : cache.get(student.userId);
  if (hit && hit.day === today) return hit.json;
  const body = { today, week: await weekOf(ctx, student.userId, today), ...(await computeLists(ctx, student)) };
  const json = JSON.stringify(body).slice(1, -1);
  if (!ctx.changes.inTransaction) cache.set(student.userId, { day: today, json });
  return json;
}

/**
 * The control centre's envelope as JSON text (the route sends it as it is): the in-memory unread counts and
 * ranking switch around the kept part.
 */
export async function controlCentreText(ctx: AppContext, student: Student): Promise<string> {
  await recordsEngine(ctx).flushWaiting();
  const today = todayText(ctx.now());
  const kept = await keptJson(ctx, student, today);
  const u = await unreadCountsOf(ctx, student.schoolId, student.userId);
  const ranking = await rankingOn(ctx, student.schoolId);
  return (
    `{"status":"ok","error":null,"data":{"unread":{"notices":${u.notices},"announcements":${u.announcements},` +
    `"messages":${u.messages}},"ranking":${ranking},${kept}}}`
  );
}
