import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { schools, studentFields, studentFieldValues } from '../../db/schema';
import { jsonMerged } from '../../db/sql-dialect';

export type StudentFieldRow = typeof studentFields.$inferSelect;

/** The school's custom fields in order. */
export async function listFields(db: Db, schoolId: string): Promise<StudentFieldRow[]> {
  return await db
    .select()
    .from(studentFields)
    .where(eq(studentFields.schoolId, schoolId))
    .orderBy(asc(studentFields.position), asc(studentFields.createdAt), asc(studentFields.id));
}

/** One field of the school (another school's id reads as unknown). */
export async function findField(db: Db, schoolId: string, id: string): Promise<StudentFieldRow | undefined> {
  return first(
    await db
      .select()
      .from(studentFields)
      .where(and(eq(studentFields.id, id), eq(studentFields.schoolId, schoolId))),
  );
}

export async function insertField(db: Db, row: StudentFieldRow): Promise<void> {
  await db.insert(studentFields).values(row);
}

export async function updateField(
  db: Db,
  id: string,
  values: Partial<Pick<StudentFieldRow, 'name' | 'kind' | 'options' | 'required' | 'position'>>,
): Promise<void> {
  if (Object.keys(values).length) await db.update(studentFields).set(values).where(eq(studentFields.id, id));
}

/** Deletes a field with every student's value of it. */
export async function deleteField(db: Db, id: string): Promise<void> {
  await db.delete(studentFieldValues).where(eq(studentFieldValues.fieldId, id));
  await db.delete(studentFields).where(eq(studentFields.id, id));
}

/** How many students hold a value of the field (non-empty), or one of the given values when `values` is given. */
export async function countValues(db: Db, fieldId: string, values?: readonly string[]): Promise<number> {
  if (values && values.length === 0) return 0;
  const which = values
    ? inArray(sql`trim(${studentFieldValues.value})`, [...values])
    : sql`trim(${studentFieldValues.value}) <> ''`;
  return (
    first(
      await db
        .select({ n: count() })
        .from(studentFieldValues)
        .where(and(eq(studentFieldValues.fieldId, fieldId), which)),
    )?.n ?? 0
  );
}

/** The school's settings JSON text ('{}' when missing). */
export async function schoolSettingsText(db: Db, schoolId: string): Promise<string> {
  return (
    first(await db.select({ settings: schools.settings }).from(schools).where(eq(schools.id, schoolId)))?.settings ??
    '{}'
  );
}

/**
 * Merges keys into the school's settings JSON in one statement (json_patch), keeping every other key (phone,
 * the comment switch ...). A stored value that is not a JSON object is replaced by the patch.
 */
export async function mergeSchoolSettings(db: Db, schoolId: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .update(schools)
    .set({ settings: jsonMerged(schools.settings, JSON.stringify(patch)) })
    .where(eq(schools.id, schoolId));
}
