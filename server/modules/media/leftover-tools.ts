import fs from 'node:fs';
import path from 'node:path';

/**
 * Tools a killed server left running. Each tool runs in its own process group (runTool), so when the server dies
 * with kill -9 nothing stops it: ffmpeg goes on writing into the attempt's folder. Every tool started for an
 * attempt is recorded beside that folder ({attempt}.pids: one JSON line per tool with its pid, which is also its
 * process group, and its start time from /proc), and the next start kills the groups that are still ours.
 *
 * "Still ours" is decided by the start time, not by the pid alone: pids are reused, but a pid with the same start
 * time (in clock ticks since boot) is the very process we started. When the group's leader is gone but members
 * remain (soffice.bin under soffice), the group is still ours: Linux does not reuse a pid as long as any process
 * of its group lives. Where /proc is missing (not Linux), nothing can be checked and nothing is killed.
 */

export interface ToolRecord {
  pid: number;
  /** Clock ticks after boot when the process started (/proc/{pid}/stat field 22). */
  start: string;
  command: string;
}

interface ProcStat {
  state: string;
  pgid: number;
  start: string;
}

/** A process's state, group and start time from /proc, or null when there is no such process (or no /proc). */
export function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', pgid: Number(fields[2]), start: fields[19] ?? '' };
}

const isLive = (stat: ProcStat | null): stat is ProcStat => stat !== null && stat.state !== 'Z' && stat.state !== 'X';

/** The record file of an attempt's work folder. */
export const recordFileOf = (workFolder: string) => `${workFolder}.pids`;

/** Appends a started tool to the attempt's record; synchronous, so it is on disk before the tool can do much. */
export function recordTool(recordFile: string, pid: number, command: string): void {
  const stat = procStat(pid);
  if (!stat) return;
  const record: ToolRecord = { pid, start: stat.start, command };
  fs.appendFileSync(recordFile, `${JSON.stringify(record)}\n`);
}

export function readRecords(recordFile: string): ToolRecord[] {
  let text: string;
  try {
    text = fs.readFileSync(recordFile, 'utf8');
  } catch {
    return [];
  }
  const records: ToolRecord[] = [];
  for (const line of text.split('\n')) {
    try {
      const value = JSON.parse(line) as ToolRecord;
      if (Number.isInteger(value.pid) && value.pid > 1 && typeof value.start === 'string') records.push(value);
    } catch {
      // a line cut by the crash
    }
  }
  return records;
}

/** The live processes of a process group (every pid under /proc whose group it is). */
function groupMembers(pgid: number): number[] {
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  return names
    .filter((name) => {
      if (!/^\d+$/.test(name)) return false;
      const stat = procStat(Number(name));
      return isLive(stat) && stat.pgid === pgid;
    })
    .map(Number);
}

/** Whether the recorded tool's process group still runs and is the one we started. */
export function isOurLiveGroup(record: ToolRecord): boolean {
  const leader = procStat(record.pid);
  if (leader) {
    if (leader.start !== record.start) return false; // the pid now names another process
    if (leader.pgid !== record.pid) return false;
    return isLive(leader) || groupMembers(record.pid).length > 0;
  }
  return groupMembers(record.pid).length > 0;
}

/** Kills the recorded groups that are still ours; answers the records it killed. */
export function killRecordedTools(recordFile: string): ToolRecord[] {
  const killed: ToolRecord[] = [];
  for (const record of readRecords(recordFile)) {
    if (!isOurLiveGroup(record)) continue;
    try {
      process.kill(-record.pid, 'SIGKILL');
      killed.push(record);
    } catch {
      // gone meanwhile
    }
  }
  return killed;
}

/** Waits until none of these groups has a live member (a killed process is gone at once, but not synchronously). */
export async function waitUntilGone(records: ToolRecord[], timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (records.every((record) => groupMembers(record.pid).length === 0)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The record files beside attempt folders under a folder. */
export function recordFilesIn(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.pids'))
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}
