import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import {
  admins,
  courses,
  liveAttendance,
  liveSessions,
  studentGroupMembers,
  studentGroups,
  students,
} from '../../db/schema';
import type { LiveSessionRow } from './sessions.repository';

/** The back office's reads and writes of live sessions (issue 17); the service decides. */

/** Course types that are live courses: 1 live, 2 public live. */
export const LIVE_COURSE_TYPES = [1, 2];

export type SessionView = LiveSessionRow & {
  courseTitle: string;
  courseType: number;
  courseCatid: string;
  teacherName: string | null;
};

const viewColumns = {
  session: liveSessions,
  courseTitle: courses.title,
  courseType: courses.type,
  courseCatid: courses.catid,
  teacherName: admins.name,
};

const flatten = (row: {
  session: LiveSessionRow;
  courseTitle: string;
  courseType: number;
  courseCatid: string;
  teacherName: string | null;
}): SessionView => ({
  ...row.session,
  courseTitle: row.courseTitle,
  courseType: row.courseType,
  courseCatid: row.courseCatid,
  teacherName: row.teacherName,
});

export interface SessionFilter {
  schoolId: string;
  coid?: string;
  status?: LiveSessionRow['status'];
  /** The administrator's category scope (courses/course-access scopeFilter); undefined = all. */
  scope?: SQL;
  limit: number;
  offset: number;
}

/** The school's sessions that are not deleted, latest start first, with the total. */
export async function listSessions(db: Db, filter: SessionFilter): Promise<{ rows: SessionView[]; total: number }> {
  const where = and(
    eq(liveSessions.schoolId, filter.schoolId),
    eq(liveSessions.deleted, false),
    filter.coid ? eq(liveSessions.courseId, filter.coid) : undefined,
    filter.status ? eq(liveSessions.status, filter.status) : undefined,
    filter.scope,
  );
  const total =
    first(
      await db
        .select({ n: sql<number>`count(*)` })
        .from(liveSessions)
        .innerJoin(courses, eq(courses.id, liveSessions.courseId))
        .where(where),
    )?.n ?? 0;
  const rows = await db
    .select(viewColumns)
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .leftJoin(admins, eq(admins.id, liveSessions.teacherId))
    .where(where)
    .orderBy(desc(liveSessions.startAt), desc(liveSessions.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows: rows.map(flatten), total };
}

/** One session of the school that is not deleted. */
export async function schoolSession(db: Db, schoolId: string, id: string): Promise<SessionView | undefined> {
  const row = first(
    await db
      .select(viewColumns)
      .from(liveSessions)
      .innerJoin(courses, eq(courses.id, liveSessions.courseId))
      .leftJoin(admins, eq(admins.id, liveSessions.teacherId))
      .where(and(eq(liveSessions.id, id), eq(liveSessions.schoolId, schoolId), eq(liveSessions.deleted, false))),
  );
  return row ? flatten(row) : undefined;
}

/** Per session: students whose live page beat at or after `since`. */
export async function viewerCounts(db: Db, ids: readonly string[], since: number): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: liveAttendance.sessionId, n: sql<number>`count(*)` })
    .from(liveAttendance)
    .where(and(inArray(liveAttendance.sessionId, [...ids]), gte(liveAttendance.lastAt, since)))
    .groupBy(liveAttendance.sessionId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** Per session: how many students attended and the seconds they were credited in all. */
export async function attendanceTotals(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { students: number; seconds: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: liveAttendance.sessionId,
      n: sql<number>`count(*)`,
      seconds: sql<number>`coalesce(sum(${liveAttendance.seconds}), 0)`,
    })
    .from(liveAttendance)
    .where(inArray(liveAttendance.sessionId, [...ids]))
    .groupBy(liveAttendance.sessionId);
  return new Map(rows.map((row) => [row.id, { students: row.n, seconds: row.seconds }]));
}

/** A live course (type 1 or 2) of the school that is not deleted. */
export async function liveCourse(db: Db, schoolId: string, coid: string) {
  return first(
    await db
      .select({ id: courses.id, schoolId: courses.schoolId, catid: courses.catid, type: courses.type })
      .from(courses)
      .where(
        and(
          eq(courses.id, coid),
          eq(courses.schoolId, schoolId),
          eq(courses.deleted, false),
          inArray(courses.type, LIVE_COURSE_TYPES),
        ),
      ),
  );
}

/** The school's live courses that are not deleted, newest first, within the scope. */
export async function liveCourses(db: Db, schoolId: string, scope: SQL | undefined) {
  return await db
    .select({ id: courses.id, title: courses.title, type: courses.type })
    .from(courses)
    .where(
      and(eq(courses.schoolId, schoolId), eq(courses.deleted, false), inArray(courses.type, LIVE_COURSE_TYPES), scope),
    )
    .orderBy(desc(courses.createdAt));
}

/** The school's administrators who are not disabled (the teachers a session may have). */
export async function schoolTeachers(db: Db, schoolId: string): Promise<{ id: string; name: string }[]> {
  return await db
    .select({ id: admins.id, name: admins.name })
    .from(admins)
    .where(and(eq(admins.schoolId, schoolId), eq(admins.disabled, false)))
    .orderBy(asc(admins.createdAt));
}

export async function isSchoolTeacher(db: Db, schoolId: string, adminId: string): Promise<boolean> {
  const row = first(
    await db
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.id, adminId), eq(admins.schoolId, schoolId), eq(admins.disabled, false))),
  );
  return !!row;
}

export async function insertSession(db: Db, row: typeof liveSessions.$inferInsert): Promise<void> {
  await db.insert(liveSessions).values(row);
}

export async function updateSession(db: Db, id: string, set: Partial<typeof liveSessions.$inferInsert>): Promise<void> {
  await db.update(liveSessions).set(set).where(eq(liveSessions.id, id));
}

/** A session's attendance, longest first, with the students' names and accounts. */
export async function attendanceRows(db: Db, sessionId: string, limit: number, offset: number) {
  const where = eq(liveAttendance.sessionId, sessionId);
  const total = first(await db.select({ n: sql<number>`count(*)` }).from(liveAttendance).where(where))?.n ?? 0;
  const rows = await db
    .select({
      studentId: liveAttendance.studentId,
      name: students.name,
      account: students.username,
      seconds: liveAttendance.seconds,
      firstAt: liveAttendance.firstAt,
      lastAt: liveAttendance.lastAt,
    })
    .from(liveAttendance)
    .innerJoin(students, eq(students.id, liveAttendance.studentId))
    .where(where)
    .orderBy(desc(liveAttendance.seconds), asc(liveAttendance.firstAt), asc(students.username))
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

/** The names of the groups each student belongs to. */
export async function groupNames(db: Db, studentIds: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (studentIds.length === 0) return found;
  const rows = await db
    .select({ studentId: studentGroupMembers.studentId, name: studentGroups.name })
    .from(studentGroupMembers)
    .innerJoin(studentGroups, eq(studentGroups.id, studentGroupMembers.groupId))
    .where(inArray(studentGroupMembers.studentId, [...studentIds]))
    .orderBy(asc(studentGroups.position), asc(studentGroups.name));
  for (const row of rows) found.set(row.studentId, [...(found.get(row.studentId) ?? []), row.name]);
  return found;
}

/** The school's sessions (not deleted) scheduled to start in [from, to), earliest first, within the scope. */
export async function sessionsStarting(db: Db, schoolId: string, from: number, to: number, scope: SQL | undefined) {
  return (
    await db
      .select(viewColumns)
      .from(liveSessions)
      .innerJoin(courses, eq(courses.id, liveSessions.courseId))
      .leftJoin(admins, eq(admins.id, liveSessions.teacherId))
      .where(
        and(
          eq(liveSessions.schoolId, schoolId),
          eq(liveSessions.deleted, false),
          gte(liveSessions.startAt, from),
          lt(liveSessions.startAt, to),
          scope,
        ),
      )
      .orderBy(asc(liveSessions.startAt), asc(liveSessions.id))
  ).map(flatten);
}

/** res/live: the school's sessions (not deleted), latest start first, and how many there are. */
export async function resourceSessions(db: Db, schoolId: string, limit: number) {
  const where = and(eq(liveSessions.schoolId, schoolId), eq(liveSessions.deleted, false));
  const total = first(await db.select({ n: sql<number>`count(*)` }).from(liveSessions).where(where))?.n ?? 0;
  const rows = await db
    .select({
      id: liveSessions.id,
      title: liveSessions.title,
      status: liveSessions.status,
      startTime: liveSessions.startAt,
    })
    .from(liveSessions)
    .where(where)
    .orderBy(desc(liveSessions.startAt), desc(liveSessions.id))
    .limit(limit);
  return { rows, total };
}
