import { describe, expect, it } from 'vitest';
import { licenceNotice, licenceTime } from '../../shared/rules/licence';

describe('licenceTime: when a licence starts and ends', () => {
  it.each([
    [1_700_000_000_000, 'expiry', 1_700_000_000_000],
    ['2027-03-31', 'expiry', new Date(2027, 3, 1).getTime()],
    ['2027-12-31', 'expiry', new Date(2028, 0, 1).getTime()],
    ['2027-03-31', 'issue', new Date(2027, 2, 31).getTime()],
    ['2027-03-31T12:00:00Z', 'expiry', Date.UTC(2027, 2, 31, 12)],
    ['2027-02-30', 'expiry', null],
    ['soon', 'expiry', null],
  ] as const)('%s as %s → %s', (when, kind, expected) => {
    expect(licenceTime(when, kind)).toBe(expected);
  });
});

describe('licenceNotice: the back-office notice', () => {
  it.each([
    [{ trial: true, expired: false, seats: { limit: 100, used: 3 } }, 'trial'],
    [{ trial: false, expired: true, seats: { limit: 100, used: 3 } }, 'expired'],
    [{ trial: false, expired: false, seats: { limit: 100, used: 89 } }, null],
    [{ trial: false, expired: false, seats: { limit: 100, used: 90 } }, 'nearLimit'],
    [{ trial: false, expired: false, seats: { limit: 5, used: 3 } }, null],
    [{ trial: false, expired: false, seats: { limit: 5, used: 4 } }, 'nearLimit'],
    [{ trial: false, expired: false, seats: { limit: 3, used: 5 } }, 'nearLimit'],
  ] as const)('%j → %s', (status, expected) => {
    expect(licenceNotice(status)).toBe(expected);
  });
});
