import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studentFields, studentGroups, studentImports } from '../../db/schema';

/** The import's reads and its own record (student writes go through students/student-writes). */

export type ImportRecord = typeof studentImports.$inferSelect;

export interface FieldDef {
  id: string;
  name: string;
  kind: 'text' | 'number' | 'date' | 'choice';
  options: string[];
  required: boolean;
}

function parseOptions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** The school's custom student fields, in order. */
export function listFields(db: Db, schoolId: string): FieldDef[] {
  return db
    .select()
    .from(studentFields)
    .where(eq(studentFields.schoolId, schoolId))
    .orderBy(asc(studentFields.position), asc(studentFields.createdAt))
    .all()
    .map((f) => ({ id: f.id, name: f.name, kind: f.kind, options: parseOptions(f.options), required: f.required }));
}

/** The school's student groups (id, parent, name). */
export function listGroups(db: Db, schoolId: string): { id: string; parentId: string | null; name: string }[] {
  return db.select({ id: studentGroups.id, parentId: studentGroups.parentId, name: studentGroups.name }).from(studentGroups).where(eq(studentGroups.schoolId, schoolId)).all();
}

export function insertImport(db: Db, record: typeof studentImports.$inferInsert): void {
  db.insert(studentImports).values(record).run();
}

export type ImportProgress = Partial<Pick<ImportRecord, 'status' | 'processed' | 'created' | 'updated' | 'skipped' | 'failed' | 'report' | 'message' | 'finishedAt' | 'total'>>;

export function updateImport(db: Db, id: string, patch: ImportProgress): void {
  db.update(studentImports).set(patch).where(eq(studentImports.id, id)).run();
}

/** The school's newest import. */
export function latestImport(db: Db, schoolId: string): ImportRecord | undefined {
  return db.select().from(studentImports).where(eq(studentImports.schoolId, schoolId)).orderBy(desc(studentImports.startedAt), desc(studentImports.id)).get();
}

/** The school's imports still marked running. */
export function runningImports(db: Db, schoolId: string): ImportRecord[] {
  return db.select().from(studentImports).where(and(eq(studentImports.schoolId, schoolId), eq(studentImports.status, 'running'))).all();
}
