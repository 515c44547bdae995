import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { projectPath } from '../lib/paths';
import { createBackup } from './backup';
import type { Manifest } from './manifest';
import { restoreBackup } from './restore';

/**
 * The backup commands, built to dist/server/backup-cli.js (scripts/build.mjs) so they run where the image has no
 * sources and no tsx: `npm run backup` and `npm run restore -- ARCHIVE` (package.json). Settings come from the same
 * environment as the server's (DATA_DIR, BACKUP_DIR, BACKUP_KEEP); options override them for one run.
 */

const USAGE = `Usage:
  npm run backup [-- --dir FOLDER] [--keep N]
      Backs up the database and the stored files, online, into BACKUP_DIR (default DATA_DIR/backups),
      then keeps the newest BACKUP_KEEP archives there (0 keeps all).
  npm run restore -- ARCHIVE [--data-dir FOLDER]
      Restores ARCHIVE into an empty data folder (DATA_DIR), after checking every checksum.`;

const zBackupArgs = z.object({
  dir: z.string().min(1).optional(),
  keep: z.string().regex(/^\d+$/, 'a whole number').optional(),
});
const zRestoreArgs = z.object({ archive: z.string().min(1), dataDir: z.string().min(1).optional() });

class UsageError extends Error {}

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const schemaOf = (manifest: Manifest) => manifest.schema.migration ?? 'empty';
const filesCount = (manifest: Manifest) =>
  `${manifest.entries.length - 1} ${manifest.entries.length === 2 ? 'file' : 'files'}`;

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new UsageError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return result.data;
}

/** Only options actually given override the environment. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { dir: { type: 'string' }, keep: { type: 'string' } },
    allowPositionals: false,
  });
  const options = parsed(zBackupArgs, values);
  const config = loadConfig(process.env, defined({ BACKUP_DIR: options.dir, BACKUP_KEEP: options.keep }));
  const version: string = JSON.parse(fs.readFileSync(projectPath('package.json'), 'utf8')).version;
  const result = await createBackup({ config, version });
  const { manifest } = result;
  console.log(`Backup written: ${result.file}`);
  console.log(
    `  ${size(result.bytes)}: the database (schema ${schemaOf(manifest)}) and ${filesCount(manifest)}, ` +
      `${size(manifest.totals.bytes)} before compression; sha256 of each in manifest.json and SHA256SUMS.`,
  );
  if (result.removed.length > 0)
    console.log(`  Removed (BACKUP_KEEP=${config.BACKUP_KEEP}): ${result.removed.join(', ')}`);
}

async function restore(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('name one archive to restore');
  const options = parsed(zRestoreArgs, { archive: positionals[0], dataDir: values['data-dir'] });
  const config = loadConfig(process.env, defined({ DATA_DIR: options.dataDir }));
  const { dataDir, manifest } = await restoreBackup(options.archive, config);
  console.log(`Restored ${options.archive} into ${dataDir}.`);
  console.log(
    `  The database (schema ${schemaOf(manifest)}, Lanxue ${manifest.app.version}, backed up ${manifest.createdAt}) ` +
      `and ${filesCount(manifest)}; every checksum matched.`,
  );
  console.log(
    '  Start the server on this folder; an older schema is brought up to date at start, after a backup of its own.',
  );
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'backup') await backup(rest);
    else if (command === 'restore') await restore(rest);
    else throw new UsageError(command ? `unknown command ${command}` : 'no command');
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${message}\n\n${USAGE}`);
      return 2;
    }
    console.error(message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
