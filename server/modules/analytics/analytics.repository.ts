/**
 * The analytics' queries (server/db/schema/analytics.ts and the tables they summarise). Every overview query
 * reads an aggregate by its primary key or index range; the only scans are bounded by one course, group or
 * student. A course list of null means every course of the school (an unscoped administrator).
 */
import { and, asc, between, count, desc, eq, inArray, isNull, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import {
  analyticsChapterStats,
  analyticsCourseDays,
  analyticsCourseStats,
  analyticsGroupDays,
  analyticsSchoolDays,
  analyticsStudentLast,
  chapterQuestions,
  chapters,
  courseRecords,
  courses,
  examSittings,
  exams,
  grades,
  learnDays,
  resources,
  studentGroupMembers,
  studentGroups,
  students,
} from '../../db/schema';

export type CourseIds = readonly string[] | null;
export interface DayFigures {
  day: string;
  ms: number;
  active: number;
}

const num = (value: unknown) => Number(value ?? 0);

/** The school's study time and active students per day (learn_days' aggregate). */
export async function schoolDays(db: Db, schoolId: string, from: string, to: string): Promise<DayFigures[]> {
  const t = analyticsSchoolDays;
  return await db
    .select({ day: t.day, ms: t.effMs, active: t.students })
    .from(t)
    .where(and(eq(t.schoolId, schoolId), between(t.day, from, to)));
}

const courseFilter = (column: typeof analyticsCourseDays.courseId, ids: CourseIds) =>
  ids === null ? undefined : inArray(column, ids.length ? [...ids] : ['']);

/** Study time, completions and enrolments per day of the given courses (all of the school: null). */
export async function courseDays(db: Db, schoolId: string, ids: CourseIds, from: string, to: string) {
  const t = analyticsCourseDays;
  return await db
    .select({
      day: t.day,
      ms: sum(t.effMs).mapWith(Number),
      completions: sum(t.completions).mapWith(Number),
      enrolments: sum(t.enrolments).mapWith(Number),
      students: sum(t.students).mapWith(Number),
    })
    .from(t)
    .where(and(eq(t.schoolId, schoolId), between(t.day, from, to), courseFilter(t.courseId, ids)))
    .groupBy(t.day);
}

/** Exam sittings submitted in the range (ms), and how many passed; limited to the courses' exams when given. */
export async function sittings(db: Db, schoolId: string, ids: CourseIds, fromMs: number, toMs: number) {
  const t = examSittings;
  const where: (SQL | undefined)[] = [eq(t.schoolId, schoolId), between(t.submittedAt, fromMs, toMs)];
  if (ids !== null) {
    where.push(
      inArray(
        t.examId,
        db
          .select({ id: exams.id })
          .from(exams)
          .where(inArray(exams.courseId, ids.length ? [...ids] : [''])),
      ),
    );
  }
  const row = first(
    await db
      .select({ total: count(), passed: sql<number>`coalesce(sum(${t.passed}), 0)` })
      .from(t)
      .where(and(...where)),
  );
  return { total: num(row?.total), passed: num(row?.passed) };
}

/** The school's courses (not deleted) with learners and completions, restricted by the scope filter. */
export async function courseStats(db: Db, schoolId: string, scope: SQL | undefined) {
  return await db
    .select({
      coid: courses.id,
      title: courses.title,
      learners: sql<number>`coalesce(${analyticsCourseStats.learners}, 0)`.mapWith(Number),
      completed: sql<number>`coalesce(${analyticsCourseStats.completed}, 0)`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(analyticsCourseStats, eq(analyticsCourseStats.courseId, courses.id))
    .where(and(eq(courses.schoolId, schoolId), eq(courses.deleted, false), scope))
    .orderBy(asc(courses.title));
}

/** The groups of the school by their members' study time in the range (analytics_group_days), most first. */
export async function groupsByTime(db: Db, schoolId: string, from: string, to: string, limit: number) {
  const g = analyticsGroupDays;
  const ms = sql<number>`coalesce(sum(${g.effMs}), 0)`.mapWith(Number);
  return await db
    .select({ gid: studentGroups.id, name: studentGroups.name, ms })
    .from(g)
    .innerJoin(studentGroups, eq(studentGroups.id, g.groupId))
    .where(and(eq(g.schoolId, schoolId), between(g.day, from, to)))
    .groupBy(studentGroups.id)
    .orderBy(desc(ms), asc(studentGroups.name))
    .limit(limit);
}

/** How many members each of the groups has. */
export async function groupMemberCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ gid: studentGroupMembers.groupId, n: count() })
    .from(studentGroupMembers)
    .where(inArray(studentGroupMembers.groupId, [...ids]))
    .groupBy(studentGroupMembers.groupId);
  return new Map(rows.map((row) => [row.gid, row.n]));
}

/** Enabled students of the school whose last day of study is before the cutoff (or who never studied). */
export async function inactiveStudents(db: Db, schoolId: string, before: string, limit: number, offset: number) {
  const where = and(
    eq(students.schoolId, schoolId),
    eq(students.disabled, false),
    or(isNull(analyticsStudentLast.lastDay), lt(analyticsStudentLast.lastDay, before)),
  );
  const from = () =>
    db
      .select({
        sid: students.id,
        name: students.name,
        username: students.username,
        lastDay: analyticsStudentLast.lastDay,
      })
      .from(students)
      .leftJoin(analyticsStudentLast, eq(analyticsStudentLast.studentId, students.id));
  const rows = await from()
    .where(where)
    .orderBy(sql`${analyticsStudentLast.lastDay} is not null`, asc(analyticsStudentLast.lastDay), asc(students.id))
    .limit(limit)
    .offset(offset);
  const total = first(
    await db
      .select({ n: count() })
      .from(students)
      .leftJoin(analyticsStudentLast, eq(analyticsStudentLast.studentId, students.id))
      .where(where),
  );
  return { rows, total: num(total?.n) };
}

/** Per-day figures of one course. */
export async function oneCourseDays(db: Db, courseId: string, from: string, to: string): Promise<DayFigures[]> {
  const t = analyticsCourseDays;
  return await db
    .select({ day: t.day, ms: t.effMs, active: t.students })
    .from(t)
    .where(and(eq(t.courseId, courseId), between(t.day, from, to)));
}

/** The course's chapters with their counters and media length (s). */
export async function chapterFigures(db: Db, courseId: string) {
  const s = analyticsChapterStats;
  return await db
    .select({
      id: chapters.id,
      title: chapters.title,
      type: chapters.type,
      parentId: chapters.parentId,
      position: chapters.position,
      createdAt: chapters.createdAt,
      started: sql<number>`coalesce(${s.started}, 0)`.mapWith(Number),
      finished: sql<number>`coalesce(${s.finished}, 0)`.mapWith(Number),
      effMs: sql<number>`coalesce(${s.effMs}, 0)`.mapWith(Number),
      duration: sql<number>`coalesce(${resources.duration}, 0)`.mapWith(Number),
    })
    .from(chapters)
    .leftJoin(s, and(eq(s.courseId, chapters.courseId), eq(s.chapterId, chapters.id)))
    .leftJoin(resources, eq(resources.id, chapters.resourceId))
    .where(eq(chapters.courseId, courseId));
}

/** The counters of a graphic course's own text (chapter '0'). */
export async function textFigures(db: Db, courseId: string) {
  const s = analyticsChapterStats;
  return first(
    await db
      .select({ started: s.started, finished: s.finished, effMs: s.effMs })
      .from(s)
      .where(and(eq(s.courseId, courseId), eq(s.chapterId, '0'))),
  );
}

/** Ratings of the course (all its chapters and the course itself): count per star 0..5. */
export async function ratingCounts(db: Db, courseId: string) {
  return await db
    .select({ score: grades.score, n: count() })
    .from(grades)
    .where(eq(grades.courseId, courseId))
    .groupBy(grades.score);
}

/** Questions asked per chapter of the course. */
export async function questionCounts(db: Db, courseId: string) {
  return await db
    .select({ chapterId: chapterQuestions.chapterId, n: count() })
    .from(chapterQuestions)
    .where(eq(chapterQuestions.courseId, courseId))
    .groupBy(chapterQuestions.chapterId);
}

export async function findGroup(db: Db, gid: string) {
  return first(await db.select().from(studentGroups).where(eq(studentGroups.id, gid)));
}

/** The members of a group with their study in the range, their course records (of the given courses) and last day. */
export async function groupMembers(db: Db, gid: string, ids: CourseIds, from: string, to: string) {
  const m = studentGroupMembers;
  const recordScope = ids === null ? sql`` : sql` and cr.course_id in ${ids.length ? [...ids] : ['']}`;
  return await db
    .select({
      sid: students.id,
      name: students.name,
      username: students.username,
      periodMs: sql<number>`(select coalesce(sum(d.eff_ms), 0) from learn_days d
        where d.student_id = ${students.id} and d.day between ${from} and ${to})`.mapWith(Number),
      courses:
        sql<number>`(select count(*) from course_records cr where cr.student_id = ${students.id}${recordScope})`.mapWith(
          Number,
        ),
      completed: sql<number>`(select count(cr.completed_at) from course_records cr
        where cr.student_id = ${students.id}${recordScope})`.mapWith(Number),
      totalMs: sql<number>`(select coalesce(sum(cr.eff_ms), 0) from course_records cr
        where cr.student_id = ${students.id}${recordScope})`.mapWith(Number),
      lastDay: analyticsStudentLast.lastDay,
    })
    .from(m)
    .innerJoin(students, eq(students.id, m.studentId))
    .leftJoin(analyticsStudentLast, eq(analyticsStudentLast.studentId, students.id))
    .where(eq(m.groupId, gid))
    .orderBy(asc(students.name), asc(students.id));
}

/** A student's study time per day in the range. */
export async function studentDays(db: Db, studentId: string, from: string, to: string) {
  return await db
    .select({ day: learnDays.day, ms: learnDays.effMs })
    .from(learnDays)
    .where(and(eq(learnDays.studentId, studentId), between(learnDays.day, from, to)))
    .orderBy(asc(learnDays.day));
}

/** A student's course records (of the given courses) with the course titles, latest visit first. */
export async function studentCourseRows(db: Db, studentId: string, scope: SQL | undefined) {
  return await db
    .select({
      coid: courses.id,
      title: courses.title,
      process: courseRecords.process,
      effMs: courseRecords.effMs,
      completedAt: courseRecords.completedAt,
      lastVisitAt: courseRecords.lastVisitAt,
    })
    .from(courseRecords)
    .innerJoin(courses, eq(courses.id, courseRecords.courseId))
    .where(and(eq(courseRecords.studentId, studentId), scope))
    .orderBy(desc(courseRecords.lastVisitAt));
}
