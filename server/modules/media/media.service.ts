import type { AppContext } from '../../context';

/**
 * Conversion on the server (issue 4 'Conversion on the server'): what other modules call.
 * Callers authorise first (the resource belongs to the admin's school); these functions take a resource id
 * that is already known to be allowed.
 */

/** Which conversion tools this machine has (probed once per app, cached; retryConversion probes again). */
export type MediaTools = { ffmpeg: boolean; ffprobe: boolean; soffice: boolean; pdftoppm: boolean; pdfinfo: boolean; sharp: boolean };

export type ConversionStatus = {
  status: 'ready' | 'queued' | 'converting' | 'failed' | 'unconverted';
  statusMessage: string;
  duration: number;
  outputs: Record<string, unknown>;
  job: { id: string; task: string; state: 'queued' | 'running' | 'done' | 'failed'; attempts: number; maxAttempts: number; error: string; startedAt: number | null; finishedAt: number | null } | null;
};

/**
 * Queues the conversion a resource's kind calls for (video, audio, office, ppt, pdf, image); 'other' is ready at once.
 * Sets the resource 'queued' (or 'unconverted' naming the missing tool), inserts the job and wakes the queue.
 */
export function enqueueConversion(_ctx: AppContext, _resourceId: string): void {
  throw new Error('not yet');
}

export function mediaTools(_ctx: AppContext): MediaTools {
  throw new Error('not yet');
}

/** The resource's status with its latest job, or null when there is no such resource. */
export function conversionStatus(_ctx: AppContext, _resourceId: string): ConversionStatus | null {
  throw new Error('not yet');
}

/** Admin action after a failure (or once a missing tool is installed): probes the tools again and queues anew. */
export function retryConversion(_ctx: AppContext, _resourceId: string): ConversionStatus | null {
  throw new Error('not yet');
}

/** On resource delete: drops queued jobs and kills a running one; resolves once its process is gone. */
export async function cancelConversion(_ctx: AppContext, _resourceId: string): Promise<void> {
  throw new Error('not yet');
}

/** Spec 9 'Image watermark: top-right, offset 50 px, opacity 50': an image (Buffer) or a text mark over the input; JPEG/PNG out as the input. */
export async function watermarkImage(_input: Buffer, _mark: Buffer | string): Promise<Buffer> {
  throw new Error('not yet');
}
