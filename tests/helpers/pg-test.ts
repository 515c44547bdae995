import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { onPostgres } from '../../server/db/engine';

/** The throwaway cluster of the http-pg project (tests/helpers/pg-cluster.ts starts it). */
const port = Number(process.env.LANXUE_TEST_PG_PORT ?? 54329);
const user = 'lanxue';
const urlOf = (database: string) => `postgres://${user}@127.0.0.1:${port}/${database}`;

export const PG_TEST = {
  port,
  user,
  template: 'lanxue_template',
  urlOf,
  adminUrl: urlOf('postgres'),
} as const;

/** The address the http-pg project puts in DATABASE_URL: its engine, before any test app has a database. */
export const PG_TEST_URL = urlOf(PG_TEST.template);

/** A fresh database for one test app, copied from the migrated template. */
export async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE ${PG_TEST.template} STRATEGY FILE_COPY`);
  return { url: urlOf(name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The database that stands for a SQLite file on PostgreSQL (a test that opens "the same file" twice, as a
 * restart): made from the template the first time, kept afterwards.
 */
export async function pgDatabaseFor(file: string): Promise<string> {
  const name = `f_${createHash('sha256').update(file).digest('hex').slice(0, 16)}`;
  try {
    await admin(`CREATE DATABASE ${name} TEMPLATE ${PG_TEST.template} STRATEGY FILE_COPY`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
  return urlOf(name);
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_TEST.adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The environment that points a server process at "the file": DATABASE_URL on PostgreSQL, nothing on SQLite. */
export async function databaseEnvFor(file: string): Promise<Record<string, string>> {
  return onPostgres() ? { DATABASE_URL: await pgDatabaseFor(file) } : {};
}

/** An empty database (no tables: the upgrade tests migrate it themselves); the cluster is dropped whole. */
export async function emptyPgDatabase(): Promise<string> {
  const name = `e_${randomBytes(8).toString('hex')}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE template0`);
  return urlOf(name);
}
