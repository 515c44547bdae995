import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseGrants, courses } from '../../db/schema';

/** Grants of a course to one student, not revoked, of a published course that was not deleted, with its terms. */
export function activeCourseGrants(db: Db) {
  return db
    .select({
      grantId: courseGrants.id,
      schoolId: courseGrants.schoolId,
      studentId: courseGrants.studentId,
      courseId: courses.id,
      title: courses.title,
      createdAt: courseGrants.createdAt,
      expiresAt: courseGrants.expiresAt,
      actualFen: courses.actualFen,
      ceType: courses.ceType,
      ceTime: courses.ceTime,
      settings: courses.settings,
    })
    .from(courseGrants)
    .innerJoin(courses, eq(courses.id, courseGrants.courseId))
    .where(
      and(
        isNotNull(courseGrants.studentId),
        isNull(courseGrants.revokedAt),
        eq(courses.published, true),
        eq(courses.deleted, false),
      ),
    )
    .all()
    .map((row) => ({ ...row, studentId: row.studentId as string }));
}
