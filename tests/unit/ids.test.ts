import { describe, expect, it } from 'vitest';
import { Snowflake, parseSnowflake, SNOWFLAKE_EPOCH } from '../../server/lib/ids';

describe('snowflake ids (spec 9: 12 sequence, 5 worker, 5 datacenter bits)', () => {
  it('packs time, datacenter, worker and sequence', () => {
    const at = Date.UTC(2026, 10, 22, 3, 0, 0);
    const ids = new Snowflake(3, 17, () => at);
    const first = ids.next();
    expect(parseSnowflake(first)).toEqual({ time: at, datacenterId: 3, workerId: 17, sequence: 0 });
    expect(parseSnowflake(ids.next()).sequence).toBe(1);
  });

  it('exceeds 2^53 and travels as a 19-digit decimal string', () => {
    const id = new Snowflake(0, 0).next();
    expect(id).toMatch(/^\d{19}$/);
    expect(BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('never repeats or goes down when the clock goes backwards', () => {
    let clock = Number(SNOWFLAKE_EPOCH) + 10_000_000;
    const ids = new Snowflake(1, 1, () => clock);
    const a = BigInt(ids.next());
    clock -= 5000; // the clock jumps five seconds back
    const b = BigInt(ids.next());
    const c = BigInt(ids.next());
    expect(b > a).toBe(true);
    expect(c > b).toBe(true);
    clock += 10_000; // and later moves on past the old time
    const d = BigInt(ids.next());
    expect(d > c).toBe(true);
    expect(parseSnowflake(d.toString()).sequence).toBe(0);
  });

  it('moves to the next millisecond when 4096 ids are taken in one', () => {
    const at = Number(SNOWFLAKE_EPOCH) + 42;
    const ids = new Snowflake(0, 2, () => at);
    const seen = new Set<string>();
    let last = 0n;
    for (let i = 0; i < 4096 * 2 + 5; i++) {
      const id = ids.next();
      expect(BigInt(id) > last).toBe(true);
      last = BigInt(id);
      seen.add(id);
    }
    expect(seen.size).toBe(4096 * 2 + 5);
    const parts = parseSnowflake(last.toString());
    expect(parts.time).toBe(at + 2);
    expect(parts.sequence).toBe(4);
  });

  it('refuses node ids outside 0-31', () => {
    expect(() => new Snowflake(32, 0)).toThrow(/datacenter/);
    expect(() => new Snowflake(0, -1)).toThrow(/worker/);
  });
});
