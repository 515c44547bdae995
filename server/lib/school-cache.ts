import { createHash } from 'node:crypto';
import type { MaybePromise } from './sequential';

type Entry = { version: number; etag: string; body: string };

/**
 * Rendered replies of a school's public catalogue, kept until the next write to that school's
 * catalogue (courses, categories, chapters, columns, articles, tags, home setting). Every write
 * calls bump(schoolId); reads use get() and answer conditional requests with the ETag.
 */
export class SchoolCache {
  private readonly versions = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();

  /** schoolExists: whether a school id is known (given by app.ts, so this lib imports no domain module). */
  constructor(
    readonly schoolExists: (schoolId: string) => Promise<boolean> = async () => true,
    private readonly maxEntries = 5000,
  ) {}

  /** Told of each bump made here (app.ts: on PostgreSQL, the other nodes are told too). */
  onBump: ((schoolId: string) => void) | null = null;

  /** Marks everything cached for the school as stale (told: the bump was another node's). */
  bump(schoolId: string, told = false): void {
    this.versions.set(schoolId, (this.versions.get(schoolId) ?? 0) + 1);
    if (!told) this.onBump?.(schoolId);
  }

  /** The school's catalogue version: it changes with every bump (replies kept elsewhere compare it). */
  version(schoolId: string): number {
    return this.versions.get(schoolId) ?? 0;
  }

  /**
   * The cached JSON text and its ETag for a key of the school, computing it when stale. The entry keeps the
   * version read before computing: a write meanwhile leaves it stale for the next read.
   */
  get(schoolId: string, key: string, compute: () => unknown): MaybePromise<Entry> {
    const version = this.versions.get(schoolId) ?? 0;
    const cacheKey = `${schoolId}\u0000${key}`;
    const hit = this.entries.get(cacheKey);
    return hit && hit.version === version ? hit : this.compute(cacheKey, version, compute);
  }

  private async compute(cacheKey: string, version: number, compute: () => unknown): Promise<Entry> {
    const body = JSON.stringify(await compute());
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry = { version, etag, body };
    this.entries.set(cacheKey, entry);
    return entry;
  }
}
