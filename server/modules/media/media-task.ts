import type { ToolName, ToolPaths } from './media-tools';

/** The conversion tasks, decided from a resource's kind (server/db/schema/media.ts). */
export type MediaTask = 'video' | 'audio' | 'office' | 'ppt' | 'pdf' | 'image';

const TASK_OF_KIND: Record<string, MediaTask | null> = {
  video: 'video',
  audio: 'audio',
  office: 'office',
  ppt: 'ppt',
  pdf: 'pdf',
  image: 'image',
  other: null,
};

/** The task for a resource kind; null when nothing is to be made ('other' is ready as uploaded). */
export const taskOfKind = (kind: string): MediaTask | null => TASK_OF_KIND[kind] ?? null;

/** The tools each task needs (images use sharp, which is a dependency of the server). */
export const TOOLS_OF_TASK: Record<MediaTask, ToolName[]> = {
  video: ['ffprobe', 'ffmpeg'],
  audio: ['ffprobe', 'ffmpeg'],
  office: ['soffice', 'pdfinfo', 'pdftoppm'],
  ppt: ['soffice', 'pdfinfo', 'pdftoppm'],
  pdf: ['pdfinfo', 'pdftoppm'],
  image: [],
};

/** What a task runner gets: the uploaded file, an empty work folder and the job's slot. */
export interface TaskInput {
  /** Absolute path of the uploaded original (read only). */
  source: string;
  /** Upper-cased extension of the original. */
  ext: string;
  /** Empty folder the outputs go to, named as in resources.outputs. */
  work: string;
  /** The concurrent slot this job holds (one LibreOffice profile per slot). */
  slot: number;
  dataDir: string;
  tools: ToolPaths;
  signal: AbortSignal;
  /** Records each tool started for this attempt (runTool's track), so a restart can kill what we left. */
  track?: (pid: number, command: string) => void;
}

/** What a task made: resources.outputs entries (paths relative to files/derived/{rid}/) and, for media, seconds. */
export interface TaskResult {
  outputs: Record<string, unknown>;
  duration?: number;
}
