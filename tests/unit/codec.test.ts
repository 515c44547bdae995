import { describe, expect, it } from 'vitest';
import { IdCodec } from '../../server/lib/codec';
import { Snowflake } from '../../server/lib/ids';

describe('encoded ids in URLs', () => {
  const courses = new IdCodec('secret-one-0123456789', 'course');

  it('round-trips snowflake ids and small ids', () => {
    const ids = new Snowflake(0, 0);
    for (const id of [ids.next(), ids.next(), '1', '0', '18446744073709551615']) {
      const code = courses.encode(id);
      expect(code).toMatch(/^[0-9A-Za-z]{1,11}$/);
      expect(courses.decode(code)).toBe(id);
    }
  });

  it('gives unrelated codes to neighbouring ids (not guessable as a counter)', () => {
    const a = courses.encode('1000');
    const b = courses.encode('1001');
    expect(a).not.toBe(b);
    let shared = 0;
    while (shared < a.length && a[shared] === b[shared]) shared++;
    expect(shared).toBeLessThan(4);
  });

  it('depends on the secret and the domain', () => {
    const id = '1862436014234112000';
    expect(new IdCodec('secret-two-0123456789', 'course').encode(id)).not.toBe(courses.encode(id));
    expect(new IdCodec('secret-one-0123456789', 'uid').encode(id)).not.toBe(courses.encode(id));
  });

  it('refuses garbage: other characters, too long, non-canonical spellings', () => {
    for (const garbage of ['', '../etc', 'abc$', 'x'.repeat(12), 'zzzzzzzzzzz', '0' + courses.encode('5')]) {
      expect(courses.decode(garbage)).toBeNull();
    }
  });
});
