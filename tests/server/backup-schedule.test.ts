import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRetention, createBackup } from '../../server/backup/backup';
import { archiveName, isArchiveName } from '../../server/backup/manifest';
import { restoreBackup } from '../../server/backup/restore';
import { nextDue, runBackupNow } from '../../server/backup/scheduler';
import { loadConfig } from '../../server/config';
import type { TestApp } from '../helpers/app';
import { fileApp, filesUnder, removeTempDirs, sha256, tempDir, unpacked, waitFor } from './backup-helpers';

/** Scheduled backups with retention (BACKUP_SCHEDULE, BACKUP_KEEP, BACKUP_DIR), and what a restore checks. */

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  removeTempDirs();
});

async function started(overrides: Record<string, unknown> = {}) {
  const dataDir = tempDir();
  const app = await fileApp(dataDir, overrides);
  apps.push(app);
  return { app, dataDir };
}

const archivesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter(isArchiveName).sort() : []);

describe('scheduled backups', () => {
  it('runs a due backup into BACKUP_DIR on the cron schedule', async () => {
    const backupDir = path.join(tempDir(), 'elsewhere');
    const { app } = await started({ BACKUP_SCHEDULE: '* * * * * *', BACKUP_DIR: backupDir, BACKUP_KEEP: 2 });
    app.ctx.sqlite!.prepare("INSERT INTO app_settings (key, value) VALUES ('marker', 'scheduled')").run();
    const [first] = await waitFor(
      () => archivesIn(backupDir).length > 0 && archivesIn(backupDir),
      'a scheduled backup',
    );
    // Due every second, kept at two: later runs replace the oldest.
    await waitFor(
      () => archivesIn(backupDir).length === 2 && !archivesIn(backupDir).includes(first!),
      'retention of scheduled runs',
    );
    expect(archivesIn(backupDir)).toHaveLength(2);
    // Only whole archives are ever visible: no .partial left beside them once the server stops.
    await app.close();
    apps.splice(0);
    expect(fs.readdirSync(backupDir).filter((name) => !isArchiveName(name))).toEqual([]);
    const { manifest } = await unpacked(path.join(backupDir, archivesIn(backupDir).at(-1)!));
    expect(manifest.entries[0]).toMatchObject({ path: 'lanxue.sqlite' });
  });

  it('never runs two backups at once: a call while one runs gets that run', async () => {
    const { app, dataDir } = await started();
    const [a, b] = await Promise.all([runBackupNow(app.ctx), runBackupNow(app.ctx)]);
    expect(a.file).toBe(b.file);
    expect(archivesIn(path.join(dataDir, 'backups'))).toEqual([path.basename(a.file)]);
    const c = await runBackupNow(app.ctx);
    expect(c.file).not.toBe(a.file);
    // Stopping the server lets a backup under way finish before the database closes.
    const d = runBackupNow(app.ctx);
    await app.close();
    apps.splice(0);
    expect(fs.existsSync((await d).file)).toBe(true);
  });

  it('computes the next due time from the expression', () => {
    const now = Date.UTC(2026, 0, 2, 3, 0, 30);
    expect(nextDue('* * * * * *', now)).toBe(now + 1000);
    expect(nextDue('*/5 * * * *', now) - now).toBeLessThanOrEqual(5 * 60_000);
  });

  it('refuses a schedule that is not a cron expression', () => {
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'every night' })).toThrow(/BACKUP_SCHEDULE: not a cron expression/);
    expect(loadConfig({ BACKUP_SCHEDULE: ' 0 3 * * * ' }).BACKUP_SCHEDULE).toBe('0 3 * * *');
    expect(loadConfig({}).BACKUP_SCHEDULE).toBe('');
  });
});

describe('retention', () => {
  it('keeps the newest BACKUP_KEEP archives and nothing else is touched', async () => {
    const { app, dataDir } = await started({ BACKUP_KEEP: 3 });
    const backups = path.join(dataDir, 'backups');
    fs.mkdirSync(backups, { recursive: true });
    const old = [1, 2, 3, 4].map((day) => archiveName(Date.UTC(2025, 0, day, 3)));
    for (const name of old) fs.writeFileSync(path.join(backups, name), 'old');
    const others = ['lanxue-20250101-000000Z-before-0009_learn_days.sqlite', 'notes.txt', `.${old[0]}.partial`];
    for (const name of others) fs.writeFileSync(path.join(backups, name), 'keep');
    const result = await createBackup({ config: app.ctx.config, version: app.ctx.version });
    expect(result.removed.sort()).toEqual(old.slice(0, 2));
    expect(archivesIn(backups)).toEqual([old[2], old[3], path.basename(result.file)]);
    expect(
      fs
        .readdirSync(backups)
        .filter((name) => !isArchiveName(name))
        .sort(),
    ).toEqual(others.sort());
    expect(applyRetention(backups, 0)).toEqual([]);
    expect(applyRetention(backups, 1)).toEqual([old[3], old[2]]);
    expect(archivesIn(backups)).toEqual([path.basename(result.file)]);
  });
});

describe('what a restore checks', () => {
  /** A backup unpacked, changed by `change`, and packed again (the gzip layer is then intact). */
  async function tampered(change: (dir: string) => void): Promise<string> {
    const { app, dataDir } = await started();
    fs.mkdirSync(path.join(dataDir, 'files/userupload/1'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files/userupload/1/2.TXT'), 'stored file');
    const { file } = await createBackup({ config: app.ctx.config, version: app.ctx.version });
    const { dir } = await unpacked(file);
    change(dir);
    const repacked = path.join(tempDir(), 'repacked.tar.gz');
    await tar.c({ cwd: dir, file: repacked, gzip: true }, fs.readdirSync(dir));
    return repacked;
  }

  async function refused(archive: string): Promise<string> {
    const target = tempDir();
    const error = await restoreBackup(archive, loadConfig({ DATA_DIR: target })).catch((err: Error) => err);
    expect(error).toBeInstanceOf(Error);
    expect(fs.readdirSync(target)).toEqual([]);
    return (error as Error).message;
  }

  it('a file whose bytes changed, a file added, a file missing, a newer schema: refused, nothing written', async () => {
    const changed = await tampered((dir) =>
      fs.writeFileSync(path.join(dir, 'files/userupload/1/2.TXT'), 'stored filE'),
    );
    expect(await refused(changed)).toMatch(
      new RegExp(
        '^The archive repacked\\.tar\\.gz failed verification: files/userupload/1/2\\.TXT does not match its ' +
          'checksum\\. Nothing was restored; .* is as it was\\.$',
      ),
    );

    const added = await tampered((dir) => fs.writeFileSync(path.join(dir, 'files/userupload/1/3.TXT'), 'extra'));
    expect(await refused(added)).toContain('it holds files/userupload/1/3.TXT, which the manifest does not list');

    const missing = await tampered((dir) => fs.rmSync(path.join(dir, 'files/userupload/1/2.TXT')));
    expect(await refused(missing)).toContain('files/userupload/1/2.TXT is missing');

    const manifestEdited = await tampered((dir) => {
      const file = path.join(dir, 'manifest.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/"createdAt": "\d{4}/, '"createdAt": "1999'));
    });
    expect(await refused(manifestEdited)).toContain('manifest.json does not match its checksum');

    // A consistent manifest (its checksum updated) from a later version of the app.
    const newer = await tampered((dir) => {
      const file = path.join(dir, 'manifest.json');
      const text = fs.readFileSync(file, 'utf8').replace(/"migration": "[^"]+"/, '"migration": "9999_from_the_future"');
      fs.writeFileSync(file, text);
      const sums = path.join(dir, 'SHA256SUMS');
      fs.writeFileSync(
        sums,
        fs.readFileSync(sums, 'utf8').replace(/^[0-9a-f]{64}(?= {2}manifest\.json$)/m, sha256(Buffer.from(text))),
      );
    });
    expect(await refused(newer)).toContain(
      'it was made by a newer Lanxue (schema 9999_from_the_future; this one knows up to',
    );

    const notABackup = path.join(tempDir(), 'other.tar.gz');
    const folder = tempDir();
    fs.writeFileSync(path.join(folder, 'readme.txt'), 'hello');
    await tar.c({ cwd: folder, file: notABackup, gzip: true }, ['readme.txt']);
    expect(await refused(notABackup)).toContain('it has no manifest.json (not a Lanxue backup, or cut short)');

    expect(await refused(path.join(tempDir(), 'absent.tar.gz'))).toMatch(/^No archive at .*absent\.tar\.gz\.$/);
  });

  it('a restored folder holds the database and the files only', async () => {
    const { app, dataDir } = await started();
    fs.mkdirSync(path.join(dataDir, 'files/userupload/1'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files/userupload/1/2.TXT'), 'stored file');
    const { file } = await createBackup({ config: app.ctx.config, version: app.ctx.version });
    const target = path.join(tempDir(), 'data');
    // A restore killed earlier leaves its hidden work folder: that still counts as empty.
    fs.mkdirSync(path.join(target, '.restore-old'), { recursive: true });
    await restoreBackup(file, loadConfig({ DATA_DIR: target }));
    expect(filesUnder(target)).toEqual(['files/userupload/1/2.TXT', 'lanxue.sqlite']);
    expect(fs.readdirSync(target).sort()).toEqual(['files', 'lanxue.sqlite']);
  });
});
