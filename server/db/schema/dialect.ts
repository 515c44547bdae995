import { SQL, sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import { databaseEngine } from '../engine';

/**
 * The column vocabulary every table is written in, for both engines. The engine is chosen once, when the
 * process starts (DATABASE_URL, ../engine.ts): on SQLite these are sqlite-core's own builders; on PostgreSQL
 * the same names build pg-core tables. The types stay sqlite-core's, so repositories are typed once; what
 * differs at run time is kept to storage:
 *
 * - integer: bigint on PostgreSQL (times are milliseconds, past int4), answered as a JS number;
 * - integer({ mode: 'boolean' }): an integer 0/1 on both engines, so hand-written SQL compares `= 1` alike;
 * - real: double precision; text (with or without enum): text.
 *
 * drizzle-kit generates each engine's migrations from these tables (drizzle.config.ts, drizzle.pg.config.ts).
 */
const onPostgres = databaseEngine() === 'postgres';

/** 0/1 in an integer column, true/false in JS: what sqlite-core's integer mode 'boolean' is. */
const flagType = pg.customType<{ data: boolean; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (value) => (value ? 1 : 0),
  fromDriver: (value) => Number(value) === 1,
});
/** Its default written as 0/1 too (drizzle-kit would print `DEFAULT false` for an integer column). */
const pgFlag = (name: string) => {
  const column = flagType(name);
  const setDefault = column.default.bind(column);
  column.default = (value) => setDefault(value instanceof SQL ? value : sql.raw(value ? '1' : '0'));
  return column;
};

type IntegerConfig = { mode?: 'number' | 'boolean' | 'timestamp' | 'timestamp_ms' };

const pgInteger = (name: string, config?: IntegerConfig) =>
  config?.mode === 'boolean' ? pgFlag(name) : pg.bigint(name, { mode: 'number' });

const pgText = (name: string, config?: { enum?: readonly [string, ...string[]] }) =>
  config?.enum ? pg.text(name, { enum: config.enum as [string, ...string[]] }) : pg.text(name);

export const table = (onPostgres ? pg.pgTable : lite.sqliteTable) as typeof lite.sqliteTable;
export const text = (onPostgres ? pgText : lite.text) as typeof lite.text;
export const integer = (onPostgres ? pgInteger : lite.integer) as typeof lite.integer;
export const real = (onPostgres ? pg.doublePrecision : lite.real) as unknown as typeof lite.real;
export const index = (onPostgres ? pg.index : lite.index) as unknown as typeof lite.index;
export const uniqueIndex = (onPostgres ? pg.uniqueIndex : lite.uniqueIndex) as unknown as typeof lite.uniqueIndex;
export const primaryKey = (onPostgres ? pg.primaryKey : lite.primaryKey) as unknown as typeof lite.primaryKey;
