import { chapterTypesFor, type ResourceItem } from '../../../shared/schemas/resources';
import type { AppContext } from '../../context';
import type { ResourceRow, ResourceWithFile } from './resources.repository';

/**
 * What conversion wrote for a resource (files/derived/{rid}/..., see server/db/schema/media.ts), read leniently:
 * a malformed or missing value is simply absent.
 */
export interface Outputs {
  hls?: string;
  mp4?: string;
  poster?: string;
  /** A poster the administrator chose (resource/poster); wins over the converted one. */
  posterCustom?: string;
  audio?: string;
  pdf?: string;
  pages?: number;
  slides?: string[];
  thumb?: string;
  /** The slide (0-based) chosen as a presentation's cover (resource/ppt/cover). */
  cover?: number;
  width?: number;
  height?: number;
}

export interface SubtitleEntry {
  label: string;
  lang: string;
  path: string;
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function readOutputs(row: Pick<ResourceRow, 'outputs'>): Outputs {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.outputs);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  return {
    hls: str(raw.hls),
    mp4: str(raw.mp4),
    poster: str(raw.poster),
    posterCustom: str(raw.posterCustom),
    audio: str(raw.audio),
    pdf: str(raw.pdf),
    pages: typeof raw.pages === 'number' ? raw.pages : undefined,
    slides: Array.isArray(raw.slides)
      ? raw.slides.filter((slide): slide is string => typeof slide === 'string')
      : undefined,
    thumb: str(raw.thumb),
    cover: typeof raw.cover === 'number' ? raw.cover : undefined,
    width: typeof raw.width === 'number' ? raw.width : undefined,
    height: typeof raw.height === 'number' ? raw.height : undefined,
  };
}

export function readSubtitles(row: Pick<ResourceRow, 'subtitles'>): SubtitleEntry[] {
  try {
    const parsed: unknown = JSON.parse(row.subtitles);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (item): item is SubtitleEntry =>
          !!item && typeof item === 'object' && typeof (item as SubtitleEntry).path === 'string',
      )
      .map((item) => ({ label: String(item.label ?? ''), lang: String(item.lang ?? ''), path: item.path }));
  } catch {
    return [];
  }
}

/** The poster a video shows: the administrator's choice, else the converted frame. */
export const posterOf = (outputs: Outputs) => outputs.posterCustom ?? outputs.poster;

/** The derived (or 'source') path of a small picture of the resource, or null. */
export function thumbPath(row: Pick<ResourceRow, 'kind' | 'status'>, outputs: Outputs): string | null {
  switch (row.kind) {
    case 'image':
      return outputs.thumb ?? 'source';
    case 'video':
      return posterOf(outputs) ?? outputs.thumb ?? null;
    case 'ppt':
      return outputs.thumb ?? outputs.slides?.[0] ?? null;
    default:
      return outputs.thumb ?? null;
  }
}

/** A resource as the library lists it; thumb is a signed media URL. */
export function toResourceItem(
  ctx: AppContext,
  { resource, file }: ResourceWithFile,
  extra: { folderTitle: string; usedBy: number; prefix?: string },
): ResourceItem {
  const outputs = readOutputs(resource);
  const thumb = thumbPath(resource, outputs);
  const prefix = extra.prefix ?? ctx.mediaSigner.prefix(resource.id);
  return {
    rid: resource.id,
    title: resource.title,
    kind: resource.kind,
    chapterTypes: chapterTypesFor(resource.kind),
    ext: file.ext,
    name: file.name,
    size: file.size,
    status: resource.status,
    statusMessage: resource.statusMessage,
    duration: resource.duration,
    pages: outputs.pages ?? outputs.slides?.length ?? 0,
    createTime: resource.createdAt,
    category: { id: resource.categoryId, title: extra.folderTitle },
    thumb: thumb ? prefix + thumb : null,
    usedBy: extra.usedBy,
    subtitles: readSubtitles(resource).length,
    key: file.key,
  };
}
