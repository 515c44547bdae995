/** The redeem code rules (shared/rules/redeem-code): alphabet, shape, entropy, normalisation, throttle window. */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  entropyBits,
  formatCode,
  generateCode,
  isCodeShape,
  normaliseCode,
  recentFailures,
  waitSeconds,
} from '../../shared/rules/redeem-code';

describe('redeem codes', () => {
  it('uses an alphabet without confusable characters', () => {
    for (const confusable of ['0', 'O', '1', 'I', 'L']) expect(CODE_ALPHABET).not.toContain(confusable);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
    expect(CODE_ALPHABET).toMatch(/^[2-9A-Z]+$/);
  });

  it('carries at least 60 bits of randomness', () => {
    expect(entropyBits(CODE_ALPHABET.length, CODE_LENGTH)).toBeGreaterThanOrEqual(60);
    expect(entropyBits(32, 12)).toBe(60);
    expect(entropyBits(2, 59)).toBeLessThan(60);
  });

  it('draws every character from the source given, uniformly over the alphabet', () => {
    let i = 0;
    expect(generateCode(() => i++ % CODE_ALPHABET.length)).toBe(CODE_ALPHABET.slice(0, CODE_LENGTH));
    const counts = new Map<string, number>();
    for (let n = 0; n < 2000; n++)
      for (const char of generateCode(randomInt)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(CODE_ALPHABET.length);
    const expected = (2000 * CODE_LENGTH) / CODE_ALPHABET.length;
    for (const seen of counts.values()) expect(Math.abs(seen - expected) / expected).toBeLessThan(0.15);
  });

  it.each([
    ['abcd-efgh-jkmn-pqrs', 'ABCDEFGHJKMNPQRS'],
    ['  ABCD EFGH  JKMN\tPQRS ', 'ABCDEFGHJKMNPQRS'],
    ['abcd_efgh.jkmn—pqrs', 'ABCDEFGHJKMNPQRS'],
    ['ＡＢ', 'ＡＢ'],
  ])('normalises %j to %j', (typed, bare) => {
    expect(normaliseCode(typed)).toBe(bare);
  });

  it.each([
    ['ABCDEFGHJKMNPQRS', true],
    ['ABCDEFGHJKMNPQR', false],
    ['ABCDEFGHJKMNPQRST', false],
    ['ABCDEFGHJKMNPQR0', false],
    ['ABCDEFGHJKMNPQRO', false],
    ['ABCDEFGHJKMNPQRI', false],
    ['ABCDEFGHJKMNPQRL', false],
    ['', false],
  ])('the shape of %j is %s', (bare, ok) => {
    expect(isCodeShape(bare)).toBe(ok);
  });

  it('groups a code by four for reading, and a formatted code normalises back', () => {
    expect(formatCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    const code = generateCode(randomInt);
    expect(normaliseCode(formatCode(code))).toBe(code);
  });

  it('waits while the limit of failures lies in the window, until the oldest leaves it', () => {
    const window = 600_000;
    const times = [1_000, 2_000, 3_000];
    expect(waitSeconds(times, 4_000, window, 4)).toBe(0);
    expect(waitSeconds(times, 4_000, window, 3)).toBe(597);
    expect(waitSeconds(times, 601_500, window, 3)).toBe(0);
    expect(recentFailures(times, 601_500, window)).toEqual([2_000, 3_000]);
    expect(waitSeconds([...times, 4_000], 4_000, window, 3)).toBe(598);
  });
});
