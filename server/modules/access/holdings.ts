/**
 * A student's cached course facts: groups, enrolments, grants, bookmarks and the courses begun (with when). The
 * access policy (policy.ts) and the course pages read them on every request.
 */
import type { AppContext } from '../../context';
import type { ViewerReply } from '../../lib/catalogue-http';
import { TtlCache } from '../../lib/ttl-cache';
import {
  studentCollects,
  studentCourseStarts,
  studentEnrolments,
  studentGrants,
  studentGroupIds,
  type Enrolment,
  type GrantedCourse,
} from './access.repository';

/**
 * A course held through grants (one or more: direct, a group's, a column's): since the earliest of them; until
 * null when one of them keeps the course's own validity, else the latest chosen end.
 */
export interface GrantHolding {
  since: number;
  until: number | null;
  grantIds: string[];
}

/** What a student's viewer fields depend on: their groups, enrolments, bookmarks and the courses they have studied. */
export type StudentCourses = {
  groups: string[];
  enrolments: Map<string, Enrolment>;
  /** The courses granted by an administrator (policy.ts 'Holding'). */
  grants: Map<string, GrantHolding>;
  collected: Set<string>;
  /** The courses with a written learning record, and when each was begun (ms). */
  studied: Map<string, number>;
  /** The student's course/info replies, kept while these facts are (course-info.service studentInfoReply). */
  replies: Map<string, { base: object; reply: ViewerReply; until: number }>;
};

const caches = new WeakMap<AppContext, TtlCache<string, StudentCourses>>();

function cacheOf(ctx: AppContext): TtlCache<string, StudentCourses> {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new TtlCache<string, StudentCourses>(30_000, 20_000, Date.now);
    // Any write to these rows, by any path (a cascade included), forgets the student at once.
    ctx.changes.on(['enrolments', 'collects', 'student_group_members', 'students', 'course_records'], (studentId) =>
      created.delete(studentId),
    );
    // A grant (to a group: many students) or a column's courses changed: rare back-office writes, forget everyone.
    ctx.changes.on(['course_grants', 'column_courses'], () => created.clear());
    caches.set(ctx, (cache = created));
  }
  return cache;
}

/** The grants of a student merged per course (GrantHolding). */
export function grantsByCourse(rows: readonly GrantedCourse[]): Map<string, GrantHolding> {
  const byCourse = new Map<string, GrantHolding>();
  for (const row of rows) {
    const held = byCourse.get(row.courseId);
    if (!held) {
      byCourse.set(row.courseId, { since: row.createdAt, until: row.expiresAt, grantIds: [row.grantId] });
      continue;
    }
    held.since = Math.min(held.since, row.createdAt);
    held.until = held.until === null || row.expiresAt === null ? null : Math.max(held.until, row.expiresAt);
    held.grantIds.push(row.grantId);
  }
  return byCourse;
}

function load(ctx: AppContext, studentId: string): StudentCourses {
  const groups = studentGroupIds(ctx.db, studentId);
  return {
    groups,
    enrolments: new Map(studentEnrolments(ctx.db, studentId).map((row) => [row.courseId, row])),
    grants: grantsByCourse(studentGrants(ctx.db, studentId, groups)),
    collected: new Set(studentCollects(ctx.db, studentId)),
    studied: new Map(studentCourseStarts(ctx.db, studentId).map((row) => [row.id, row.startedAt])),
    replies: new Map(),
  };
}

/**
 * A student's groups, enrolments and bookmarks, read together and kept in memory for half a minute:
 * course/info needs them on every request. Exact within the process (server/db/changes); not cached
 * inside a transaction, whose reads may still be rolled back.
 */
export function studentCourses(ctx: AppContext, studentId: string): StudentCourses {
  if (ctx.changes.inTransaction) return load(ctx, studentId);
  return cacheOf(ctx).getOrLoad(studentId, () => load(ctx, studentId))!;
}
