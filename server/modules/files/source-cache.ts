import type { AppContext } from '../../context';
import { resourceSource } from '../uploads/files.repository';

/**
 * The rid → uploaded file lookup of /media/{token}/{rid}/source, cached in memory so that a range request
 * reads no database. Entries go when the file is removed (removeFile) or the resource is deleted
 * (forgetResourceSource); the cache is per app and bounded.
 */
export interface SourceEntry {
  key: string;
  fileId: string;
  originalName: string;
  /** Where the upload is, and so the resource's derived files (server/modules/media/media-store.ts). */
  storage: 'local' | 's3';
}

const MAX_ENTRIES = 20_000;
/** A soft-deleted resource whose delete did not call forgetResourceSource still stops being served after this. */
const TTL_MS = 60_000;
const caches = new WeakMap<AppContext, Map<string, SourceEntry & { cachedAt: number }>>();

function cacheOf(ctx: AppContext) {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

/** The uploaded file of a live resource, or null (unknown or deleted resource). */
export async function sourceOf(ctx: AppContext, rid: string): Promise<SourceEntry | null> {
  const cache = cacheOf(ctx);
  const hit = cache.get(rid);
  const now = Date.now();
  if (hit && now - hit.cachedAt < TTL_MS) return hit;
  const row = await resourceSource(ctx.db, rid);
  const entry =
    row && !row.deleted
      ? { key: row.key, fileId: row.fileId, originalName: row.originalName, storage: row.storage }
      : null;
  // Only found sources are cached: a resource created later must not stay a cached miss.
  if (!entry) cache.delete(rid);
  else {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(rid, { ...entry, cachedAt: now });
  }
  return entry;
}

/** Forget a resource's cached source (call when a resource is deleted or its file replaced). */
export function forgetResourceSource(ctx: AppContext, rid: string): void {
  cacheOf(ctx).delete(rid);
}

/** Forget every cached source that points at this file. */
export function forgetFileSources(ctx: AppContext, fileId: string): void {
  const cache = cacheOf(ctx);
  for (const [rid, entry] of cache) if (entry?.fileId === fileId) cache.delete(rid);
}
