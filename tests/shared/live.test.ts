import { describe, expect, it } from 'vitest';
import { attendanceCredit, publishRefusal, sessionToShow, type LiveWindow } from '../../shared/rules/live';

const MIN = 60_000;
const HOUR = 60 * MIN;
// A session from 10:00 to 11:00 (as minutes since midnight × MIN), publishing allowed 30 minutes either side.
const window = { startAt: 600 * MIN, endAt: 660 * MIN, status: 'scheduled' as const, publishing: false };
const MARGIN = 30 * MIN;

describe('who may publish on a session key (issue 17: refused outside the window plus a margin, or when busy)', () => {
  it.each<[string, Partial<typeof window>, number, Awaited<ReturnType<typeof publishRefusal>>]>([
    ['31 minutes before the start is early', {}, 569 * MIN, 'early'],
    ['30 minutes before the start may publish', {}, 570 * MIN, null],
    ['during the session may publish', {}, 630 * MIN, null],
    ['30 minutes after the end may still publish', {}, 690 * MIN, null],
    ['31 minutes after the end is late', {}, 691 * MIN, 'late'],
    ['a second publisher while one is live is busy', { status: 'live', publishing: true } as never, 630 * MIN, 'busy'],
    ['busy wins over early', { publishing: true }, 500 * MIN, 'busy'],
    ['a stream that dropped may publish again', { status: 'live' } as never, 630 * MIN, null],
    ['a stream that stopped may publish again within the window', { status: 'ended' } as never, 640 * MIN, null],
    ['a stream that stopped may not come back after the window', { status: 'ended' } as never, 700 * MIN, 'late'],
  ])('%s', (_name, change, now, expected) => {
    expect(publishRefusal({ ...window, ...change }, now, MARGIN)).toBe(expected);
  });
});

describe('the session a live page shows', () => {
  const at = (h: number, status: LiveWindow['status'], id: string) => ({
    id,
    startAt: h * HOUR,
    endAt: h * HOUR + HOUR,
    status,
  });
  it.each<[string, Awaited<ReturnType<typeof at>>[], number, string | null]>([
    ['none when there are no sessions', [], 10 * HOUR, null],
    [
      'the live one, even before later scheduled ones',
      [at(9, 'ended', 'a'), at(10, 'live', 'b'), at(8, 'scheduled', 'c')],
      10 * HOUR,
      'b',
    ],
    ['else the next scheduled one', [at(14, 'scheduled', 'late'), at(12, 'scheduled', 'soon')], 10 * HOUR, 'soon'],
    ['a scheduled one still in its window counts', [at(9, 'scheduled', 'now')], 9.5 * HOUR, 'now'],
    [
      'a scheduled one past its end does not',
      [at(7, 'scheduled', 'missed'), at(8, 'ended', 'done')],
      10 * HOUR,
      'done',
    ],
    ['else the latest that ended (its replay)', [at(7, 'ended', 'old'), at(9, 'ended', 'new')], 10 * HOUR, 'new'],
  ])('%s', (_name, sessions, now, expected) => {
    expect(sessionToShow(sessions, now)?.id ?? null).toBe(expected);
  });
});

describe('attendance credit of a live-page beat (bounded by wall time, only while live)', () => {
  it.each<[string, number | null, number, boolean, number]>([
    ['the first beat credits nothing', null, 30_000, true, 0],
    ['a beat 30 s after the last credits 30 s', 0, 30_000, true, 30],
    ['a beat after a long silence credits one interval at most', 0, 600_000, true, 45],
    ['nothing while the stream is not live', 0, 30_000, false, 0],
    ['a clock that went back credits nothing', 30_000, 0, true, 0],
    ['part seconds are dropped', 0, 29_999, true, 29],
  ])('%s', (_name, previous, now, live, expected) => {
    expect(attendanceCredit(previous, now, live, 45)).toBe(expected);
  });
});
