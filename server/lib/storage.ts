import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

/**
 * The data folder's layout (the storage contract) and the only way user-influenced paths reach the disk.
 * Everything lives under config.dataDir:
 *   files/userupload/{schoolId}/{guid}.{EXT}   uploaded files (spec 5, spec 7 'Storage path'); the files row's key
 *   files/derived/{rid}/...                    what conversion made of a resource
 *   tmp/uploads/                               multipart uploads while they arrive (never served)
 *   tmp/tus/                                   resumable uploads while they arrive (never served)
 * A file appears at its final path only complete: it is written under tmp/ and renamed into place.
 */
export const USERUPLOAD_DIR = 'files/userupload';
export const DERIVED_DIR = 'files/derived';
export const TMP_UPLOADS_DIR = 'tmp/uploads';
export const TMP_TUS_DIR = 'tmp/tus';

/** 64 KB reads: the default stream chunk made serving twice as slow here (recipes 'Serving files fast'). */
export const READ_CHUNK = 64 * 1024;

/** The storage key of an uploaded file: files/userupload/{schoolId}/{guid}.{EXT} (spec 7). */
export function uploadKey(schoolId: string, guid: string, ext: string): string {
  return `${USERUPLOAD_DIR}/${schoolId}/${guid}.${ext}`;
}

const KEY_PATTERN = /^files\/userupload\/(\d{1,20})\/(\d{1,20})\.([A-Z0-9]{1,10})$/;

/** The parts of an upload key, or null when the text is not exactly one. */
export function parseUploadKey(key: string): { schoolId: string; guid: string; ext: string } | null {
  const match = KEY_PATTERN.exec(key);
  return match ? { schoolId: match[1]!, guid: match[2]!, ext: match[3]! } : null;
}

/**
 * Checks a relative path made of URL segments: no empty, '.' or '..' segment, no NUL or control character,
 * no backslash, not absolute, no drive letter. Returns the cleaned segments or null.
 */
export function safeSegments(relative: string): string[] | null {
  if (!relative || relative.length > 1024) return null;
  if (relative.startsWith('/') || /^[A-Za-z]:/.test(relative)) return null;
  const segments = relative.split('/');
  for (const segment of segments) {
    if (!segment || segment === '.' || segment === '..') return null;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f\\]/.test(segment)) return null;
  }
  return segments;
}

/** The absolute path of `relative` under `root`, or null when it is unsafe or would leave root. */
export function resolveInside(root: string, relative: string): string | null {
  const segments = safeSegments(relative);
  if (!segments) return null;
  const base = path.resolve(root);
  const full = path.resolve(base, ...segments);
  return full.startsWith(base + path.sep) ? full : null;
}

/** The absolute path of a data-folder relative path (a files row key, a derived path); throws on an unsafe one. */
export function dataPath(dataDir: string, relative: string): string {
  const full = resolveInside(dataDir, relative);
  if (!full) throw new Error(`unsafe storage path: ${JSON.stringify(relative)}`);
  return full;
}

/** The relative path (with '/') of an absolute path under the data folder. */
export function relativeToData(dataDir: string, absolute: string): string {
  return path.relative(path.resolve(dataDir), absolute).split(path.sep).join('/');
}

/** True for the errors of a full disk or quota. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export type WriteStreamFactory = (file: string, options?: { start?: number }) => Writable;

/** A new file (never overwrites), or with `start` an existing one continued at that offset (tus). */
const defaultFactory: WriteStreamFactory = (file, options) =>
  options?.start !== undefined
    ? fs.createWriteStream(file, { flags: 'r+', start: options.start })
    : fs.createWriteStream(file, { flags: 'wx' });
let writeStreamFactory: WriteStreamFactory = defaultFactory;

/**
 * Opens the stream an upload is written to. Tests replace the factory to simulate a full disk (ENOSPC)
 * without one; null restores the real one.
 */
export function createUploadStream(file: string, options?: { start?: number }): Writable {
  return writeStreamFactory(file, options);
}
export function setWriteStreamFactory(factory: WriteStreamFactory | null): void {
  writeStreamFactory = factory ?? defaultFactory;
}

/** Makes sure the temporary folders exist (called at start). */
export function ensureDataFolders(dataDir: string): void {
  for (const dir of [TMP_UPLOADS_DIR, TMP_TUS_DIR, USERUPLOAD_DIR, DERIVED_DIR])
    fs.mkdirSync(path.join(dataDir, dir), { recursive: true });
}

/**
 * Moves a complete temporary file to its final path without ever replacing an existing file:
 * a hard link (fails with EEXIST when taken) then removal of the temporary name; rename where links fail.
 */
export async function moveIntoPlace(tmpFile: string, finalFile: string): Promise<void> {
  await fsp.mkdir(path.dirname(finalFile), { recursive: true });
  try {
    await fsp.link(tmpFile, finalFile);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw error;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'EMLINK') throw error;
    if (fs.existsSync(finalFile)) throw Object.assign(new Error('file exists'), { code: 'EEXIST' });
    await fsp.rename(tmpFile, finalFile);
    return;
  }
  await removeQuietly(tmpFile);
}

/** Removes a file, ignoring one that is already gone. */
export async function removeQuietly(file: string): Promise<void> {
  await fsp.rm(file, { force: true }).catch(() => undefined);
}

/** Removes files directly in `dir` older than maxAgeMs (abandoned partial uploads); returns how many. */
export async function removeOlderThan(dir: string, maxAgeMs: number, nowMs: number): Promise<number> {
  let removed = 0;
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && nowMs - stat.mtimeMs > maxAgeMs) {
      await removeQuietly(file);
      removed += 1;
    }
  }
  return removed;
}
