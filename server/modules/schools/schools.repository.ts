import { asc, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { appSettings, schools } from '../../db/schema';

export type School = typeof schools.$inferSelect;

export function findSchool(db: Db, id: string): School | undefined {
  return prepared(db, 'findSchool', (d) =>
    d
      .select()
      .from(schools)
      .where(eq(schools.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The oldest school: the institution an intranet install serves by default. */
export function firstSchool(db: Db): School | undefined {
  return prepared(db, 'firstSchool', (d) =>
    d.select().from(schools).orderBy(asc(schools.createdAt), asc(schools.id)).limit(1).prepare(),
  ).get();
}

export function insertSchool(db: Db, school: typeof schools.$inferInsert): void {
  db.insert(schools).values(school).run();
}

export function getAppSetting(db: Db, key: string): string | undefined {
  return db.select().from(appSettings).where(eq(appSettings.key, key)).get()?.value;
}

export function setAppSetting(db: Db, key: string, value: string): void {
  db.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } }).run();
}
