import { onPostgres } from '../../server/db/engine';
import type { TestApp } from './app';
import { sqlRun } from './sql';

/**
 * Makes the database refuse writes to a table with a message, on either engine (a trigger): a write that fails
 * inside the app's own statements. `when` is a condition on NEW, written so both engines read it
 * (`new.username like 'x%'`). Answers a function that removes the trigger again.
 */
export async function refuseWrites(
  app: TestApp,
  name: string,
  table: string,
  message: string,
  options: { on?: 'INSERT' | 'UPDATE'; when?: string } = {},
): Promise<() => Promise<void>> {
  const on = options.on ?? 'INSERT';
  if (onPostgres()) {
    const raise = `RAISE EXCEPTION '${message}';`;
    const body = options.when ? `IF ${options.when} THEN ${raise} END IF;` : raise;
    await sqlRun(
      app,
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NEW; END $$`,
    );
    await sqlRun(app, `CREATE TRIGGER ${name} BEFORE ${on} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
    return async () => {
      await sqlRun(app, `DROP TRIGGER ${name} ON ${table}`);
      await sqlRun(app, `DROP FUNCTION ${name}()`);
    };
  }
  const when = options.when ? ` WHEN ${options.when}` : '';
  await sqlRun(
    app,
    `CREATE TRIGGER ${name} BEFORE ${on} ON ${table}${when} BEGIN SELECT RAISE(ABORT, '${message}'); END`,
  );
  return async () => {
    await sqlRun(app, `DROP TRIGGER ${name}`);
  };
}
