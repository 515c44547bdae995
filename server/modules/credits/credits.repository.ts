/**
 * The study_credits table (server/db/schema/credits.ts) and what the credit calls read around it. Rows are
 * written only by the migration's triggers on course_records; this reads them. Portable drizzle queries.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { courses, students, studyCredits } from '../../db/schema';

export interface CreditRow {
  courseId: string;
  title: string;
  tenths: number;
  awardedAt: number;
}

/** A student's awards with their course's title now, newest first; `scope` narrows the courses (a sub-admin's). */
export async function studentCredits(db: Db, studentId: string, scope?: SQL): Promise<CreditRow[]> {
  return await db
    .select({
      courseId: studyCredits.courseId,
      title: courses.title,
      tenths: studyCredits.tenths,
      awardedAt: studyCredits.awardedAt,
    })
    .from(studyCredits)
    .innerJoin(courses, eq(courses.id, studyCredits.courseId))
    .where(and(eq(studyCredits.studentId, studentId), scope))
    .orderBy(desc(studyCredits.awardedAt), desc(studyCredits.courseId));
}

/** A student of the school (undefined for another school's or an unknown id). */
export async function findStudent(db: Db, schoolId: string, studentId: string) {
  return first(
    await db
      .select({ id: students.id, username: students.username, name: students.name })
      .from(students)
      .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId))),
  );
}
