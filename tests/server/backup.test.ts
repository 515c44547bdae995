import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isArchiveName } from '../../server/backup/manifest';
import { ADMIN, login, type TestApp } from '../helpers/app';
import { fileApp, filesUnder, removeTempDirs, runCli, sha256, tempDir, unpacked, upload } from './backup-helpers';

/**
 * Backup and restore as commands (server/backup): an online backup while the app writes, a restore into an empty
 * folder that gives back the backup's bytes, and nothing changed by a damaged archive or a non-empty folder.
 */

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  removeTempDirs();
});

const pattern = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * seed + 7) % 251));
const archivesIn = (dir: string) => fs.readdirSync(dir).filter(isArchiveName).sort();

/** An app on a file database with uploads, a conversion output and the temporary things a backup must leave out. */
async function populated() {
  const dataDir = tempDir();
  const app = await fileApp(dataDir);
  apps.push(app);
  const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  const keys = [
    await upload(app, admin, 'cover.png', pattern(300_000, 3)),
    await upload(app, admin, 'notes.pdf', pattern(5_000, 5)),
  ];
  fs.mkdirSync(path.join(dataDir, 'files/derived/42/hls'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files/derived/42/hls/seg0.ts'), pattern(20_000, 11));
  // A conversion in progress, a multipart upload arriving: never part of a backup.
  fs.mkdirSync(path.join(dataDir, 'files/derived/43.tmp-99'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files/derived/43.tmp-99/half.mp4'), 'half');
  fs.writeFileSync(path.join(dataDir, 'tmp/uploads/77.part'), 'arriving');
  app.ctx.sqlite!.prepare("INSERT INTO app_settings (key, value) VALUES ('marker', 'before the backup')").run();
  return { app, admin, dataDir, keys };
}

describe('npm run backup and npm run restore', () => {
  it('backs up online while the app writes, and restores the backup byte for byte into an empty folder', {
    timeout: 90_000,
  }, async () => {
    const { app, admin, dataDir } = await populated();
    // The app keeps writing rows and storing uploads through its own connection while the command runs.
    let writing = true;
    let rows = 0;
    const insert = app.ctx.sqlite!.prepare('INSERT INTO app_settings (key, value) VALUES (?, ?)');
    const writer = (async () => {
      while (writing) {
        insert.run(`busy-${rows}`, 'x'.repeat(4000));
        rows += 1;
        if (rows % 25 === 0) await upload(app, admin, `during-${rows}.txt`, pattern(2_000 + rows, 13));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const run = await runCli(['backup'], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(rows).toBeGreaterThan(25); // so uploads were stored while the command ran
    const backups = path.join(dataDir, 'backups');
    const [name] = archivesIn(backups);
    expect(fs.readdirSync(backups)).toEqual([name]);
    const archive = path.join(backups, name!);
    expect(run.stdout).toContain(`Backup written: ${archive}`);

    const { dir: copy, manifest } = await unpacked(archive);
    expect(manifest).toMatchObject({
      format: 'lanxue-backup',
      formatVersion: 1,
      app: { name: 'lanxue', version: app.ctx.version },
      database: 'lanxue.sqlite',
    });
    expect(manifest.schema.migration).toMatch(/^\d{4}_\w+$/);
    const paths = manifest.entries.map((entry) => entry.path);
    expect(paths[0]).toBe('lanxue.sqlite');
    expect(paths).toContain('files/derived/42/hls/seg0.ts');
    expect(
      paths.filter(
        (p) => p.includes('.tmp-') || p.startsWith('tmp/') || p.startsWith('backups/') || p.endsWith('.part'),
      ),
    ).toEqual([]);
    expect(filesUnder(copy)).toEqual(['SHA256SUMS', 'manifest.json', ...paths].sort());

    // Changed after the backup: a row and a file that the restore must not bring back.
    app.ctx.sqlite!.prepare("UPDATE app_settings SET value = 'after the backup' WHERE key = 'marker'").run();
    const later = await upload(app, admin, 'later.png', pattern(1_000, 17));
    await app.close();
    apps.splice(0);

    const target = path.join(tempDir(), 'restored');
    const restored = await runCli(['restore', archive], { DATA_DIR: target });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${archive} into ${target}.`);
    expect(filesUnder(target)).toEqual([...paths].sort());
    expect(
      fs.readFileSync(path.join(target, 'lanxue.sqlite')).equals(fs.readFileSync(path.join(copy, 'lanxue.sqlite'))),
    ).toBe(true);
    for (const entry of manifest.entries)
      expect(sha256(fs.readFileSync(path.join(target, entry.path))), entry.path).toBe(entry.sha256);
    expect(fs.existsSync(path.join(target, later))).toBe(false);

    const db = new Database(path.join(target, 'lanxue.sqlite'), { readonly: true });
    try {
      expect(db.prepare("SELECT value FROM app_settings WHERE key = 'marker'").get()).toEqual({
        value: 'before the backup',
      });
      // A consistent copy: every file a row names is in the archive, uploads during the backup included.
      const keys = (db.prepare('SELECT key FROM files').all() as { key: string }[]).map((row) => row.key);
      expect(keys.length).toBeGreaterThanOrEqual(2);
      for (const key of keys) expect(paths, key).toContain(key);
    } finally {
      db.close();
    }

    // The server starts on the restored folder and serves a restored file.
    const again = await fileApp(target);
    apps.push(again);
    const file = paths.find((p) => p.endsWith('.PNG'))!;
    const served = await again.inject({ method: 'GET', url: `/${file}` });
    expect(served.statusCode).toBe(200);
    expect(sha256(served.rawPayload)).toBe(manifest.entries.find((entry) => entry.path === file)!.sha256);
  });

  it('refuses a damaged archive (a flipped byte, a cut) with a clear message and changes nothing', {
    timeout: 60_000,
  }, async () => {
    const { dataDir } = await populated();
    expect((await runCli(['backup'], { DATA_DIR: dataDir })).code).toBe(0);
    const archive = path.join(dataDir, 'backups', archivesIn(path.join(dataDir, 'backups'))[0]!);
    const bytes = fs.readFileSync(archive);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = { flipped, truncated: bytes.subarray(0, Math.floor(bytes.length * 0.7)) };
    for (const [kind, content] of Object.entries(damaged)) {
      const file = path.join(tempDir(), `${kind}.tar.gz`);
      fs.writeFileSync(file, content);
      // Into a folder that does not exist yet, and into an empty one (an empty Docker volume).
      const missing = path.join(tempDir(), 'new');
      const empty = tempDir();
      for (const target of [missing, empty]) {
        const run = await runCli(['restore', file], { DATA_DIR: target });
        expect(run.code, kind).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toContain(`The archive ${kind}.tar.gz is damaged or incomplete`);
        expect(run.stderr).toContain(`Nothing was restored; ${target} is as it was.`);
      }
      expect(fs.existsSync(missing)).toBe(false);
      expect(fs.readdirSync(empty)).toEqual([]);
    }
  });

  it('refuses a non-empty data folder and leaves it as it was', { timeout: 60_000 }, async () => {
    const { app, dataDir } = await populated();
    expect((await runCli(['backup'], { DATA_DIR: dataDir })).code).toBe(0);
    const archive = path.join(dataDir, 'backups', archivesIn(path.join(dataDir, 'backups'))[0]!);
    await app.close();
    apps.splice(0);
    const before = filesUnder(dataDir).map((file) => [file, sha256(fs.readFileSync(path.join(dataDir, file)))]);
    const run = await runCli(['restore', archive], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The data folder ${dataDir} is not empty (`);
    expect(run.stderr).toContain('so nothing was changed');
    expect(filesUnder(dataDir).map((file) => [file, sha256(fs.readFileSync(path.join(dataDir, file)))])).toEqual(
      before,
    );

    const bad = await runCli(['restore'], { DATA_DIR: tempDir() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('name one archive to restore');
    expect(bad.stderr).toContain('Usage:');
  });

  it('refuses a memory database with a clear message', async () => {
    const run = await runCli(['backup'], { DATA_DIR: tempDir(), DATABASE_FILE: ':memory:' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The database is in memory (DATABASE_FILE=:memory:): there is nothing to back up.');
  });
});
