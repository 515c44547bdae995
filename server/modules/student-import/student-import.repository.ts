import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studentImports } from '../../db/schema';

/** The import's own record (the school's fields, groups and students are read through their modules). */

export type ImportRecord = typeof studentImports.$inferSelect;

export function insertImport(db: Db, record: typeof studentImports.$inferInsert): void {
  db.insert(studentImports).values(record).run();
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

export function updateImport(db: Db, id: string, patch: ImportProgress): void {
  db.update(studentImports).set(patch).where(eq(studentImports.id, id)).run();
}

/** The school's newest import. */
export function latestImport(db: Db, schoolId: string): ImportRecord | undefined {
  return db
    .select()
    .from(studentImports)
    .where(eq(studentImports.schoolId, schoolId))
    .orderBy(desc(studentImports.startedAt), desc(studentImports.id))
    .get();
}

/** The school's imports still marked running. */
export function runningImports(db: Db, schoolId: string): ImportRecord[] {
  return db
    .select()
    .from(studentImports)
    .where(and(eq(studentImports.schoolId, schoolId), eq(studentImports.status, 'running')))
    .all();
}
