import { eq } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { homeSettings } from '../../db/schema';

export type HomeSettingRow = typeof homeSettings.$inferSelect;

/** The stored home setting row of a school, if it ever saved one. */
export async function findHomeSetting(db: Db, schoolId: string): Promise<HomeSettingRow | undefined> {
  return first(await db.select().from(homeSettings).where(eq(homeSettings.schoolId, schoolId)));
}

/** Stores a school's whole home setting JSON. */
export async function saveHomeSetting(db: Db, schoolId: string, setting: string, at: number): Promise<void> {
  await db
    .insert(homeSettings)
    .values({ schoolId, setting, updatedAt: at })
    .onConflictDoUpdate({ target: homeSettings.schoolId, set: { setting, updatedAt: at } });
}
