import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { homeSettings } from '../../db/schema';

export type HomeSettingRow = typeof homeSettings.$inferSelect;

/** The stored home setting row of a school, if it ever saved one. */
export function findHomeSetting(db: Db, schoolId: string): HomeSettingRow | undefined {
  return db.select().from(homeSettings).where(eq(homeSettings.schoolId, schoolId)).get();
}

/** Stores a school's whole home setting JSON. */
export function saveHomeSetting(db: Db, schoolId: string, setting: string, at: number): void {
  db.insert(homeSettings)
    .values({ schoolId, setting, updatedAt: at })
    .onConflictDoUpdate({ target: homeSettings.schoolId, set: { setting, updatedAt: at } })
    .run();
}
