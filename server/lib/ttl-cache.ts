import type { MaybePromise } from './sequential';

/**
 * A small in-memory map whose entries live for a fixed time, capped in size (the oldest entries go first).
 * For hot per-request reads of one process; every write that changes the source must delete the entry,
 * the lifetime only bounds what a forgotten path could leave stale.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** Counts clears: a value loaded while one happened may predate it and is not kept. */
  private generation = 0;
  /** Loads under way, per key, and whether the key was deleted since each began. */
  private readonly loading = new Map<K, { count: number; deleted: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): V {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    return value;
  }

  /**
   * The cached value, or the loaded one (cached unless undefined). A load awaits its reads, so a write may
   * delete entries meanwhile: what was loaded then answers this caller but is not kept.
   */
  getOrLoad(key: K, load: () => Promise<V | undefined>): MaybePromise<V | undefined> {
    const hit = this.get(key);
    return hit !== undefined ? hit : this.load(key, load);
  }

  /**
   * A deletion of this key, or a clear, while the load ran means what it read may predate the write: it answers
   * this caller but is not kept. Deletions of other keys leave it alone (a busy feed of changes to other
   * students must not keep every load out of the cache).
   */
  private async load(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const generation = this.generation;
    let under = this.loading.get(key);
    if (!under) this.loading.set(key, (under = { count: 0, deleted: 0 }));
    under.count++;
    const deleted = under.deleted;
    try {
      const value = await load();
      if (value === undefined || generation !== this.generation || deleted !== under.deleted) return value;
      return this.set(key, value);
    } finally {
      if (--under.count === 0 && this.loading.get(key) === under) this.loading.delete(key);
    }
  }

  delete(key: K): void {
    const under = this.loading.get(key);
    if (under) under.deleted++;
    this.entries.delete(key);
  }

  /** Deletes every entry whose value matches (and keeps no load under way: its value is not known yet). */
  deleteWhere(match: (value: V, key: K) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (match(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
