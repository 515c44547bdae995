import { asc, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { type Db, first } from '../../db/client';
import { appSettings, schools } from '../../db/schema';

export type School = typeof schools.$inferSelect;

export async function findSchool(db: Db, id: string): Promise<School | undefined> {
  return await prepared(db, 'findSchool', (d) =>
    d
      .select()
      .from(schools)
      .where(eq(schools.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The oldest school: the institution an intranet install serves by default. */
export async function firstSchool(db: Db): Promise<School | undefined> {
  return await prepared(db, 'firstSchool', (d) =>
    d.select().from(schools).orderBy(asc(schools.createdAt), asc(schools.id)).limit(1).prepare(),
  ).get();
}

export async function insertSchool(db: Db, school: typeof schools.$inferInsert): Promise<void> {
  await db.insert(schools).values(school);
}

export async function getAppSetting(db: Db, key: string): Promise<string | undefined> {
  return first(await db.select().from(appSettings).where(eq(appSettings.key, key)))?.value;
}

export async function setAppSetting(db: Db, key: string, value: string): Promise<void> {
  await db.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}
