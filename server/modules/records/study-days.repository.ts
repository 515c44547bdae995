/**
 * Study time for the student's control centre and rank (issue 18), read through records.store (which writes
 * the heartbeats' waiting changes first):
 * - a student's days (learn_days, its primary key (student_id, day): a range of at most a week's rows);
 * - every student's study time in a school since a day (learn_days by its index (school_id, day)), or, for all
 *   time, the sum of their course records' credited time (course_records by school: the engine credits the
 *   same time to both, and the course rows are far fewer than the days).
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseRecords, learnDays } from '../../db/schema';

/** The student's study time per day from `fromDay` to `toDay` (inclusive), only days with a row. */
export async function studentDays(db: Db, studentId: string, fromDay: string, toDay: string) {
  return await db
    .select({ day: learnDays.day, ms: learnDays.effMs })
    .from(learnDays)
    .where(and(eq(learnDays.studentId, studentId), gte(learnDays.day, fromDay), lte(learnDays.day, toDay)));
}

/** Every student of the school with study time since `fromDay` ('' for all time), most first. */
export async function schoolStudyTotals(
  db: Db,
  schoolId: string,
  fromDay: string,
): Promise<{ sid: string; ms: number }[]> {
  if (fromDay === '') {
    const ms = sql<number>`sum(${courseRecords.effMs})`;
    return await db
      .select({ sid: courseRecords.studentId, ms })
      .from(courseRecords)
      .where(eq(courseRecords.schoolId, schoolId))
      .groupBy(courseRecords.studentId)
      .having(sql`${ms} > 0`)
      .orderBy(sql`2 desc`);
  }
  const ms = sql<number>`sum(${learnDays.effMs})`;
  return await db
    .select({ sid: learnDays.studentId, ms })
    .from(learnDays)
    .where(and(eq(learnDays.schoolId, schoolId), gte(learnDays.day, fromDay)))
    .groupBy(learnDays.studentId)
    .having(sql`${ms} > 0`)
    .orderBy(sql`2 desc`);
}
