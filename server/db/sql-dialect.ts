import { ilike, like, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { onPostgres } from './engine';

/**
 * The few SQL spellings the two engines do not share, for hand-written fragments (sql`…`). Each is chosen
 * once, when the process starts (./engine.ts). Settings columns hold JSON text; on PostgreSQL
 * lanxue_json_object (migrations-pg/0001) reads it as a jsonb object, '{}' when it is not one.
 */
const pg = onPostgres();

/** Case-insensitive LIKE (SQLite's LIKE ignores ASCII case; PostgreSQL's does not, its ILIKE does). */
export const LIKE = sql.raw(pg ? 'ilike' : 'like');

/** The larger of two values (SQLite's two-argument max, PostgreSQL's greatest). */
export const greatest = (a: SQLWrapper | unknown, b: SQLWrapper | unknown): SQL =>
  pg ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;

/** Whether a value is one of a JSON array's elements (a JSON text parameter or column). */
export const inJsonArray = (value: SQLWrapper | unknown, array: SQLWrapper | unknown): SQL =>
  pg
    ? sql`${value} in (select jsonb_array_elements_text(${array}::jsonb))`
    : sql`${value} in (select value from json_each(${array}))`;

/** A JSON-object column as an object ('{}' when it is not one). */
const objectOf = (column: SQLWrapper): SQL =>
  pg
    ? sql`lanxue_json_object(${column})`
    : sql`case when json_valid(${column}) and json_type(${column}) = 'object' then ${column} else '{}' end`;

/** One key of a JSON-object column as JSON text (null when absent): for objects and arrays. */
export const jsonKeyText = (column: SQLWrapper, key: string): SQL =>
  pg ? sql`(${objectOf(column)} ->> ${key})` : sql`json_extract(${objectOf(column)}, ${`$.${key}`})`;

/** One key of a JSON-object column as a plain value (number, string, boolean; null when absent). */
export const jsonKeyValue = (column: SQLWrapper, key: string): SQL =>
  pg ? sql`(${objectOf(column)} -> ${key})` : sql`json_extract(${objectOf(column)}, ${`$.${key}`})`;

/** The column's object with one key set to a JSON text, as JSON text (the other keys kept). */
export const jsonWithKey = (column: SQLWrapper, key: string, json: string): SQL =>
  pg
    ? sql`(${objectOf(column)} || jsonb_build_object(${key}::text, ${json}::jsonb))::text`
    : sql`json_set(${objectOf(column)}, ${`$.${key}`}, json(${json}))`;

/** The column's object with the top-level keys of a JSON object text merged in, as JSON text. */
export const jsonMerged = (column: SQLWrapper, patch: string): SQL =>
  pg ? sql`(${objectOf(column)} || ${patch}::jsonb)::text` : sql`json_patch(${objectOf(column)}, ${patch})`;

/** drizzle's like() with SQLite's case rule on both engines (ilike on PostgreSQL). */
export const likeText = (column: Parameters<typeof like>[0], pattern: string): SQL =>
  pg ? ilike(column, pattern) : like(column, pattern);

/** A JSON array column as a table of its elements, one column named value (join it with CROSS JOIN). */
export const jsonElements = (column: SQLWrapper | SQL, alias: string): SQL =>
  pg
    ? sql`jsonb_array_elements_text(${column}::jsonb) AS ${sql.raw(alias)}(value)`
    : sql`json_each(${column}) ${sql.raw(alias)}`;
