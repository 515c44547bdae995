import { and, desc, eq } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { studentImports } from '../../db/schema';

/** The import's own record (the school's fields, groups and students are read through their modules). */

export type ImportRecord = typeof studentImports.$inferSelect;

export async function insertImport(db: Db, record: typeof studentImports.$inferInsert): Promise<void> {
  await db.insert(studentImports).values(record);
}

export type ImportProgress = Partial<
  Pick<
    ImportRecord,
    | 'status'
    | 'processed'
    | 'created'
    | 'updated'
    | 'skipped'
    | 'failed'
    | 'report'
    | 'message'
    | 'finishedAt'
    | 'total'
  >
>;

export async function updateImport(db: Db, id: string, patch: ImportProgress): Promise<void> {
  await db.update(studentImports).set(patch).where(eq(studentImports.id, id));
}

/** The school's newest import. */
export async function latestImport(db: Db, schoolId: string): Promise<ImportRecord | undefined> {
  return first(
    await db
      .select()
      .from(studentImports)
      .where(eq(studentImports.schoolId, schoolId))
      .orderBy(desc(studentImports.startedAt), desc(studentImports.id)),
  );
}

/** The school's imports still marked running. */
export async function runningImports(db: Db, schoolId: string): Promise<ImportRecord[]> {
  return await db
    .select()
    .from(studentImports)
    .where(and(eq(studentImports.schoolId, schoolId), eq(studentImports.status, 'running')));
}
