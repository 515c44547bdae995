import * as z from 'zod';
import type { ViewerKind, WareStatus, WareUrls } from '../../../shared/schemas/learning';
import { CHAPTER_TYPE } from '../../../shared/schemas/chapters';
import type { WareResource } from './learning.repository';

/** A path under files/derived/{rid}/ as the conversion jobs write them: relative, no '..', plain characters. */
const zDerivedPath = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_./-]*$/)
  .refine((value) => !value.split('/').includes('..'));

/** resources.outputs (server/db/schema/media.ts); anything unreadable is left out rather than trusted. */
const zOutputs = z.object({
  hls: zDerivedPath.optional().catch(undefined),
  mp4: zDerivedPath.optional().catch(undefined),
  poster: zDerivedPath.optional().catch(undefined),
  audio: zDerivedPath.optional().catch(undefined),
  pdf: zDerivedPath.optional().catch(undefined),
  thumb: zDerivedPath.optional().catch(undefined),
  pages: z.number().int().nonnegative().optional().catch(undefined),
  slides: z.array(zDerivedPath).optional().catch(undefined),
  width: z.number().int().nonnegative().optional().catch(undefined),
  height: z.number().int().nonnegative().optional().catch(undefined),
});
export type Outputs = z.infer<typeof zOutputs>;

const zSubtitles = z.array(z.object({ label: z.string().max(100), lang: z.string().max(35), path: zDerivedPath }));

function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export const readOutputs = (text: string): Outputs => parseJson(text, zOutputs, {});
export const readSubtitles = (text: string) => parseJson(text, zSubtitles, []);

/**
 * Which viewer shows a chapter: exercises and exams by the chapter kind, image-text chapters are read as
 * text (graphic), everything else by what its resource is. A presentation without slide images but with
 * its PDF is shown as a document; a resource of no viewable kind can only be downloaded ('file').
 */
export function viewerKind(chapterType: number, resource: WareResource | null, outputs: Outputs): ViewerKind {
  if (chapterType === CHAPTER_TYPE.exercise) return 'exercise';
  if (chapterType === CHAPTER_TYPE.exam) return 'exam';
  if (chapterType === CHAPTER_TYPE.imageText) return 'graphic';
  if (!resource) return 'none';
  switch (resource.kind) {
    case 'video':
    case 'audio':
    case 'pdf':
    case 'office':
    case 'image':
      return resource.kind;
    case 'ppt':
      return !outputs.slides?.length && outputs.pdf ? 'office' : 'ppt';
    default:
      return 'file';
  }
}

/** The signed addresses of a resource's files under one /media prefix (only those it has). */
export function wareUrls(prefix: string, resource: WareResource, outputs: Outputs): WareUrls {
  const at = (path: string | undefined) => (path ? prefix + path : undefined);
  const urls: WareUrls = {
    source: prefix + 'source',
    hls: at(outputs.hls),
    mp4: at(outputs.mp4),
    poster: at(outputs.poster),
    audio: at(outputs.audio),
    thumb: at(outputs.thumb),
    pdf: resource.kind === 'pdf' ? (at(outputs.pdf) ?? prefix + 'source') : at(outputs.pdf),
    slides: (outputs.slides ?? []).map((path) => prefix + path),
  };
  return Object.fromEntries(Object.entries(urls).filter(([, value]) => value !== undefined)) as WareUrls;
}

/** Ware info's path (spec 3): the file the viewer opens first. */
export function mainPath(kind: ViewerKind, urls: WareUrls): string {
  switch (kind) {
    case 'video':
      return urls.hls ?? urls.mp4 ?? urls.source ?? '';
    case 'audio':
      return urls.audio ?? urls.source ?? '';
    case 'pdf':
    case 'office':
      return urls.pdf ?? '';
    case 'ppt':
      return urls.slides[0] ?? urls.pdf ?? '';
    case 'image':
    case 'file':
      return urls.source ?? '';
    default:
      return '';
  }
}

/** The resource's state as the viewer reads it; 'missing' without a usable resource. */
export function wareStatus(resource: WareResource | null): WareStatus {
  return resource ? resource.status : 'missing';
}
