import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../../server/db/client';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { type Journal, journalOf, upgradeKit } from '../helpers/migrations';

/** lan/upgrade/status: a backup before pending migrations; a failed migration changes nothing and stops the start. */

const { apps, tempDir, migrationsCopy: copyOf } = upgradeKit('lanxue-upgrade-');
/** A copy of the shipped migrations, edited by `change` (drop the last one, add a broken one). */
const migrationsCopy = (change: (journal: Journal, folder: string) => void) => copyOf(MIGRATIONS_FOLDER, change);
const shipped = journalOf(MIGRATIONS_FOLDER);
const lastTag = shipped.at(-1)!.tag;
/** A database's schema: every table and index as its SQL, in name order. */
const schemaOf = (db: Database.Database) =>
  (db.prepare('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name').all() as { sql: string }[]).map(
    (row) => row.sql,
  );

/** A database file left at the schema before the migration `tag` (the last one), holding one marker row. */
async function olderDatabase(tag = lastTag): Promise<{ dataDir: string; file: string; schema: string[] }> {
  const older = migrationsCopy((journal, folder) => {
    let dropped: string | undefined;
    while (dropped !== tag) {
      dropped = journal.entries.pop()!.tag;
      fs.rmSync(path.join(folder, `${dropped}.sql`));
    }
  });
  const dataDir = tempDir();
  const file = path.join(dataDir, 'lanxue.sqlite');
  const sqlite = (await openDatabase(file, { migrationsFolder: older, backupDir: path.join(dataDir, 'backups') }))
    .sqlite!;
  sqlite.prepare("INSERT INTO app_settings (key, value) VALUES ('marker', 'kept')").run();
  const schema = schemaOf(sqlite);
  sqlite.close();
  return { dataDir, file, schema };
}

async function start(dataDir: string, file: string, options: { migrationsFolder?: string } = {}) {
  const app = await makeApp({ DATA_DIR: dataDir, DATABASE_FILE: file }, options);
  apps.push(app);
  return app;
}

const status = (app: TestApp, cookie?: string) => injectAs(app, cookie).get('/lan/upgrade/status');

describe('upgrade at start', () => {
  it('backs the database up before applying pending migrations, and the status shows it', async () => {
    const { dataDir, file, schema } = await olderDatabase();
    // Its first start on an empty file had nothing to save: no backup then.
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);

    const before = Date.now();
    const app = await start(dataDir, file);
    const backups = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(new RegExp(`^lanxue-\\d{8}-\\d{6}Z-before-${lastTag}\\.sqlite$`));

    // The backup is the database as it was: the marker and the older schema, not the last migration's changes.
    const copy = new Database(path.join(dataDir, 'backups', backups[0]), { readonly: true });
    expect(copy.prepare("SELECT value FROM app_settings WHERE key = 'marker'").get()).toEqual({ value: 'kept' });
    expect(copy.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get()).toEqual({ n: shipped.length - 1 });
    expect(schemaOf(copy)).toEqual(schema);
    expect(schemaOf(app.ctx.sqlite!)).not.toEqual(schema);
    copy.close();

    const { cookie } = await login(app, { ...ADMIN, role: 'admin' });
    const res = await status(app, cookie);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      version: app.ctx.version,
      schemaVersion: lastTag,
      migrations: { applied: shipped.length, pending: [] },
      backup: { file: backups[0], bytes: fs.statSync(path.join(dataDir, 'backups', backups[0])).size },
    });
    expect(data.lastMigrationAt).toBeGreaterThanOrEqual(before);
    expect(data.backup.at).toBeGreaterThanOrEqual(before);
    expect(data.backup.file).not.toContain('/');
    // The data survived the upgrade.
    expect(app.ctx.sqlite!.prepare("SELECT value FROM app_settings WHERE key = 'marker'").get()).toEqual({
      value: 'kept',
    });
  });

  it('a failed migration leaves the database as it was, names the migration and the backup, and refuses to start', async () => {
    const { dataDir, file } = await olderDatabase();
    const first = await start(dataDir, file);
    await first.close();
    apps.splice(0);

    const broken = migrationsCopy((journal, folder) => {
      const tag = '0099_broken';
      journal.entries.push({
        idx: journal.entries.length,
        version: '6',
        when: shipped.at(-1)!.when + 1000,
        tag,
        breakpoints: true,
      });
      fs.writeFileSync(
        path.join(folder, `${tag}.sql`),
        "CREATE TABLE `upgrade_probe` (`id` text PRIMARY KEY NOT NULL);\n--> statement-breakpoint\nINSERT INTO `app_settings` (`key`, `value`) VALUES ('marker', 'changed') ON CONFLICT (`key`) DO UPDATE SET `value` = excluded.`value`;\n--> statement-breakpoint\nINSERT INTO `no_such_table` VALUES (1);\n",
      );
    });
    const failure = await start(dataDir, file, { migrationsFolder: broken }).then(
      () => null,
      (err: Error) => err,
    );
    expect(failure).toBeInstanceOf(Error);
    const backups = fs.readdirSync(path.join(dataDir, 'backups')).filter((name) => name.includes('0099_broken'));
    expect(backups).toHaveLength(1);
    expect(failure!.message).toContain('migration 0099_broken');
    expect(failure!.message).toContain('no such table: no_such_table');
    expect(failure!.message).toContain(`schema ${lastTag}`);
    expect(failure!.message).toContain(`backups/${backups[0]}`);
    expect(failure!.message).toContain('will not start');

    // Untouched: no probe table, the marker as it was, the same migrations.
    const plain = new Database(file);
    expect(plain.prepare("SELECT name FROM sqlite_master WHERE name = 'upgrade_probe'").get()).toBeUndefined();
    expect(plain.prepare("SELECT value FROM app_settings WHERE key = 'marker'").get()).toEqual({ value: 'kept' });
    expect(plain.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get()).toEqual({ n: shipped.length });
    plain.close();

    // The shipped migrations still start it, with its data and the status of the last successful upgrade.
    const again = await start(dataDir, file);
    const { cookie } = await login(again, { ...ADMIN, role: 'admin' });
    const data = (await status(again, cookie)).json().data;
    expect(data.schemaVersion).toBe(lastTag);
    expect(data.migrations.pending).toEqual([]);
    expect(data.backup.file).toMatch(new RegExp(`before-${lastTag}\\.sqlite$`));
  });

  it('an in-memory database migrates without a backup', async () => {
    const dataDir = tempDir();
    const app = await start(dataDir, ':memory:');
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
    const { cookie } = await login(app, { ...ADMIN, role: 'admin' });
    const data = (await status(app, cookie)).json().data;
    expect(data).toMatchObject({
      schemaVersion: lastTag,
      migrations: { applied: shipped.length, pending: [] },
      backup: null,
    });
    expect(typeof data.lastMigrationAt).toBe('number');
  });
});

describe('GET lan/upgrade/status roles', () => {
  it('guest 401, student 403, sub-admin without setting 403, with setting 200, main admin 200', async () => {
    const app = await start(tempDir(), ':memory:');
    expect((await status(app)).statusCode).toBe(401);
    const student = await buildStudent(app);
    expect(
      (await status(app, (await login(app, { username: student.username, password: student.password })).cookie))
        .statusCode,
    ).toBe(403);
    const without = await buildSubAdmin(app, ['student', 'course']);
    expect((await status(app, (await login(app, { ...without, role: 'admin' })).cookie)).statusCode).toBe(403);
    const holder = await buildSubAdmin(app, ['setting']);
    const res = await status(app, (await login(app, { ...holder, role: 'admin' })).cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.schemaVersion).toBe(lastTag);
  });
});

describe('migration 0020: the first publication of an announcement becomes a column', () => {
  it('takes the app_settings marks, and the publication time of one published before them, then drops the marks', async () => {
    const { dataDir, file } = await olderDatabase('0020_phone_code_sealed_first_publication');
    const db = new Database(file);
    db.prepare("INSERT INTO schools (id, name, settings, created_at) VALUES ('7', 'Old school', '{}', 1)").run();
    const add = db.prepare(
      `INSERT INTO announcements (id, school_id, title, html, audience, pinned, published_at, created_at, updated_at)
       VALUES (?, '7', ?, '', 'all', 0, ?, 1, 1)`,
    );
    add.run('101', 'Unpublished after its first publication', null);
    add.run('102', 'Published before the marks existed', 5000);
    add.run('103', 'Never published', null);
    db.prepare("INSERT INTO app_settings (key, value) VALUES ('announcement.published:101', '4000')").run();
    db.close();
    const app = await start(dataDir, file);
    const firsts = app.ctx
      .sqlite!.prepare('SELECT id, first_published_at AS first FROM announcements ORDER BY id')
      .all();
    expect(firsts).toEqual([
      { id: '101', first: 4000 },
      { id: '102', first: 5000 },
      { id: '103', first: null },
    ]);
    expect(app.ctx.sqlite!.prepare("SELECT key FROM app_settings WHERE key LIKE 'announcement.%'").all()).toEqual([]);
    expect(app.ctx.sqlite!.prepare("SELECT value FROM app_settings WHERE key = 'marker'").get()).toEqual({
      value: 'kept',
    });
  });
});
