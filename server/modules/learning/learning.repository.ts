import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { courses, files, grades, resources, signatures } from '../../db/schema';

/** A chapter's resource with its uploaded file, as the ware call reads it. */
export function wareResource(db: Db, rid: string) {
  return prepared(db, 'wareResource', (d) =>
    d
      .select({
        id: resources.id,
        schoolId: resources.schoolId,
        kind: resources.kind,
        status: resources.status,
        statusMessage: resources.statusMessage,
        duration: resources.duration,
        outputs: resources.outputs,
        subtitles: resources.subtitles,
        deleted: resources.deleted,
        fileName: files.originalName,
        ext: files.ext,
        mime: files.mime,
        size: files.size,
      })
      .from(resources)
      .innerJoin(files, eq(files.id, resources.fileId))
      .where(eq(resources.id, sql.placeholder('rid')))
      .prepare(),
  ).get({ rid });
}
export type WareResource = NonNullable<ReturnType<typeof wareResource>>;

/** The course's title and last change, for the learning page's header. */
export function courseTitle(db: Db, coid: string): { title: string; updatedAt: number } | undefined {
  return prepared(db, 'learnCourseTitle', (d) =>
    d
      .select({ title: courses.title, updatedAt: courses.updatedAt })
      .from(courses)
      .where(eq(courses.id, sql.placeholder('coid')))
      .prepare(),
  ).get({ coid });
}

/** Whether the student has signed the course (stu/checksignature hasImg). */
export function hasSignature(db: Db, studentId: string, courseId: string): boolean {
  return !!prepared(db, 'learnHasSignature', (d) =>
    d
      .select({ id: signatures.id })
      .from(signatures)
      .where(and(eq(signatures.studentId, sql.placeholder('studentId')), eq(signatures.courseId, sql.placeholder('courseId'))))
      .limit(1)
      .prepare(),
  ).get({ studentId, courseId });
}

/** Whether the student has rated the chapter (check grade hasVal). */
export function hasGrade(db: Db, studentId: string, courseId: string, chapterId: string): boolean {
  return !!prepared(db, 'learnHasGrade', (d) =>
    d
      .select({ id: grades.id })
      .from(grades)
      .where(and(eq(grades.studentId, sql.placeholder('studentId')), eq(grades.courseId, sql.placeholder('courseId')), eq(grades.chapterId, sql.placeholder('chapterId'))))
      .limit(1)
      .prepare(),
  ).get({ studentId, courseId, chapterId });
}
