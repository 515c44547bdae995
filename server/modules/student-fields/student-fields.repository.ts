import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools, studentFields, studentFieldValues } from '../../db/schema';

export type StudentFieldRow = typeof studentFields.$inferSelect;

/** The school's custom fields in order. */
export function listFields(db: Db, schoolId: string): StudentFieldRow[] {
  return db
    .select()
    .from(studentFields)
    .where(eq(studentFields.schoolId, schoolId))
    .orderBy(asc(studentFields.position), asc(studentFields.createdAt), asc(studentFields.id))
    .all();
}

/** One field of the school (another school's id reads as unknown). */
export function findField(db: Db, schoolId: string, id: string): StudentFieldRow | undefined {
  return db
    .select()
    .from(studentFields)
    .where(and(eq(studentFields.id, id), eq(studentFields.schoolId, schoolId)))
    .get();
}

export function insertField(db: Db, row: StudentFieldRow): void {
  db.insert(studentFields).values(row).run();
}

export function updateField(
  db: Db,
  id: string,
  values: Partial<Pick<StudentFieldRow, 'name' | 'kind' | 'options' | 'required' | 'position'>>,
): void {
  if (Object.keys(values).length) db.update(studentFields).set(values).where(eq(studentFields.id, id)).run();
}

/** Deletes a field with every student's value of it. */
export function deleteField(db: Db, id: string): void {
  db.delete(studentFieldValues).where(eq(studentFieldValues.fieldId, id)).run();
  db.delete(studentFields).where(eq(studentFields.id, id)).run();
}

/** How many students hold a value of the field (non-empty), or one of the given values when `values` is given. */
export function countValues(db: Db, fieldId: string, values?: readonly string[]): number {
  if (values && values.length === 0) return 0;
  const which = values
    ? inArray(sql`trim(${studentFieldValues.value})`, [...values])
    : sql`trim(${studentFieldValues.value}) <> ''`;
  return (
    db
      .select({ n: count() })
      .from(studentFieldValues)
      .where(and(eq(studentFieldValues.fieldId, fieldId), which))
      .get()?.n ?? 0
  );
}

/** The school's settings JSON text ('{}' when missing). */
export function schoolSettingsText(db: Db, schoolId: string): string {
  return (
    db.select({ settings: schools.settings }).from(schools).where(eq(schools.id, schoolId)).get()?.settings ?? '{}'
  );
}

/**
 * Merges keys into the school's settings JSON in one statement (json_patch), keeping every other key (phone,
 * the comment switch ...). A stored value that is not a JSON object is replaced by the patch.
 */
export function mergeSchoolSettings(db: Db, schoolId: string, patch: Record<string, unknown>): void {
  const current = sql`case when json_valid(${schools.settings}) and json_type(${schools.settings}) = 'object' then ${schools.settings} else '{}' end`;
  db.update(schools)
    .set({ settings: sql`json_patch(${current}, ${JSON.stringify(patch)})` })
    .where(eq(schools.id, schoolId))
    .run();
}
