import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

/** The conversion tools: where each one is and whether it is there. */
export type ToolName = 'ffmpeg' | 'ffprobe' | 'soffice' | 'pdftoppm' | 'pdfinfo';
export type ToolPaths = Record<ToolName, string>;

/** The configured commands; pdfinfo comes with pdftoppm (poppler-utils), so it sits beside it. */
export function toolPaths(config: Config): ToolPaths {
  const pdftoppm = config.PDFTOPPM_PATH;
  return {
    ffmpeg: config.FFMPEG_PATH,
    ffprobe: config.FFPROBE_PATH,
    soffice: config.SOFFICE_PATH,
    pdftoppm,
    pdfinfo: pdftoppm.includes('/') ? path.join(path.dirname(pdftoppm), 'pdfinfo') : 'pdfinfo',
  };
}

/** True when the command is an executable file: a path as given, or a bare name found on PATH. No process is started. */
export function isExecutable(command: string, envPath = process.env.PATH ?? ''): boolean {
  const candidates = command.includes('/')
    ? [path.resolve(command)]
    : envPath
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, command));
  return candidates.some((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** Which package brings each tool, for messages an administrator can act on. */
export const TOOL_PACKAGE: Record<ToolName, string> = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
  soffice: 'LibreOffice',
  pdftoppm: 'poppler-utils',
  pdfinfo: 'poppler-utils',
};

/** A tool run that failed: message is the tool's last words (trimmed stderr) or what went wrong around it. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly kind: 'failed' | 'missing' | 'timeout' | 'cancelled' = 'failed',
  ) {
    super(message);
  }
}

/** The last few non-empty lines of a tool's output, short enough for a status line. */
export function lastLines(text: string, lines = 4, maxChars = 600): string {
  const kept = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    // Drop noise (LibreOffice's java warning) and repeats, keep the last words.
    .filter((line, i, all) => line && !/javaldx/.test(line) && line !== all[i - 1])
    .slice(-lines)
    .join('\n');
  return kept.length > maxChars ? `…${kept.slice(-maxChars)}` : kept;
}

export interface RunOptions {
  /** The tool's name in messages. */
  name: string;
  timeoutMs: number;
  signal?: AbortSignal;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Told the pid of the started tool (its process group), so a later start can find it if we die. */
  track?: (pid: number, command: string) => void;
}

const KEEP_BYTES = 256 * 1024;

/**
 * Runs a tool with an argument array (never a shell), in its own process group so a timeout or a cancel kills it
 * and every child it started (soffice starts soffice.bin). Resolves with its output on exit code 0.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new ToolError('cancelled', 'cancelled'));
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    if (child.pid !== undefined) options.track?.(child.pid, command);
    let stdout = '';
    let stderr = '';
    let ended: ToolError | null = null;
    const keep = (text: string, chunk: Buffer) => (text + chunk.toString('utf8')).slice(-KEEP_BYTES);
    child.stdout.on('data', (chunk: Buffer) => (stdout = keep(stdout, chunk)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = keep(stderr, chunk)));

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      ended = new ToolError(`${options.name} timed out after ${Math.round(options.timeoutMs / 1000)} s`, 'timeout');
      killGroup();
    }, options.timeoutMs);
    const onAbort = () => {
      ended = new ToolError('cancelled', 'cancelled');
      killGroup();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanUp = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };

    child.on('error', (err: NodeJS.ErrnoException) => {
      cleanUp();
      if (err.code === 'ENOENT' || err.code === 'EACCES')
        reject(new ToolError(`${options.name} not installed`, 'missing'));
      else reject(new ToolError(`${options.name}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      cleanUp();
      if (ended) return reject(ended);
      if (code === 0) return resolve({ stdout, stderr });
      const said = lastLines(stderr) || lastLines(stdout);
      reject(new ToolError(said ? `${options.name}: ${said}` : `${options.name} exited with ${code ?? signal}`));
    });
  });
}
