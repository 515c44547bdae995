import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../server/lib/ttl-cache';

/** A load the test finishes when it wants: what was read, then the write that happened meanwhile. */
function pending<V>() {
  let finish!: (value: V) => void;
  const promise = new Promise<V>((resolve) => (finish = resolve));
  return { load: () => promise, finish };
}

describe('TtlCache: a load under way and the writes that happen meanwhile', () => {
  const cache = () => new TtlCache<string, string>(60_000, 10, () => 0);

  it('keeps what it loaded when another key was deleted meanwhile', async () => {
    const c = cache();
    const read = pending<string>();
    const loading = c.getOrLoad('a', read.load);
    c.delete('b');
    read.finish('a1');
    expect(await loading).toBe('a1');
    expect(c.get('a')).toBe('a1');
  });

  it('answers but does not keep what it loaded when its own key was deleted meanwhile', async () => {
    const c = cache();
    const read = pending<string>();
    const loading = c.getOrLoad('a', read.load);
    c.delete('a');
    read.finish('stale');
    expect(await loading).toBe('stale');
    expect(c.get('a')).toBeUndefined();
    // The next load starts after the write, and is kept.
    expect(await c.getOrLoad('a', async () => 'fresh')).toBe('fresh');
    expect(c.get('a')).toBe('fresh');
  });

  it('does not keep a load that overlapped a deletion of its key, though a later load of it began after', async () => {
    const c = cache();
    const first = pending<string>();
    const second = pending<string>();
    const one = c.getOrLoad('a', first.load);
    c.delete('a');
    const two = c.getOrLoad('a', second.load);
    second.finish('after');
    expect(await two).toBe('after');
    expect(c.get('a')).toBe('after');
    first.finish('before');
    expect(await one).toBe('before');
    expect(c.get('a')).toBe('after');
  });

  it('keeps no load that a clear or deleteWhere overlapped', async () => {
    for (const write of [
      (c: TtlCache<string, string>) => c.clear(),
      (c: TtlCache<string, string>) => c.deleteWhere(() => false),
    ]) {
      const c = cache();
      const read = pending<string>();
      const loading = c.getOrLoad('a', read.load);
      write(c);
      read.finish('a1');
      expect(await loading).toBe('a1');
      expect(c.get('a')).toBeUndefined();
    }
  });
});
