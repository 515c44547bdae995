/**
 * What the student's course list reads beyond enrolments and learning records (which come from
 * server/modules/courses/student-courses and server/modules/records/records.store).
 */
import { and, eq, inArray, min, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, courses, planAssignments, studyPlans } from '../../db/schema';

/**
 * The study plans assigned to the student directly or through one of the given groups, of the student's
 * school, whose review approved them and whose course is published and not deleted, with when each was
 * first assigned (ms).
 */
export function assignedPlans(
  db: Db,
  schoolId: string,
  studentId: string,
  groupIds: readonly string[],
): { courseId: string; assignedAt: number }[] {
  const target =
    groupIds.length > 0
      ? or(
          and(eq(planAssignments.targetType, 'student'), eq(planAssignments.targetId, studentId)),
          and(eq(planAssignments.targetType, 'group'), inArray(planAssignments.targetId, [...groupIds])),
        )
      : and(eq(planAssignments.targetType, 'student'), eq(planAssignments.targetId, studentId));
  return db
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
    .groupBy(planAssignments.courseId)
    .all();
}

/** Chapters by id: their course, kind and title (to say where to continue). */
export function chaptersByIds(
  db: Db,
  ids: readonly string[],
): { id: string; courseId: string; type: number; title: string }[] {
  if (ids.length === 0) return [];
  return db
    .select({ id: chapters.id, courseId: chapters.courseId, type: chapters.type, title: chapters.title })
    .from(chapters)
    .where(inArray(chapters.id, [...ids]))
    .all();
}
