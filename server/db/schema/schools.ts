import { table, text, integer } from './dialect';

/**
 * A school (institution). Its id is also its owner's id: the main admin of a school has the
 * same id as the school, which is the "parent id" (uid) the spec's pages and calls carry.
 */
export const schools = table('schools', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Student settings and other school-wide switches as JSON (filled by later domains). */
  settings: text('settings').notNull().default('{}'),
  createdAt: integer('created_at').notNull(),
});

/** Installation-wide key/value settings (the id secret, schema facts). */
export const appSettings = table('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
