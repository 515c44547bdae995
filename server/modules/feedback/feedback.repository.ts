import { and, asc, avg, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { prepared } from '../../db/prepared';
import { chapters, files, grades, signatures, students } from '../../db/schema';

/** The only place that touches the signatures and grades tables (server/db/schema/feedback.ts). */

export type SignatureRow = typeof signatures.$inferSelect;
export type GradeRow = typeof grades.$inferSelect;
export type FileRow = typeof files.$inferSelect;

// ---- Signatures ----

export async function findSignature(db: Db, studentId: string, courseId: string): Promise<SignatureRow | undefined> {
  return first(
    await db
      .select()
      .from(signatures)
      .where(and(eq(signatures.studentId, studentId), eq(signatures.courseId, courseId))),
  );
}

/** Whether the student has signed the course (hasImg; asked by every ware call, so prepared once). */
export async function hasSignature(db: Db, studentId: string, courseId: string): Promise<boolean> {
  return !!(await prepared(db, 'hasSignature', (d) =>
    d
      .select({ id: signatures.id })
      .from(signatures)
      .where(
        and(
          eq(signatures.studentId, sql.placeholder('studentId')),
          eq(signatures.courseId, sql.placeholder('courseId')),
        ),
      )
      .limit(1)
      .prepare(),
  ).get({ studentId, courseId }));
}

export async function findSignatureById(db: Db, id: string): Promise<SignatureRow | undefined> {
  return first(await db.select().from(signatures).where(eq(signatures.id, id)));
}

/** The signature that uses this file, if any. */
export async function signatureOfFile(db: Db, fileId: string): Promise<SignatureRow | undefined> {
  return first(await db.select().from(signatures).where(eq(signatures.fileId, fileId)));
}

export async function insertSignature(db: Db, row: SignatureRow): Promise<void> {
  await db.insert(signatures).values(row);
}

export async function deleteSignature(db: Db, id: string): Promise<void> {
  await db.delete(signatures).where(eq(signatures.id, id));
}

/**
 * Signature images this uploader sent that no signature uses, oldest first (uploads never bound by
 * savesignature), optionally only those made before a time.
 */
export async function unboundSignatureFiles(
  db: Db,
  schoolId: string,
  uploadedBy: string,
  originalName: string,
  before?: number,
): Promise<FileRow[]> {
  return (
    await db
      .select({ file: files })
      .from(files)
      .leftJoin(signatures, eq(signatures.fileId, files.id))
      .where(
        and(
          eq(files.schoolId, schoolId),
          eq(files.uploadedBy, uploadedBy),
          eq(files.originalName, originalName),
          eq(files.visibility, 'private'),
          isNull(signatures.id),
          before === undefined ? undefined : lt(files.createdAt, before),
        ),
      )
      .orderBy(asc(files.createdAt), asc(files.id))
  ).map((row) => row.file);
}

/** A course's signatures, newest first, with the student's names and the chapter's title. */
export async function listSignatures(db: Db, courseId: string, limit: number, offset: number) {
  const where = eq(signatures.courseId, courseId);
  const rows = await db
    .select({ signature: signatures, name: students.name, username: students.username, chapterTitle: chapters.title })
    .from(signatures)
    .innerJoin(students, eq(students.id, signatures.studentId))
    .leftJoin(chapters, and(eq(chapters.id, signatures.chapterId), eq(chapters.courseId, signatures.courseId)))
    .where(where)
    .orderBy(desc(signatures.createdAt), desc(signatures.id))
    .limit(limit)
    .offset(offset);
  const total = first(await db.select({ n: count() }).from(signatures).where(where))?.n ?? 0;
  return { rows, total };
}

// ---- Grades ----

export async function findGrade(
  db: Db,
  studentId: string,
  courseId: string,
  chapterId: string,
): Promise<GradeRow | undefined> {
  return first(
    await db
      .select()
      .from(grades)
      .where(and(eq(grades.studentId, studentId), eq(grades.courseId, courseId), eq(grades.chapterId, chapterId))),
  );
}

/** Whether the student has rated the chapter ('0': the course; hasVal; asked by every ware call, so prepared once). */
export async function hasGrade(db: Db, studentId: string, courseId: string, chapterId: string): Promise<boolean> {
  return !!(await prepared(db, 'hasGrade', (d) =>
    d
      .select({ id: grades.id })
      .from(grades)
      .where(
        and(
          eq(grades.studentId, sql.placeholder('studentId')),
          eq(grades.courseId, sql.placeholder('courseId')),
          eq(grades.chapterId, sql.placeholder('chapterId')),
        ),
      )
      .limit(1)
      .prepare(),
  ).get({ studentId, courseId, chapterId }));
}

export async function insertGrade(db: Db, row: GradeRow): Promise<void> {
  await db.insert(grades).values(row);
}

export async function findGrades(db: Db, ids: readonly string[]): Promise<GradeRow[]> {
  if (ids.length === 0) return [];
  return await db
    .select()
    .from(grades)
    .where(inArray(grades.id, [...ids]));
}

export async function deleteGrades(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return affected(await db.delete(grades).where(inArray(grades.id, [...ids])));
}

/** A course's ratings (one chapter's when chapterId is given), newest first, with the total and the average score. */
export async function listGrades(
  db: Db,
  courseId: string,
  chapterId: string | undefined,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(grades.courseId, courseId),
    chapterId === undefined ? undefined : eq(grades.chapterId, chapterId),
  );
  const rows = await db
    .select({ grade: grades, name: students.name, username: students.username, chapterTitle: chapters.title })
    .from(grades)
    .innerJoin(students, eq(students.id, grades.studentId))
    .leftJoin(chapters, and(eq(chapters.id, grades.chapterId), eq(chapters.courseId, grades.courseId)))
    .where(where)
    .orderBy(desc(grades.createdAt), desc(grades.id))
    .limit(limit)
    .offset(offset);
  const totals = first(
    await db
      .select({ n: count(), average: avg(grades.score) })
      .from(grades)
      .where(where),
  );
  return {
    rows,
    total: totals?.n ?? 0,
    average: totals?.average === null || totals?.average === undefined ? null : Number(totals.average),
  };
}

/** The course's chapters that take ratings (showgrade), in course order. */
export async function gradingChapters(db: Db, courseId: string): Promise<{ id: string; title: string }[]> {
  return await db
    .select({ id: chapters.id, title: chapters.title })
    .from(chapters)
    .where(and(eq(chapters.courseId, courseId), eq(chapters.showgrade, true)))
    .orderBy(asc(chapters.parentId), asc(chapters.position), sql`${chapters.id}`);
}
