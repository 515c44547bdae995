import { describe, expect, it } from 'vitest';
import {
  CREDIT_MAX_TENTHS,
  creditTenths,
  creditText,
  creditValue,
  formatCredit,
  parseCredit,
  zCredit,
} from '../../shared/rules/study-credits';

describe('study credits (shared/rules/study-credits)', () => {
  // [typed in the form, tenths or null when refused]
  it.each<[string, number | null]>([
    ['', 0],
    ['  ', 0],
    ['0', 0],
    ['2.5', 25],
    [' 2.5 ', 25],
    ['3', 30],
    ['03', 30],
    ['0.1', 1],
    ['99.9', 999],
    ['2.50', 25],
    ['12.0', 120],
    ['100', null],
    ['2.55', null],
    ['-1', null],
    ['+1', null],
    ['2,5', null],
    ['.5', null],
    ['2.', null],
    ['abc', null],
    ['1e1', null],
    ['２', null],
  ])('%j → %s tenths', (text, tenths) => {
    expect(parseCredit(text)).toBe(tenths);
  });

  // [tenths, as read, in the form]
  it.each<[number, string, string]>([
    [0, '0', ''],
    [1, '0.1', '0.1'],
    [25, '2.5', '2.5'],
    [30, '3', '3'],
    [105, '10.5', '10.5'],
    [999, '99.9', '99.9'],
  ])('%s tenths read %s, the form shows %j', (tenths, text, form) => {
    expect(formatCredit(tenths)).toBe(text);
    expect(creditText(tenths)).toBe(form);
    expect(parseCredit(text)).toBe(tenths);
  });

  it('calls carry 0 to 99.9 in steps of 0.1; stored as whole tenths without binary noise', () => {
    for (const value of [0, 0.1, 0.2, 0.3, 2.5, 12, 99.9])
      expect(zCredit.safeParse(value).success, `${value}`).toBe(true);
    for (const value of [-0.1, 100, 99.95, 2.55, 0.05, Number.NaN, Number.POSITIVE_INFINITY])
      expect(zCredit.safeParse(value).success, `${value}`).toBe(false);
    for (const value of ['2.5', null, true]) expect(zCredit.safeParse(value).success).toBe(false);
    expect(creditTenths(0.1)).toBe(1);
    expect(creditTenths(0.3)).toBe(3);
    expect(creditTenths(99.9)).toBe(CREDIT_MAX_TENTHS);
    // A sum in tenths divided once is exact where floating point is not.
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(creditValue(creditTenths(0.1) + creditTenths(0.2))).toBe(0.3);
  });
});
