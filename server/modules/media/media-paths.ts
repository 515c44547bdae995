import fs from 'node:fs';
import path from 'node:path';
import { killRecordedTools, recordFileOf, recordFilesIn, type ToolRecord, waitUntilGone } from './leftover-tools';

/**
 * Where conversions read and write, all under DATA_DIR (the storage layout):
 *   files/derived/{rid}/...                      what a resource's viewers fetch (listed in resources.outputs)
 *   files/derived/{rid}.tmp-{jobId}-{run}/       one attempt in progress: never served, renamed into place when
 *                                                complete; {run} is new for every attempt, so an attempt never
 *                                                shares its folder with a tool an earlier one left running
 *   files/derived/{rid}.tmp-{jobId}-{run}.pids   the tools that attempt started (leftover-tools.ts)
 *   files/derived/{rid}.old-{jobId}-{run}/       the entries a new conversion replaces, removed right after
 *   tmp/lo-{slot}/                               one LibreOffice profile per concurrent slot
 */
export const derivedRoot = (dataDir: string) => path.join(dataDir, 'files', 'derived');
export const derivedDir = (dataDir: string, rid: string) => path.join(derivedRoot(dataDir), rid);
/** One run of a job: its id and a number new for every run (a job put back after a crash runs under a new one). */
export interface Attempt {
  jobId: string;
  run: string;
}
export const workDir = (dataDir: string, rid: string, attempt: Attempt) =>
  path.join(derivedRoot(dataDir), `${rid}.tmp-${attempt.jobId}-${attempt.run}`);
export const officeProfileDir = (dataDir: string, slot: number) => path.join(dataDir, 'tmp', `lo-${slot}`);

/** What attempts leave under files/derived (older releases named the folder without the run); group 2: the job. */
const LEFTOVER = /^\d+\.(tmp|old)-(\d+)(-\d+)?(\.pids)?$/;

/** The absolute path of an uploaded file from its key in the files table; refuses a key that leaves files/. */
export function sourcePath(dataDir: string, key: string): string {
  const filesRoot = path.join(dataDir, 'files');
  const full = path.resolve(dataDir, key);
  if (!full.startsWith(filesRoot + path.sep)) throw new Error(`file key outside the files folder: ${key}`);
  return full;
}

/**
 * At queue start, what a stopped process left: first the tools its attempts recorded that still run (killed, and
 * waited for, so none writes while its folder goes), then the half-done folders and their records. The jobs in
 * `busy` are left alone: several nodes may share the data folder (PostgreSQL), and another live node's attempt
 * under way writes into its own folder with its own tools.
 */
export async function removeLeftovers(
  dataDir: string,
  busy: ReadonlySet<string> = new Set(),
): Promise<{ removed: string[]; killed: ToolRecord[] }> {
  const root = derivedRoot(dataDir);
  const ours = (name: string) => {
    const job = LEFTOVER.exec(name)?.[2];
    return job !== undefined && !busy.has(job);
  };
  const killed = recordFilesIn(root)
    .filter((file) => ours(path.basename(file)))
    .flatMap((file) => killRecordedTools(file));
  if (killed.length) await waitUntilGone(killed);
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return { removed: [], killed };
  }
  const removed = names.filter(ours);
  for (const name of removed) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  return { removed, killed };
}

/** A fresh, empty work folder for an attempt (its name is new, so nothing else writes there). */
export function freshWorkDir(dataDir: string, rid: string, attempt: Attempt): string {
  const dir = workDir(dataDir, rid, attempt);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Moves each top-level entry of a finished work folder into files/derived/{rid}/, one rename each, so a viewer sees
 * either the old file or the complete new one. Entries the job did not make (subtitles, a custom poster) stay.
 */
export function publishWork(dataDir: string, rid: string, attempt: Attempt): void {
  const work = workDir(dataDir, rid, attempt);
  const target = derivedDir(dataDir, rid);
  const trash = path.join(derivedRoot(dataDir), `${rid}.old-${attempt.jobId}-${attempt.run}`);
  fs.mkdirSync(target, { recursive: true });
  fs.rmSync(trash, { recursive: true, force: true });
  fs.mkdirSync(trash);
  for (const name of fs.readdirSync(work)) {
    const destination = path.join(target, name);
    if (fs.existsSync(destination)) fs.renameSync(destination, path.join(trash, name));
    fs.renameSync(path.join(work, name), destination);
  }
  fs.rmSync(trash, { recursive: true, force: true });
  removeWork(dataDir, rid, attempt);
}

/** Removes an attempt's folder and its record of tools (they have all ended by then). */
export function removeWork(dataDir: string, rid: string, attempt: Attempt): void {
  const work = workDir(dataDir, rid, attempt);
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(recordFileOf(work), { force: true });
}
