import { describe, expect, it } from 'vitest';
import { attemptsLeft, examWindow, sittingDeadline, type ExamWindowInput } from '../../shared/rules/exam-window';

const NOW = 1_000_000;
const base: ExamWindowInput = { opensAt: null, closesAt: null, attempts: 1, used: 0, inProgress: false };

// An opening window, attempts allowed, one sitting at a time (see the rule's spec-silent choices).
describe('examWindow: may the student start now?', () => {
  it.each([
    ['no window, attempts left', {}, 'available'],
    ['opens later', { opensAt: NOW + 1 }, 'notOpen'],
    ['opens now', { opensAt: NOW }, 'available'],
    ['closed at now', { closesAt: NOW }, 'closed'],
    ['closes later', { opensAt: NOW - 10, closesAt: NOW + 10 }, 'available'],
    ['attempts used up', { attempts: 2, used: 2 }, 'noAttempts'],
    ['one attempt left of two', { attempts: 2, used: 1 }, 'available'],
    ['unlimited attempts', { attempts: 0, used: 50 }, 'available'],
    ['in progress comes first', { inProgress: true, used: 1, closesAt: NOW - 1 }, 'inProgress'],
    ['not open beats no attempts', { opensAt: NOW + 5, used: 1 }, 'notOpen'],
    ['closed beats no attempts', { closesAt: NOW - 5, used: 1 }, 'closed'],
  ] as const)('%s → %s', (_, change, state) => expect(examWindow({ ...base, ...change }, NOW)).toBe(state));
});

describe('attemptsLeft and sittingDeadline', () => {
  it.each([
    [1, 0, 1],
    [3, 1, 2],
    [2, 5, 0],
    [0, 9, null],
  ] as const)('attempts %s used %s → %s left', (attempts, used, left) =>
    expect(attemptsLeft(attempts, used)).toBe(left),
  );
  it.each([
    [0, 60, null, 60_000],
    [0, 60, 30_000, 30_000],
    [0, 60, 90_000, 60_000],
  ] as const)('start %s + %s s, closes %s → %s', (start, duration, closes, deadline) =>
    expect(sittingDeadline(start, duration, closes)).toBe(deadline),
  );
});
