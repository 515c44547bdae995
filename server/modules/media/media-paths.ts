import fs from 'node:fs';
import path from 'node:path';

/**
 * Where conversions read and write, all under DATA_DIR (issue 4 storage layout):
 *   files/derived/{rid}/...              what a resource's viewers fetch (listed in resources.outputs)
 *   files/derived/{rid}.tmp-{jobId}/     a conversion in progress: never served, renamed into place when complete
 *   files/derived/{rid}.old-{jobId}/     the entries a new conversion replaces, removed right after
 *   tmp/lo-{slot}/                       one LibreOffice profile per concurrent slot
 */
export const derivedRoot = (dataDir: string) => path.join(dataDir, 'files', 'derived');
export const derivedDir = (dataDir: string, rid: string) => path.join(derivedRoot(dataDir), rid);
export const workDir = (dataDir: string, rid: string, jobId: string) => path.join(derivedRoot(dataDir), `${rid}.tmp-${jobId}`);
export const officeProfileDir = (dataDir: string, slot: number) => path.join(dataDir, 'tmp', `lo-${slot}`);

const LEFTOVER = /^\d+\.(tmp|old)-\d+$/;

/** The absolute path of an uploaded file from its key in the files table; refuses a key that leaves files/. */
export function sourcePath(dataDir: string, key: string): string {
  const filesRoot = path.join(dataDir, 'files');
  const full = path.resolve(dataDir, key);
  if (!full.startsWith(filesRoot + path.sep)) throw new Error(`file key outside the files folder: ${key}`);
  return full;
}

/** Removes half-done conversions left by a stopped process (at queue start). */
export function removeLeftovers(dataDir: string): string[] {
  const root = derivedRoot(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return [];
  }
  const removed = names.filter((name) => LEFTOVER.test(name));
  for (const name of removed) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  return removed;
}

/** A fresh, empty work folder for a job. */
export function freshWorkDir(dataDir: string, rid: string, jobId: string): string {
  const dir = workDir(dataDir, rid, jobId);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Moves each top-level entry of a finished work folder into files/derived/{rid}/, one rename each, so a viewer sees
 * either the old file or the complete new one. Entries the job did not make (subtitles, a custom poster) stay.
 */
export function publishWork(dataDir: string, rid: string, jobId: string): void {
  const work = workDir(dataDir, rid, jobId);
  const target = derivedDir(dataDir, rid);
  const trash = path.join(derivedRoot(dataDir), `${rid}.old-${jobId}`);
  fs.mkdirSync(target, { recursive: true });
  fs.rmSync(trash, { recursive: true, force: true });
  fs.mkdirSync(trash);
  for (const name of fs.readdirSync(work)) {
    const destination = path.join(target, name);
    if (fs.existsSync(destination)) fs.renameSync(destination, path.join(trash, name));
    fs.renameSync(path.join(work, name), destination);
  }
  fs.rmSync(trash, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
}

export function removeWork(dataDir: string, rid: string, jobId: string): void {
  fs.rmSync(workDir(dataDir, rid, jobId), { recursive: true, force: true });
}
