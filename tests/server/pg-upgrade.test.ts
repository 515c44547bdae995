import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgMigrationsFolder } from '../../server/db/client';
import { migratePostgres } from '../../server/db/pg-upgrade';
import { ADMIN, login, makeApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { type Journal, journalOf, upgradeKit } from '../helpers/migrations';
import { emptyPgDatabase } from '../helpers/pg-test';

/**
 * lan/upgrade/status on PostgreSQL (the http-pg project only; tests/server/upgrade.test.ts is SQLite's): pending
 * migrations are preceded by a pg_dump of a database that holds data, and a failed migration changes nothing.
 */

const { apps, tempDir, migrationsCopy: copyOf } = upgradeKit('lanxue-pg-upgrade-');
/** A copy of PostgreSQL's migrations, edited by `change`. */
const migrationsCopy = (change: (journal: Journal, folder: string) => void) => copyOf(pgMigrationsFolder(), change);
const shipped = journalOf(pgMigrationsFolder());
const lastTag = shipped.at(-1)!.tag;

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A database left at the schema before the last migration, holding one marker row. */
async function olderDatabase(): Promise<string> {
  const older = migrationsCopy((journal, folder) => {
    const dropped = journal.entries.pop()!.tag;
    fs.rmSync(path.join(folder, `${dropped}.sql`));
  });
  const url = await emptyPgDatabase();
  await migratePostgres(url, { migrationsFolder: older });
  await query(url, "INSERT INTO app_settings (key, value) VALUES ('marker', 'kept')");
  return url;
}

async function start(url: string, dataDir: string, options: { migrationsFolder?: string } = {}) {
  const app = await makeApp({ DATA_DIR: dataDir, DATABASE_URL: url }, options);
  apps.push(app);
  return app;
}

describe('upgrade at start on PostgreSQL', () => {
  it('takes a pg_dump before applying pending migrations, and the status shows it', async () => {
    const url = await olderDatabase();
    const dataDir = tempDir();
    const before = Date.now();
    const app = await start(url, dataDir);
    const backups = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(new RegExp(`^lanxue-\\d{8}-\\d{6}Z-before-${lastTag}\\.pgdump$`));
    // The dump is the database as it was: the marker's row is in it, the last migration's column is not.
    const listing = execFileSync('pg_restore', ['--list', path.join(dataDir, 'backups', backups[0])], {
      encoding: 'utf8',
    });
    expect(listing).toMatch(/TABLE DATA public app_settings/);
    expect(listing).toMatch(/FUNCTION public lanxue_json_object/);
    expect(listing).toMatch(/INDEX public ldap_runs_one_running/);
    expect(listing).toMatch(/TABLE public recent_events/);
    const ledger = execFileSync('pg_restore', ['--schema-only', '--table=upload_ledger', '--file=-', backups[0]], {
      cwd: path.join(dataDir, 'backups'),
      encoding: 'utf8',
    });
    expect(ledger).toMatch(/CREATE TABLE public\.upload_ledger/);
    expect(ledger).not.toMatch(/\bnode text\b/);
    const data = execFileSync('pg_restore', ['--data-only', '--table=app_settings', '--file=-', backups[0]], {
      cwd: path.join(dataDir, 'backups'),
      encoding: 'utf8',
    });
    expect(data).toMatch(/marker\tkept/);

    const { cookie } = await login(app, { ...ADMIN, role: 'admin' });
    const res = await injectAs(app, cookie).get('/lan/upgrade/status');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      schemaVersion: lastTag,
      migrations: { applied: shipped.length, pending: [] },
      backup: { file: backups[0], bytes: fs.statSync(path.join(dataDir, 'backups', backups[0])).size },
    });
    expect(res.json().data.lastMigrationAt).toBeGreaterThanOrEqual(before);
    expect(await query(url, "SELECT value FROM app_settings WHERE key = 'marker'")).toEqual([{ value: 'kept' }]);
  });

  it('a failed migration leaves the database as it was, names the migration, and refuses to start', async () => {
    const url = await olderDatabase();
    const broken = migrationsCopy((journal, folder) => {
      const tag = '0099_broken';
      journal.entries.push({
        idx: journal.entries.length,
        version: '7',
        when: shipped.at(-1)!.when + 1000,
        tag,
        breakpoints: true,
      });
      fs.writeFileSync(
        path.join(folder, `${tag}.sql`),
        "CREATE TABLE upgrade_probe (id text PRIMARY KEY);\n--> statement-breakpoint\nUPDATE app_settings SET value = 'changed' WHERE key = 'marker';\n--> statement-breakpoint\nINSERT INTO no_such_table VALUES (1);\n",
      );
    });
    const failure = await start(url, tempDir(), { migrationsFolder: broken }).then(
      () => null,
      (err: Error) => err,
    );
    expect(failure?.message).toContain('Database upgrade failed at migration 0099_broken');
    expect(failure?.message).toContain('Nothing was changed');
    // Everything pending (the shipped one and the broken one) rolled back together.
    expect(await query(url, "SELECT to_regclass('upgrade_probe') AS t")).toEqual([{ t: null }]);
    expect(await query(url, "SELECT value FROM app_settings WHERE key = 'marker'")).toEqual([{ value: 'kept' }]);
    expect(await query(url, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toEqual([
      { n: shipped.length - 1 },
    ]);
  });
});
