/**
 * The back office's analytics (issue 18 'Back office analytics'; spec 7 'analysis and dashboard statistics').
 * Permission 'student' is checked by the call declarations; this decides the scope: a sub-admin limited to
 * categories (courses/course-access.ts) sees the course-based figures of those categories' courses only
 * (study time, active students, enrolments, completions and exam sittings of their courses), and another
 * school's or an out-of-scope course, group or student is 404. Figures come from the aggregates of
 * analytics.repository, never from a scan of the learn records.
 */
import type * as z from 'zod';
import { formatDate } from '../../../shared/rules/dates';
import {
  addDays,
  completionRate,
  eachDay,
  passRate,
  rankCourses,
  resolvePeriod,
  type Period,
} from '../../../shared/rules/analytics';
import { ANALYTICS_ERRORS, type zOverviewQuery, type zPeriodQuery } from '../../../shared/schemas/analytics';
import type * as s from '../../../shared/schemas/analytics';
import type { AppContext } from '../../context';
import { badInput, notFound } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { findStudent } from '../auth/accounts.repository';
import { adminScope, scopeFilter } from '../courses/course-access';
import * as repo from './analytics.repository';

type Admin = { userId: string; schoolId: string };
type Out<T extends z.ZodType> = z.infer<T>;

/** How many courses each end of the ranking lists, groups the overview shows, inactive students it lists first. */
const RANK_N = 5;
const GROUPS_N = 20;
const INACTIVE_N = 20;

export function periodOf(ctx: AppContext, query: z.output<typeof zPeriodQuery>): Period {
  const period = resolvePeriod(query, formatDate(ctx.now(), 'yyyy-MM-dd'));
  if (!period) throw badInput(ANALYTICS_ERRORS.period);
  return period;
}

/** The courses the administrator sees with their counters, and their ids when limited (null: all). */
export async function visibleCourses(ctx: AppContext, admin: Admin) {
  const scope = await adminScope(ctx, admin.userId);
  const courses = await repo.courseStats(ctx.db, admin.schoolId, await scopeFilter(ctx, admin.userId));
  const scoped = !scope || scope.categories !== null;
  return { courses, ids: scoped ? courses.map((c) => c.coid) : null, scoped };
}

const rank = (c: { coid: string; title: string; learners: number; completed: number }) => ({
  ...c,
  rate: completionRate(c.learners, c.completed),
});

/** Each day of the period beside the same day of the previous one. */
function pairDays(period: Period, figures: repo.DayFigures[]) {
  const byDay = new Map(figures.map((f) => [f.day, f]));
  const prev = eachDay(period.prevFrom, period.prevTo);
  return eachDay(period.from, period.to).map((day, i) => {
    const now = byDay.get(day);
    const before = byDay.get(prev[i] ?? '');
    return {
      day,
      active: now?.active ?? 0,
      ms: now?.ms ?? 0,
      prevDay: prev[i] ?? '',
      prevActive: before?.active ?? 0,
      prevMs: before?.ms ?? 0,
    };
  });
}

const startMs = (day: string) => new Date(`${day}T00:00:00`).getTime();
const endMs = (day: string) => new Date(`${day}T23:59:59.999`).getTime();

/** GET analysis/overview. */
export async function overview(
  ctx: AppContext,
  admin: Admin,
  query: z.output<typeof zOverviewQuery>,
): Promise<Out<typeof s.zOverview>> {
  const period = periodOf(ctx, query);
  const { courses, ids, scoped } = await visibleCourses(ctx, admin);
  const { db } = ctx;
  const { prevFrom: from, to } = period;
  const perCourse = await repo.courseDays(db, admin.schoolId, ids, from, to);
  // Limited to categories: the days of their courses, a student counted once per course studied that day (a
  // distinct count over 5 million learn records' days would not be cheap; the school's own figures are exact).
  const daily: repo.DayFigures[] =
    ids === null
      ? await repo.schoolDays(db, admin.schoolId, from, to)
      : perCourse.map((r) => ({ day: r.day, ms: r.ms, active: r.students }));
  const totals = async (a: string, b: string) => {
    const inRange = <T extends { day: string }>(rows: T[]) => rows.filter((r) => r.day >= a && r.day <= b);
    const days = inRange(daily);
    const course = inRange(perCourse);
    const exams = await repo.sittings(db, admin.schoolId, ids, startMs(a), endMs(b));
    const add = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((n, r) => n + pick(r), 0);
    return {
      ms: add(days, (r) => r.ms),
      activeAvg: Math.round((add(days, (r) => r.active) / period.length) * 10) / 10,
      enrolments: add(course, (r) => r.enrolments),
      completions: add(course, (r) => r.completions),
      sittings: exams.total,
      passed: exams.passed,
      passRate: passRate(exams.total, exams.passed),
    };
  };
  const ranked = rankCourses(courses, RANK_N);
  return {
    period,
    scoped,
    days: pairDays(period, daily),
    current: await totals(period.from, period.to),
    previous: await totals(period.prevFrom, period.prevTo),
    courses: { top: ranked.top.map(rank), bottom: ranked.bottom.map(rank) },
    groups: await groupsWithMembers(ctx, await repo.groupsByTime(db, admin.schoolId, period.from, period.to, GROUPS_N)),
    inactive: await overviewInactive(ctx, admin, query.idle),
  };
}

/** GET analysis/inactive: who has not studied in idle days (today counts as a day of study). */
export async function inactive(
  ctx: AppContext,
  admin: Admin,
  query: { idle: number; page: number; num: number },
): Promise<Out<typeof s.zInactiveList>> {
  const today = formatDate(ctx.now(), 'yyyy-MM-dd');
  const before = addDays(today, 1 - query.idle);
  const { rows, total } = await repo.inactiveStudents(
    ctx.db,
    admin.schoolId,
    before,
    query.num,
    (query.page - 1) * query.num,
  );
  return { idle: query.idle, total, students: rows };
}

const memberCounts = new WeakMap<AppContext, Map<string, number>>();

/**
 * The groups with their member counts, kept per group until any membership or group changes (the change feed):
 * counting them walked every member of the school's largest groups on each overview.
 */
async function groupsWithMembers<T extends { gid: string }>(
  ctx: AppContext,
  groups: T[],
): Promise<(T & { members: number })[]> {
  let counts = memberCounts.get(ctx);
  if (!counts) {
    const created = new Map<string, number>();
    ctx.changes.on(['student_group_members', 'student_groups'], () => created.clear());
    memberCounts.set(ctx, (counts = created));
  }
  const kept = ctx.changes.inTransaction ? new Map<string, number>() : counts;
  if (kept.size > 100_000) kept.clear();
  const missing = groups.map((g) => g.gid).filter((gid) => !kept.has(gid));
  const read = await repo.groupMemberCounts(ctx.db, missing);
  for (const gid of missing) kept.set(gid, read.get(gid) ?? 0);
  return groups.map((g) => ({ ...g, members: kept.get(g.gid) ?? 0 }));
}

/** How long the overview's first inactive students are kept per school (the full list is always fresh). */
const INACTIVE_KEEP_MS = 60_000;
const inactiveKept = new WeakMap<AppContext, TtlCache<string, Out<typeof s.zInactiveList>>>();

/**
 * The overview's first inactive students, kept a minute per school and idle days (reading them walks every
 * student of the school: about half the overview's time on 20,000 students). A change to any student's account
 * forgets them at once; a student who starts studying again leaves the list within the minute.
 */
async function overviewInactive(ctx: AppContext, admin: Admin, idle: number): Promise<Out<typeof s.zInactiveList>> {
  let cache = inactiveKept.get(ctx);
  if (!cache) {
    const created = new TtlCache<string, Out<typeof s.zInactiveList>>(INACTIVE_KEEP_MS, 1000, ctx.now);
    ctx.changes.on(['students'], () => created.clear());
    inactiveKept.set(ctx, (cache = created));
  }
  const load = async () => await inactive(ctx, admin, { idle, page: 1, num: INACTIVE_N });
  if (ctx.changes.inTransaction) return await load();
  const key = `${admin.schoolId}:${formatDate(ctx.now(), 'yyyy-MM-dd')}:${idle}`;
  return (await cache.getOrLoad(key, load))!;
}

/** GET analysis/courses. */
export async function courseList(ctx: AppContext, admin: Admin): Promise<Out<typeof s.zCourseList>> {
  return { courses: (await visibleCourses(ctx, admin)).courses.map(rank) };
}

/** GET analysis/course: 404 unless the course is the administrator's to see. */
export async function courseAnalytics(
  ctx: AppContext,
  admin: Admin,
  query: z.output<typeof s.zCourseQuery>,
): Promise<Out<typeof s.zCourseAnalytics>> {
  const period = periodOf(ctx, query);
  const course = (await visibleCourses(ctx, admin)).courses.find((c) => c.coid === query.coid);
  if (!course) throw notFound();
  const { db } = ctx;
  const questions = new Map((await repo.questionCounts(db, course.coid)).map((q) => [q.chapterId, q.n]));
  const stars = [0, 0, 0, 0, 0, 0];
  let count = 0;
  let sum = 0;
  for (const r of await repo.ratingCounts(db, course.coid)) {
    stars[Math.min(5, Math.max(0, r.score))] += r.n;
    count += r.n;
    sum += r.score * r.n;
  }
  return {
    period,
    course: rank(course),
    days: pairDays(period, await repo.oneCourseDays(db, course.coid, period.prevFrom, period.to)),
    funnel: await funnelOf(ctx, course.coid, questions),
    ratings: { count, average: count ? Math.round((sum / count) * 100) / 100 : null, stars },
    questions: [...questions.values()].reduce((a, b) => a + b, 0),
  };
}

/** The studied chapters in course order (headings and chapters with subchapters are not studied). */
async function funnelOf(ctx: AppContext, coid: string, questions: Map<string, number>) {
  const rows = await repo.chapterFigures(ctx.db, coid);
  const byPosition = (a: (typeof rows)[0], b: (typeof rows)[0]) => a.position - b.position || a.createdAt - b.createdAt;
  const tops = rows.filter((r) => r.parentId === '0').sort(byPosition);
  const ordered = tops.flatMap((top) => [top, ...rows.filter((r) => r.parentId === top.id).sort(byPosition)]);
  const studied = ordered.filter((r) => r.type !== 0 && !rows.some((o) => o.parentId === r.id));
  if (studied.length === 0) {
    const text = await repo.textFigures(ctx.db, coid);
    if (!text) return [];
    studied.push({ id: '0', title: '', type: 4, parentId: '0', position: 0, createdAt: 0, duration: 0, ...text });
  }
  return studied.map((r) => ({
    cid: r.id,
    title: r.title,
    type: r.type,
    started: r.started,
    finished: r.finished,
    avgMs: r.started > 0 ? Math.round(r.effMs / r.started) : 0,
    durationSec: r.duration,
    questions: questions.get(r.id) ?? 0,
  }));
}

/** GET analysis/group: 404 for another school's group. */
export async function groupAnalytics(
  ctx: AppContext,
  admin: Admin,
  query: z.output<typeof s.zGroupQuery>,
): Promise<Out<typeof s.zGroupAnalytics>> {
  const period = periodOf(ctx, query);
  const group = await repo.findGroup(ctx.db, query.gid);
  if (!group || group.schoolId !== admin.schoolId) throw notFound();
  const { ids } = await visibleCourses(ctx, admin);
  return {
    period,
    group: { gid: group.id, name: group.name },
    members: await repo.groupMembers(ctx.db, group.id, ids, period.from, period.to),
  };
}

/** GET analysis/student: 404 for another school's student. */
export async function studentAnalytics(
  ctx: AppContext,
  admin: Admin,
  query: z.output<typeof s.zStudentQuery>,
): Promise<Out<typeof s.zStudentAnalytics>> {
  const period = periodOf(ctx, query);
  const student = await findStudent(ctx.db, query.sid);
  if (!student || student.schoolId !== admin.schoolId) throw notFound();
  return {
    period,
    student: { sid: student.id, name: student.name, username: student.username },
    days: await repo.studentDays(ctx.db, student.id, period.from, period.to),
    courses: await repo.studentCourseRows(ctx.db, student.id, await scopeFilter(ctx, admin.userId)),
  };
}
