/**
 * The study plans' own tables (study_plans, plan_assignments) and the reads of the student side. The plan's
 * course and chapters are written through the courses and chapters repositories.
 */
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type Db, sqlRows, affected, first } from '../../db/client';
import { courses, planAssignments, studentGroupMembers, studentGroups, students, studyPlans } from '../../db/schema';
import { likePattern } from '../courses/courses.repository';
import { LIKE } from '../../db/sql-dialect';

export type PlanRow = typeof studyPlans.$inferSelect;
export type AssignmentRow = typeof planAssignments.$inferInsert;
export type PlanStatus = PlanRow['status'];

export { insertPlan } from '../courses/courses.repository';

export async function findPlan(db: Db, courseId: string): Promise<PlanRow | undefined> {
  return first(await db.select().from(studyPlans).where(eq(studyPlans.courseId, courseId)));
}

/** Moves the review state on only from one of the expected states (a concurrent change loses: 0 rows). */
export async function changeStatus(
  db: Db,
  courseId: string,
  from: readonly PlanStatus[],
  patch: Partial<typeof studyPlans.$inferInsert>,
): Promise<number> {
  return affected(
    await db
      .update(studyPlans)
      .set(patch)
      .where(and(eq(studyPlans.courseId, courseId), inArray(studyPlans.status, [...from]))),
  );
}

/** A plan row of the back office's list with its course and counts. */
export interface AdminPlanRow {
  plan: PlanRow;
  course: typeof courses.$inferSelect;
  stages: number;
  lessons: number;
  students: number;
  groups: number;
}

const stagesOf = sql<number>`(select count(*) from chapters s where s.course_id = ${courses.id} and s.parent_id = '0')`;
const lessonsOf = sql<number>`(select count(*) from chapters c where c.course_id = ${courses.id} and c.type != 0 and not exists (select 1 from chapters k where k.parent_id = c.id))`;
const targetsOf = (type: 'student' | 'group') =>
  sql<number>`(select count(*) from plan_assignments a where a.course_id = ${courses.id} and a.target_type = ${type})`;

/** The school's plans (their courses not deleted), newest change first, with the total. */
export async function adminPlans(
  db: Db,
  filter: { schoolId: string; status?: PlanStatus; limit: number; offset: number },
): Promise<{ rows: AdminPlanRow[]; total: number }> {
  const where = and(
    eq(studyPlans.schoolId, filter.schoolId),
    eq(courses.deleted, false),
    filter.status ? eq(studyPlans.status, filter.status) : undefined,
  );
  const total =
    first(
      await db
        .select({ n: count() })
        .from(studyPlans)
        .innerJoin(courses, eq(courses.id, studyPlans.courseId))
        .where(where),
    )?.n ?? 0;
  const rows = await db
    .select({
      plan: studyPlans,
      course: courses,
      stages: stagesOf,
      lessons: lessonsOf,
      students: targetsOf('student'),
      groups: targetsOf('group'),
    })
    .from(studyPlans)
    .innerJoin(courses, eq(courses.id, studyPlans.courseId))
    .where(where)
    .orderBy(desc(studyPlans.updatedAt), desc(studyPlans.courseId))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total };
}

/** One plan with its course and counts (deleted courses too: the caller decides). */
export async function adminPlan(db: Db, courseId: string): Promise<AdminPlanRow | undefined> {
  return first(
    await db
      .select({
        plan: studyPlans,
        course: courses,
        stages: stagesOf,
        lessons: lessonsOf,
        students: targetsOf('student'),
        groups: targetsOf('group'),
      })
      .from(studyPlans)
      .innerJoin(courses, eq(courses.id, studyPlans.courseId))
      .where(eq(studyPlans.courseId, courseId)),
  );
}

/** Adds assignments (existing ones stay as they are); returns how many are new. */
export async function insertAssignments(db: Db, rows: AssignmentRow[]): Promise<number> {
  let added = 0;
  for (const row of rows) added += affected(await db.insert(planAssignments).values(row).onConflictDoNothing());
  return added;
}

/** Removes the plan's assignments to these students and groups; returns how many went. */
export async function deleteAssignments(db: Db, courseId: string, sids: string[], gids: string[]): Promise<number> {
  const targets = or(
    sids.length > 0
      ? and(eq(planAssignments.targetType, 'student'), inArray(planAssignments.targetId, sids))
      : undefined,
    gids.length > 0 ? and(eq(planAssignments.targetType, 'group'), inArray(planAssignments.targetId, gids)) : undefined,
  );
  return affected(await db.delete(planAssignments).where(and(eq(planAssignments.courseId, courseId), targets)));
}

/** The students and groups a plan is assigned to, by name. */
export async function assignees(db: Db, courseId: string) {
  const assigned = (type: 'student' | 'group') =>
    db
      .select({ id: planAssignments.targetId })
      .from(planAssignments)
      .where(and(eq(planAssignments.courseId, courseId), eq(planAssignments.targetType, type)));
  const studentRows = await db
    .select({ sid: students.id, username: students.username, name: students.name })
    .from(students)
    .where(inArray(students.id, assigned('student')))
    .orderBy(asc(students.username));
  const groupRows = await db
    .select({
      gid: studentGroups.id,
      name: studentGroups.name,
      members: sql<number>`(select count(*) from student_group_members m where m.group_id = ${studentGroups.id})`,
    })
    .from(studentGroups)
    .where(inArray(studentGroups.id, assigned('group')))
    .orderBy(asc(studentGroups.position), asc(studentGroups.name));
  return { students: studentRows, groups: groupRows };
}

/** The school's students whose user name or name contains the keyword (at most `limit`). */
export async function searchStudents(db: Db, schoolId: string, keyword: string, limit: number) {
  const pattern = likePattern(keyword);
  return await db
    .select({ sid: students.id, username: students.username, name: students.name })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.disabled, false),
        keyword
          ? sql`(${students.username} ${LIKE} ${pattern} escape '\\' or ${students.name} ${LIKE} ${pattern} escape '\\')`
          : undefined,
      ),
    )
    .orderBy(asc(students.username))
    .limit(limit);
}

/** The plans a student may study: of the school, approved, published, not deleted, assigned to them or to one of their groups. */
export async function studentPlans(db: Db, schoolId: string, studentId: string) {
  const myGroups = db
    .select({ id: studentGroupMembers.groupId })
    .from(studentGroupMembers)
    .where(eq(studentGroupMembers.studentId, studentId));
  const assigned = db
    .select({ id: planAssignments.courseId })
    .from(planAssignments)
    .where(
      or(
        and(eq(planAssignments.targetType, 'student'), eq(planAssignments.targetId, studentId)),
        and(eq(planAssignments.targetType, 'group'), inArray(planAssignments.targetId, myGroups)),
      ),
    );
  return await db
    .select({ course: courses, stages: stagesOf, lessons: lessonsOf })
    .from(studyPlans)
    .innerJoin(courses, eq(courses.id, studyPlans.courseId))
    .where(
      and(
        eq(studyPlans.schoolId, schoolId),
        eq(studyPlans.status, 'approved'),
        eq(courses.published, true),
        eq(courses.deleted, false),
        inArray(studyPlans.courseId, assigned),
      ),
    )
    .orderBy(desc(courses.createdAt), desc(courses.id));
}

/** The students (of the school, not disabled) the plan is assigned to, directly or as members of a group: ids. */
export async function assigneeStudentIds(db: Db, schoolId: string, courseId: string): Promise<string[]> {
  return (
    await sqlRows<{ id: string }>(
      db,
      sql`
      WITH a(sid) AS (
        SELECT target_id FROM plan_assignments WHERE course_id = ${courseId} AND target_type = 'student'
        UNION SELECT m.student_id FROM plan_assignments pa JOIN student_group_members m ON m.group_id = pa.target_id
          WHERE pa.course_id = ${courseId} AND pa.target_type = 'group'
      )
      SELECT s.id AS id FROM a JOIN students s ON s.id = a.sid WHERE s.school_id = ${schoolId} AND s.disabled = 0`,
    )
  ).map((row) => row.id);
}
