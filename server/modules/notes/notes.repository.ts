import { and, count, eq, gt } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { chapters, courses, notes } from '../../db/schema';

export type NoteRow = typeof notes.$inferSelect;

/** A student's note with its course and chapter as the lists show them. */
export interface NoteView extends NoteRow {
  courseTitle: string;
  chapterTitle: string | null;
  chapterType: number | null;
  chapterOrder: number;
}

/** The student's notes (of a course or chapter when given) on courses not deleted, with titles. */
export async function studentNotes(
  db: Db,
  studentId: string,
  filter: { courseId?: string; chapterId?: string },
): Promise<NoteView[]> {
  return (
    await db
      .select({
        note: notes,
        courseTitle: courses.title,
        chapterTitle: chapters.title,
        chapterType: chapters.type,
        chapterOrder: chapters.position,
      })
      .from(notes)
      .innerJoin(courses, eq(courses.id, notes.courseId))
      .leftJoin(chapters, eq(chapters.id, notes.chapterId))
      .where(
        and(
          eq(notes.studentId, studentId),
          eq(courses.deleted, false),
          filter.courseId ? eq(notes.courseId, filter.courseId) : undefined,
          filter.chapterId ? eq(notes.chapterId, filter.chapterId) : undefined,
        ),
      )
  ).map((row) => ({
    ...row.note,
    courseTitle: row.courseTitle,
    chapterTitle: row.chapterTitle,
    chapterType: row.chapterType,
    chapterOrder: row.chapterOrder ?? 0,
  }));
}

/** One of the student's notes (another student's is not found). */
export async function findOwnNote(db: Db, studentId: string, id: string): Promise<NoteRow | undefined> {
  return first(
    await db
      .select()
      .from(notes)
      .where(and(eq(notes.id, id), eq(notes.studentId, studentId))),
  );
}

export async function insertNote(db: Db, row: typeof notes.$inferInsert): Promise<void> {
  await db.insert(notes).values(row);
}

export async function updateNote(
  db: Db,
  id: string,
  fields: Pick<NoteRow, 'body' | 'updatedAt'> & Partial<Pick<NoteRow, 'videoTime' | 'page'>>,
): Promise<void> {
  await db.update(notes).set(fields).where(eq(notes.id, id));
}

export async function deleteOwnNote(db: Db, studentId: string, id: string): Promise<number> {
  return affected(await db.delete(notes).where(and(eq(notes.id, id), eq(notes.studentId, studentId))));
}

/** How many notes the student added or edited since the instant (the flood guard). */
export async function countWrittenSince(db: Db, studentId: string, since: number): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(notes)
        .where(and(eq(notes.studentId, studentId), gt(notes.updatedAt, since))),
    )?.n ?? 0
  );
}
