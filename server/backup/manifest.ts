import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { Config } from '../config';
import { backupFolder } from '../db/client';

/**
 * What a backup archive holds (a gzipped tar, one per backup):
 *   manifest.json    what was backed up: app version, schema (last migration), time, every entry's path, size, sha256
 *   SHA256SUMS       the same checksums plus the manifest's own, in `sha256sum -c` format
 *   lanxue.sqlite    the database, by SQLite's online backup API (journal mode DELETE: one self-contained file)
 *   files/...        the stored files (uploads and what conversion made of them), as under DATA_DIR/files
 * The manifest comes first so `tar -xOzf ARCHIVE manifest.json` shows it without reading the rest.
 */
export const MANIFEST_NAME = 'manifest.json';
export const SUMS_NAME = 'SHA256SUMS';
export const DATABASE_ENTRY = 'lanxue.sqlite';
export const FILES_ENTRY = 'files';
export const MANIFEST_FORMAT = 'lanxue-backup';

const zSha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const zManifestEntry = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: zSha256 });
export type ManifestEntry = z.infer<typeof zManifestEntry>;

export const zManifest = z.object({
  format: z.literal(MANIFEST_FORMAT),
  formatVersion: z.literal(1),
  app: z.object({ name: z.string(), version: z.string() }),
  /** The last migration the database has (drizzle tag, e.g. 0009_learn_days), null for an empty database. */
  schema: z.object({ migration: z.string().nullable(), migrations: z.number().int().min(0) }),
  createdAt: z.string().datetime(),
  database: z.literal(DATABASE_ENTRY),
  totals: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
  /** The database first, then every stored file by path. */
  entries: z.array(zManifestEntry).min(1),
});
export type Manifest = z.infer<typeof zManifest>;

/** Where backup archives go: BACKUP_DIR, or DATA_DIR/backups beside the backups taken before migrations. */
export function backupDirOf(config: Pick<Config, 'BACKUP_DIR' | 'dataDir'>): string {
  return config.BACKUP_DIR ? path.resolve(config.BACKUP_DIR) : backupFolder(config.dataDir);
}

/** lanxue-backup-20260102-030000-123Z.tar.gz: names sort by time, so retention keeps the last ones by name. */
const ARCHIVE_PATTERN = /^lanxue-backup-\d{8}-\d{6}-\d{3}Z\.tar\.gz$/;

export function archiveName(at: number): string {
  const iso = new Date(at).toISOString(); // 2026-01-02T03:00:00.123Z
  const stamp = iso.replace(/[-:]/g, '').replace('T', '-').replace('.', '-');
  return `lanxue-backup-${stamp}.tar.gz`;
}

export function isArchiveName(name: string): boolean {
  return ARCHIVE_PATTERN.test(name);
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), hash);
  return hash.digest('hex');
}

export function sha256Text(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** SHA256SUMS in the format `sha256sum -c` reads: "<hex>  <path>" per line. */
export function renderSums(sums: { path: string; sha256: string }[]): string {
  return sums.map((entry) => `${entry.sha256}  ${entry.path}\n`).join('');
}

/** The lines of a SHA256SUMS file, or null when one is malformed or a path repeats. */
export function parseSums(text: string): Map<string, string> | null {
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match || sums.has(match[2]!)) return null;
    sums.set(match[2]!, match[1]!);
  }
  return sums;
}
