/**
 * A student's cached course facts: groups, enrolments, grants, bookmarks and the courses begun (with when). The
 * access policy (policy.ts) and the course pages read them on every request.
 */
import type { AppContext } from '../../context';
import { TtlCache } from '../../lib/ttl-cache';
import {
  activeMemberships,
  categorySubtrees,
  studentCollects,
  studentCourseStarts,
  studentEnrolments,
  studentGrants,
  studentGroupIds,
  type Enrolment,
  type GrantedCourse,
} from './access.repository';
import type { MaybePromise } from '../../lib/sequential';

/**
 * One way a course is held besides an enrolment: a grant row (an administrator's, to the student, a group of
 * theirs or of a column; or an enrolment key's, a code's, an order's) or a membership. until null keeps the
 * course's own validity counted from since; a number is the holder's own last valid instant.
 */
export interface HeldWay {
  via: GrantedCourse['via'] | 'member';
  since: number;
  until: number | null;
  ref: string;
}

/** What a student's viewer fields depend on: their groups, enrolments, bookmarks and the courses they have studied. */
export type StudentCourses = {
  groups: string[];
  enrolments: Map<string, Enrolment>;
  /** The courses held by grant rows (policy.ts 'Holding'), each row a way. */
  grants: Map<string, HeldWay[]>;
  /** The course categories a current membership gives (each with every category under it), with its ways. */
  memberCategories: Map<string, HeldWay[]>;
  /** The school of the student's memberships ('' without any). */
  memberSchool: string;
  collected: Set<string>;
  /** The courses with a written learning record, and when each was begun (ms). */
  studied: Map<string, number>;
};

const caches = new WeakMap<AppContext, TtlCache<string, StudentCourses>>();

function cacheOf(ctx: AppContext): TtlCache<string, StudentCourses> {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new TtlCache<string, StudentCourses>(30_000, 20_000, Date.now);
    // Any write to these rows, by any path (a cascade included), forgets the student at once.
    ctx.changes.on(
      ['enrolments', 'collects', 'student_group_members', 'students', 'course_records', 'memberships'],
      (studentId) => created.delete(studentId),
    );
    // A grant (to a group: many students), a column's courses, a plan's or a category tree changed: rare
    // back-office writes, forget everyone.
    ctx.changes.on(['course_grants', 'column_courses', 'member_plans', 'categories'], () => created.clear());
    caches.set(ctx, (cache = created));
  }
  return cache;
}

/** The grant rows of a student per course, each a way, oldest first. */
export function grantsByCourse(rows: readonly GrantedCourse[]): Map<string, HeldWay[]> {
  const byCourse = new Map<string, HeldWay[]>();
  for (const row of [...rows].sort((a, b) => a.createdAt - b.createdAt)) {
    const way: HeldWay = { via: row.via, since: row.createdAt, until: row.expiresAt, ref: row.grantId };
    const held = byCourse.get(row.courseId);
    if (held) held.push(way);
    else byCourse.set(row.courseId, [way]);
  }
  return byCourse;
}

/** The categories the student's current memberships give, each category of a plan's subtree with its ways. */
async function memberCategoriesOf(
  ctx: AppContext,
  studentId: string,
): Promise<{ school: string; categories: Map<string, HeldWay[]> }> {
  const rows = await activeMemberships(ctx.db, studentId, ctx.now());
  const categories = new Map<string, HeldWay[]>();
  if (rows.length === 0) return { school: '', categories };
  const school = rows[0].schoolId;
  const plans = rows.map((row) => ({ row, tops: new Set(JSON.parse(row.categoryIds) as string[]) }));
  const subtree = await categorySubtrees(ctx.db, school, [...new Set(plans.flatMap((plan) => [...plan.tops]))]);
  for (const [category, top] of subtree) {
    for (const { row, tops } of plans) {
      if (!tops.has(top)) continue;
      const ways = categories.get(category) ?? [];
      if (!ways.some((way) => way.ref === row.id))
        ways.push({ via: 'member', since: row.since, until: row.until, ref: row.id });
      categories.set(category, ways);
    }
  }
  return { school, categories };
}

async function load(ctx: AppContext, studentId: string): Promise<StudentCourses> {
  const groups = await studentGroupIds(ctx.db, studentId);
  const members = await memberCategoriesOf(ctx, studentId);
  return {
    groups,
    enrolments: new Map((await studentEnrolments(ctx.db, studentId)).map((row) => [row.courseId, row])),
    grants: grantsByCourse(await studentGrants(ctx.db, studentId, groups)),
    memberCategories: members.categories,
    memberSchool: members.school,
    collected: new Set(await studentCollects(ctx.db, studentId)),
    studied: new Map((await studentCourseStarts(ctx.db, studentId)).map((row) => [row.id, row.startedAt])),
  };
}

/**
 * A student's groups, enrolments and bookmarks, read together and kept in memory for half a minute:
 * course/info needs them on every request. Exact within the process (server/db/changes); not cached
 * inside a transaction, whose reads may still be rolled back.
 */
export function studentCourses(ctx: AppContext, studentId: string): MaybePromise<StudentCourses> {
  if (ctx.changes.inTransaction) return load(ctx, studentId);
  return cacheOf(ctx).getOrLoad(studentId, () => load(ctx, studentId)) as MaybePromise<StudentCourses>;
}
