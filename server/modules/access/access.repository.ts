/**
 * The tables the access policy reads (server/modules/access): what a student holds (enrolments, study-plan
 * assignments, course records), their groups and bookmarks, and the chapter, exercise and exam facts the
 * order rules need. The access module reads them here, never through another module's services.
 */
import { sqlRows, type Db, first } from '../../db/client';
import { and, asc, eq, gte, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { prepared } from '../../db/prepared';
import {
  categories,
  chapters,
  columnBooks,
  collects,
  columnCourses,
  courseGrants,
  courseRecords,
  courses,
  enrolments,
  exams,
  memberPlans,
  memberships,
  planAssignments,
  studentGroupMembers,
  studyPlans,
} from '../../db/schema';
import { inJsonArray, jsonElements } from '../../db/sql-dialect';

export type Enrolment = typeof enrolments.$inferSelect;
export type PlanStatus = (typeof studyPlans.$inferSelect)['status'];

/** The ids of the groups a student belongs to. */
export async function studentGroupIds(db: Db, studentId: string): Promise<string[]> {
  return (
    await prepared(db, 'accessStudentGroupIds', (d) =>
      d
        .select({ id: studentGroupMembers.groupId })
        .from(studentGroupMembers)
        .where(eq(studentGroupMembers.studentId, sql.placeholder('studentId')))
        .prepare(),
    ).all({ studentId })
  ).map((row) => row.id);
}

/** Every enrolment of a student (free, bought, obtained, column, admin, plan). */
export async function studentEnrolments(db: Db, studentId: string): Promise<Enrolment[]> {
  return await prepared(db, 'studentEnrolments', (d) =>
    d
      .select()
      .from(enrolments)
      .where(eq(enrolments.studentId, sql.placeholder('studentId')))
      .prepare(),
  ).all({ studentId });
}

/** A course a student holds through an administrator's grant (a column grant names each of its courses). */
export interface GrantedCourse {
  courseId: string;
  grantId: string;
  createdAt: number;
  expiresAt: number | null;
  via: 'admin' | 'key' | 'code' | 'order';
}

/**
 * The courses granted to a student, directly or through one of the given groups (theirs), by grants not
 * revoked; a column's grant gives the column's courses of now (as a subscription does).
 */
export async function studentGrants(db: Db, studentId: string, groupIds: readonly string[]): Promise<GrantedCourse[]> {
  const target =
    groupIds.length > 0
      ? or(eq(courseGrants.studentId, studentId), inArray(courseGrants.groupId, [...groupIds]))
      : eq(courseGrants.studentId, studentId);
  return (
    await db
      .select({
        courseId: sql<string>`coalesce(${courseGrants.courseId}, ${columnCourses.courseId})`,
        grantId: courseGrants.id,
        createdAt: courseGrants.createdAt,
        expiresAt: courseGrants.expiresAt,
        via: courseGrants.via,
      })
      .from(courseGrants)
      .leftJoin(columnCourses, eq(columnCourses.columnId, courseGrants.columnId))
      .where(and(isNull(courseGrants.revokedAt), target))
  ).filter((row) => row.courseId !== null);
}

/**
 * Whether the student holds the column: subscribed (column_books), or a grant row of it (an administrator's, a
 * code's, an order's) to the student or one of these groups (theirs) not revoked and not ended at `now`.
 */
export async function columnHeld(
  db: Db,
  columnId: string,
  studentId: string,
  groupIds: readonly string[],
  now: number,
) {
  const booked = first(
    await db
      .select({ id: columnBooks.columnId })
      .from(columnBooks)
      .where(and(eq(columnBooks.studentId, studentId), eq(columnBooks.columnId, columnId))),
  );
  if (booked) return true;
  const target =
    groupIds.length > 0
      ? or(eq(courseGrants.studentId, studentId), inArray(courseGrants.groupId, [...groupIds]))
      : eq(courseGrants.studentId, studentId);
  return !!first(
    await db
      .select({ id: courseGrants.id })
      .from(courseGrants)
      .where(
        and(
          eq(courseGrants.columnId, columnId),
          isNull(courseGrants.revokedAt),
          or(isNull(courseGrants.expiresAt), gte(courseGrants.expiresAt, now)),
          target,
        ),
      )
      .limit(1),
  );
}

/** A membership of a plan current at `now`: its categories (ids, JSON as stored) and span. */
export interface ActiveMembership {
  id: string;
  schoolId: string;
  since: number;
  until: number;
  categoryIds: string;
}

/** The student's memberships not revoked that last until now or later, of plans not deleted. */
export async function activeMemberships(db: Db, studentId: string, now: number): Promise<ActiveMembership[]> {
  return await db
    .select({
      id: memberships.id,
      schoolId: memberships.schoolId,
      since: memberships.since,
      until: memberships.until,
      categoryIds: memberPlans.categoryIds,
    })
    .from(memberships)
    .innerJoin(memberPlans, eq(memberPlans.id, memberships.planId))
    .where(
      and(
        eq(memberships.studentId, studentId),
        isNull(memberships.revokedAt),
        gte(memberships.until, now),
        eq(memberPlans.deleted, false),
      ),
    );
}

/** The course categories of these ids with every category under them (a nested-set range each), one school's. */
export async function categorySubtrees(db: Db, schoolId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const top = alias(categories, 'top');
  const rows = await db
    .select({ id: categories.id, top: top.id })
    .from(categories)
    .innerJoin(
      top,
      and(
        eq(top.schoolId, categories.schoolId),
        eq(top.kind, categories.kind),
        lte(top.lft, categories.lft),
        gte(top.rgt, categories.rgt),
      ),
    )
    .where(and(eq(categories.schoolId, schoolId), eq(categories.kind, 'course'), inArray(top.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.top]));
}

/** The published, not deleted courses of the school in these categories (the courses a membership gives). */
export async function coursesInCategories(db: Db, schoolId: string, categoryIds: readonly string[]): Promise<string[]> {
  if (categoryIds.length === 0) return [];
  return (
    await db
      .select({ id: courses.id })
      .from(courses)
      .where(
        and(
          eq(courses.schoolId, schoolId),
          inArray(courses.catid, [...categoryIds]),
          eq(courses.published, true),
          eq(courses.deleted, false),
        ),
      )
  ).map((row) => row.id);
}

/** The ids of every course a student bookmarked. */
export async function studentCollects(db: Db, studentId: string): Promise<string[]> {
  return (
    await prepared(db, 'studentCollects', (d) =>
      d
        .select({ id: collects.courseId })
        .from(collects)
        .where(eq(collects.studentId, sql.placeholder('studentId')))
        .prepare(),
    ).all({ studentId })
  ).map((row) => row.id);
}

/** The courses a student has a learning record of, with when each was first begun (ms). */
export async function studentCourseStarts(db: Db, studentId: string): Promise<{ id: string; startedAt: number }[]> {
  return await prepared(db, 'studentCourseStarts', (d) =>
    d
      .select({ id: courseRecords.courseId, startedAt: courseRecords.startedAt })
      .from(courseRecords)
      .where(eq(courseRecords.studentId, sql.placeholder('studentId')))
      .prepare(),
  ).all({ studentId });
}

/** The plan's review state (undefined for a course that is no plan); asked on the study check, so prepared once. */
export async function planStatus(db: Db, courseId: string): Promise<PlanStatus | undefined> {
  return (
    await prepared(db, 'planStatus', (d) =>
      d
        .select({ status: studyPlans.status })
        .from(studyPlans)
        .where(eq(studyPlans.courseId, sql.placeholder('courseId')))
        .prepare(),
    ).get({ courseId })
  )?.status;
}

/** Whether the plan is assigned to the student or to one of these groups (the student's); prepared once. */
export async function isAssigned(
  db: Db,
  courseId: string,
  studentId: string,
  groupIds: readonly string[],
): Promise<boolean> {
  return !!(await prepared(db, 'planAssignedTo', (d) =>
    d
      .select({ one: sql`1` })
      .from(planAssignments)
      .where(
        and(
          eq(planAssignments.courseId, sql.placeholder('courseId')),
          or(
            and(eq(planAssignments.targetType, 'student'), eq(planAssignments.targetId, sql.placeholder('studentId'))),
            and(
              eq(planAssignments.targetType, 'group'),
              inJsonArray(planAssignments.targetId, sql.placeholder('groups')),
            ),
          ),
        ),
      )
      .limit(1)
      .prepare(),
  ).get({ courseId, studentId, groups: JSON.stringify(groupIds) }));
}

/**
 * The study plans assigned to the student directly or through one of the given groups, of the student's
 * school, whose review approved them and whose course is published and not deleted, with when each was
 * first assigned (ms).
 */
export async function assignedPlans(
  db: Db,
  schoolId: string,
  studentId: string,
  groupIds: readonly string[],
): Promise<{ courseId: string; assignedAt: number }[]> {
  const target =
    groupIds.length > 0
      ? or(
          and(eq(planAssignments.targetType, 'student'), eq(planAssignments.targetId, studentId)),
          and(eq(planAssignments.targetType, 'group'), inArray(planAssignments.targetId, [...groupIds])),
        )
      : and(eq(planAssignments.targetType, 'student'), eq(planAssignments.targetId, studentId));
  return await db
    .select({ courseId: planAssignments.courseId, assignedAt: min(planAssignments.createdAt).mapWith(Number) })
    .from(planAssignments)
    .innerJoin(studyPlans, eq(studyPlans.courseId, planAssignments.courseId))
    .innerJoin(courses, eq(courses.id, planAssignments.courseId))
    .where(
      and(
        eq(planAssignments.schoolId, schoolId),
        eq(studyPlans.schoolId, schoolId),
        eq(courses.schoolId, schoolId),
        eq(studyPlans.status, 'approved'),
        eq(courses.published, true),
        eq(courses.deleted, false),
        target,
      ),
    )
    .groupBy(planAssignments.courseId);
}

/** A chapter as the policy reads it: its course, parent, kind, place and whether it is free to try. */
export interface AccessChapter {
  id: string;
  courseId: string;
  parentId: string;
  title: string;
  type: number;
  position: number;
  description: string;
  free: boolean;
}

const chapterColumns = {
  id: chapters.id,
  courseId: chapters.courseId,
  parentId: chapters.parentId,
  title: chapters.title,
  type: chapters.type,
  position: chapters.position,
  description: chapters.description,
  free: chapters.free,
};

/** The chapters of a course by parent, position, then creation (as the chapters repository lists them). */
export async function courseChapters(db: Db, courseId: string): Promise<AccessChapter[]> {
  return await db
    .select(chapterColumns)
    .from(chapters)
    .where(eq(chapters.courseId, courseId))
    .orderBy(asc(chapters.parentId), asc(chapters.position), asc(chapters.createdAt));
}

/** Whether the chapter is free to try (the audition). */
export async function chapterFree(db: Db, chapterId: string): Promise<boolean> {
  return !!(
    await prepared(db, 'accessChapterFree', (d) =>
      d
        .select({ free: chapters.free })
        .from(chapters)
        .where(eq(chapters.id, sql.placeholder('id')))
        .prepare(),
    ).get({ id: chapterId })
  )?.free;
}

/** True when a chapter of the course is free to try. */
export async function courseHasFreeChapter(db: Db, courseId: string): Promise<boolean> {
  return !!(await prepared(db, 'accessHasFreeChapter', (d) =>
    d
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.courseId, sql.placeholder('courseId')), eq(chapters.free, true)))
      .limit(1)
      .prepare(),
  ).get({ courseId }));
}

/**
 * Spec 4 'Quiz dialog': "A correctly answered question is removed from the exercise sets' pending lists".
 * The questions still pending per chapter of a course for a student: in the chapter's set and not answered
 * right, nor waiting for a teacher's mark (a short answer marked wrong is pending again). Chapters with
 * nothing pending are absent.
 */
export async function pendingExercisesByChapter(
  db: Db,
  studentId: string,
  courseId: string,
): Promise<Map<string, number>> {
  const rows = await sqlRows<{ chapterId: string; pending: number }>(
    db,
    sql`
    SELECT ce.chapter_id AS "chapterId", COUNT(*) AS pending
    FROM chapter_exercises ce
    JOIN exercise_set_questions q ON q.set_id = ce.set_id
    LEFT JOIN exercise_answers a
      ON a.student_id = ${studentId} AND a.chapter_id = ce.chapter_id AND a.question_id = q.question_id
    WHERE ce.course_id = ${courseId} AND (a.question_id IS NULL OR (a.is_right = 0 AND a.status <> 'pending'))
    GROUP BY ce.chapter_id`,
  );
  return new Map(rows.map((row) => [row.chapterId, row.pending]));
}

/** The chapters of a course with a published exam attached, and whether the newest of them is optional. */
export async function chapterExamOptional(db: Db, courseId: string): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ chapterId: exams.chapterId, optional: exams.optional })
    .from(exams)
    .where(and(eq(exams.courseId, courseId), eq(exams.status, 'published'), eq(exams.deleted, false)))
    .orderBy(asc(exams.createdAt));
  return new Map(rows.filter((row) => row.chapterId !== '').map((row) => [row.chapterId, !!row.optional]));
}

/** A course as courseHolderIds reads it, with the ways that apply to it (policy.ts courseHolders decides). */
export interface HolderQuery {
  id: string;
  schoolId: string;
  catid: string;
  /** A study plan: its approved assignments hold it. */
  plan: boolean;
  /** A free course: a learning record holds it. */
  begun: boolean;
}

/**
 * Who holds the course at `now`, by the ways of the policy's holding (policy.ts 'Holding'): an enrolment; a grant
 * not revoked nor past its end, to the student, to a group of theirs or of a column with the course; a current
 * membership whose plan's categories hold the course's category; for a study plan, an assignment to the student or
 * a group of theirs once its review approved it; for a free course (no plan), a learning record. Students of the
 * course's school, not disabled; one statement, ids only. The course's own validity (days from obtaining, a fixed
 * window) is not counted per holder here: a student past it is still named.
 */
export async function courseHolderIds(db: Db, course: HolderQuery, now: number): Promise<string[]> {
  const cid = course.id;
  const live = sql`cg.revoked_at IS NULL AND (cg.expires_at IS NULL OR cg.expires_at >= ${now})
    AND (cg.course_id = ${cid} OR cg.column_id IN (SELECT column_id FROM column_courses WHERE course_id = ${cid}))`;
  const approved = sql`JOIN study_plans sp ON sp.course_id = pa.course_id AND sp.status = 'approved'
    WHERE pa.course_id = ${cid}`;
  const plan = course.plan
    ? sql`UNION SELECT pa.target_id FROM plan_assignments pa ${approved} AND pa.target_type = 'student'
          UNION SELECT m.student_id FROM plan_assignments pa
            JOIN student_group_members m ON m.group_id = pa.target_id ${approved} AND pa.target_type = 'group'`
    : sql``;
  const begun = course.begun ? sql`UNION SELECT student_id FROM course_records WHERE course_id = ${cid}` : sql``;
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`
    WITH held(sid) AS (
      SELECT student_id FROM enrolments WHERE course_id = ${cid}
      UNION SELECT cg.student_id FROM course_grants cg WHERE cg.student_id IS NOT NULL AND ${live}
      UNION SELECT m.student_id FROM course_grants cg
        JOIN student_group_members m ON m.group_id = cg.group_id WHERE cg.group_id IS NOT NULL AND ${live}
      UNION SELECT ms.student_id FROM memberships ms
        JOIN member_plans mp ON mp.id = ms.plan_id AND mp.deleted = 0
        CROSS JOIN ${jsonElements(sql.raw('mp.category_ids'), 'pc')}
        JOIN categories top ON top.id = pc.value AND top.school_id = mp.school_id
        JOIN categories sub ON sub.school_id = top.school_id AND sub.kind = top.kind
          AND sub.lft >= top.lft AND sub.rgt <= top.rgt
        WHERE sub.id = ${course.catid} AND ms.school_id = ${course.schoolId}
          AND ms.revoked_at IS NULL AND ms.until >= ${now}
      ${plan}
      ${begun}
    )
    SELECT s.id AS id FROM held JOIN students s ON s.id = held.sid
    WHERE s.school_id = ${course.schoolId} AND s.disabled = 0`,
  );
  return rows.map((row) => row.id);
}
