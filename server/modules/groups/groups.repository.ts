import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studentGroups } from '../../db/schema';

/** The school's student groups in order. */
export function listGroups(db: Db, schoolId: string) {
  return db.select().from(studentGroups).where(eq(studentGroups.schoolId, schoolId)).orderBy(asc(studentGroups.position), asc(studentGroups.name)).all();
}
