/** The two database engines: the embedded default, and PostgreSQL when DATABASE_URL names one. */
export type Engine = 'sqlite' | 'postgres';

/** A postgres:// or postgresql:// address. */
export const isPostgresUrl = (url: string | undefined): boolean => /^postgres(ql)?:\/\//i.test(url ?? '');

/**
 * The engine of this process, read once from DATABASE_URL in the environment: the tables are built for it
 * when the schema loads (./schema/dialect.ts), before any configuration object exists.
 */
export function databaseEngine(env: NodeJS.ProcessEnv = process.env): Engine {
  return isPostgresUrl(env.DATABASE_URL) ? 'postgres' : 'sqlite';
}

/** The process's engine, read once (hot paths ask; process.env is a slow read). */
const processEngine = databaseEngine();

/** True in a process whose tables are PostgreSQL's. */
export const onPostgres = (): boolean => processEngine === 'postgres';
