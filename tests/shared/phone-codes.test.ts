import { describe, expect, it } from 'vitest';
import { checkOutcome, maskPhone, PHONE_CODES, PHONE_ERRORS, sendRefusal } from '../../shared/rules/phone-codes';

const t0 = 1_000_000_000;
const MIN = 60_000;
const HOUR = 60 * MIN;
const times = (count: number, start: number, step: number) => Array.from({ length: count }, (_, i) => start + i * step);

describe('phone codes: the limits', () => {
  it('names every limit in one place', () => {
    expect(PHONE_CODES).toMatchObject({
      digits: 6,
      ttlMs: 10 * MIN,
      maxTries: 5,
      resendMs: MIN,
      perNumberHour: 5,
      perNumberDay: 10,
      perAddressHour: 20,
    });
  });

  it.each([
    ['nothing sent yet', null, [], [], t0, null],
    ['resend after 59 s', t0, [t0], [t0], t0 + 59_000, { error: PHONE_ERRORS.resendTooSoon, retryAfter: 1 }],
    ['resend after 60 s', t0, [t0], [t0], t0 + MIN, null],
    ['4 to the number this hour', t0, times(4, t0 - 4 * MIN, MIN), [], t0 + MIN, null],
    [
      '5 to the number this hour',
      t0,
      times(5, t0 - 4 * MIN, MIN),
      [],
      t0 + MIN,
      { error: PHONE_ERRORS.numberThrottled, retryAfter: 55 * 60 },
    ],
    ['5 to the number, the oldest an hour ago', t0, times(5, t0 - HOUR + MIN, MIN), [], t0 + MIN, null],
    [
      '10 to the number today',
      t0 - 2 * HOUR,
      times(10, t0 - 20 * HOUR, HOUR),
      [],
      t0,
      { error: PHONE_ERRORS.numberThrottled, retryAfter: 4 * 3600 },
    ],
    ['9 to the number today', t0 - 2 * HOUR, times(9, t0 - 20 * HOUR, 2 * HOUR), [], t0, null],
    [
      '20 from the address this hour',
      t0 - 2 * MIN,
      [],
      times(20, t0 - 30 * MIN, MIN),
      t0,
      { error: PHONE_ERRORS.addressThrottled, retryAfter: 30 * 60 },
    ],
    ['19 from the address this hour', t0 - 2 * MIN, [], times(19, t0 - 30 * MIN, MIN), t0, null],
  ])('send: %s', (_name, last, numberTimes, addressTimes, now, expected) => {
    expect(sendRefusal({ lastForStudentOrNumber: last, numberTimes, addressTimes }, now)).toEqual(expected);
  });

  const code = (over: Partial<{ expiresAt: number; attempts: number; usedAt: number | null }> = {}) => ({
    expiresAt: t0 + 10 * MIN,
    attempts: 0,
    usedAt: null,
    ...over,
  });
  it.each([
    ['no code', undefined, true, t0, 'noCode'],
    ['used', code({ usedAt: t0 }), true, t0, 'noCode'],
    ['right', code(), true, t0, 'ok'],
    ['wrong', code(), false, t0, 'wrongCode'],
    ['right on the 5th try', code({ attempts: 4 }), true, t0, 'ok'],
    ['after 5 wrong tries', code({ attempts: 5 }), true, t0, 'tooManyTries'],
    ['right, but 10 minutes on', code(), true, t0 + 10 * MIN, 'expired'],
    ['right, a second before', code(), true, t0 + 10 * MIN - 1000, 'ok'],
  ])('check: %s', (_name, row, matches, now, expected) => {
    expect(checkOutcome(row, matches, now)).toBe(expected);
  });

  it.each([
    ['13800000001', '*******0001'],
    ['1234', '****'],
    ['+441234567890', '*********7890'],
  ])('masks %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});
