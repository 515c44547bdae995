import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_EVENTS,
  activityStatus,
  DEFAULT_IDLE_MS,
  idleAt,
  leaveIdleMs,
  nextReminderAt,
  reduceActivity,
  reminderDue,
  startActivity,
  studying,
  type ActivityEvent,
  type ReminderSettings,
} from '../../shared/rules/activity';

const T0 = 1_000_000;
const run = (events: ActivityEvent[], start = startActivity(T0)) => events.reduce(reduceActivity, start);

// Spec 4 'Activity detector': "active or idle; default idle 60000 ms, reset on mouse move, key up, touch start,
// scroll; a hidden tab counts as hidden." Spec 9: "default activity idle 60000 ms".
describe('activity detector (spec 4 Activity detector)', () => {
  it('default idle is 60000 ms and the reset events are the spec four', () => {
    expect(DEFAULT_IDLE_MS).toBe(60_000);
    expect([...ACTIVITY_EVENTS]).toEqual(['mousemove', 'keyup', 'touchstart', 'scroll']);
  });

  it.each([
    ['just started: active', [], T0, 'active'],
    ['59 999 ms without activity: active', [], T0 + 59_999, 'active'],
    ['exactly 60 000 ms without activity: idle', [], T0 + 60_000, 'idle'],
    ['activity at 30 s resets: active at 89 s', [{ type: 'activity', at: T0 + 30_000 }], T0 + 89_999, 'active'],
    ['activity at 30 s resets: idle at 90 s', [{ type: 'activity', at: T0 + 30_000 }], T0 + 90_000, 'idle'],
    [
      'an older activity event does not move the clock back',
      [
        { type: 'activity', at: T0 + 30_000 },
        { type: 'activity', at: T0 + 10_000 },
      ],
      T0 + 89_999,
      'active',
    ],
    ['hidden tab: hidden at once', [{ type: 'hidden', at: T0 + 1000 }], T0 + 1000, 'hidden'],
    [
      'activity while hidden does not count',
      [
        { type: 'hidden', at: T0 + 1000 },
        { type: 'activity', at: T0 + 2000 },
      ],
      T0 + 2000,
      'hidden',
    ],
    [
      'visible again counts as activity',
      [
        { type: 'hidden', at: T0 + 1000 },
        { type: 'visible', at: T0 + 500_000 },
      ],
      T0 + 559_999,
      'active',
    ],
    [
      'visible again, then idle after 60 s',
      [
        { type: 'hidden', at: T0 + 1000 },
        { type: 'visible', at: T0 + 500_000 },
      ],
      T0 + 560_000,
      'idle',
    ],
  ] as const)('%s', (_name, events, now, expected) => expect(activityStatus(run([...events]), now)).toBe(expected));

  it('a custom idle time', () => {
    expect(activityStatus(startActivity(T0), T0 + 5000, 5000)).toBe('idle');
    expect(idleAt(startActivity(T0), 5000)).toBe(T0 + 5000);
    expect(idleAt(startActivity(T0, true))).toBeNull();
    expect(activityStatus(startActivity(T0, true), T0)).toBe('hidden');
  });
});

// Spec 4 'Idle handling': "after an idle period a switch reminder dialog shows, or a leave reminder after
// leavetime minutes." Spec 9: "Idle time equals leavetime times 60 s".
describe('reminders (spec 4 Idle handling, spec 9 leavetime x 60 s)', () => {
  const leave = (leavetime: number): ReminderSettings => ({ leaveremind: true, switchremind: false, leavetime });
  const sw: ReminderSettings = { leaveremind: false, switchremind: true, leavetime: 1 };
  const both = (leavetime: number): ReminderSettings => ({ leaveremind: true, switchremind: true, leavetime });
  const none: ReminderSettings = { leaveremind: false, switchremind: false, leavetime: 1 };
  const hiddenAt = (t: number) => run([{ type: 'hidden', at: t }]);

  it.each([
    ['leavetime 5: nothing at 4 min 59.999 s', startActivity(T0), leave(5), T0 + 299_999, null],
    [
      'leavetime 5: the leave reminder at exactly 5 min',
      startActivity(T0),
      leave(5),
      T0 + 300_000,
      { kind: 'leave', minutes: 5 },
    ],
    [
      'leavetime 1: the leave reminder at 60 s',
      startActivity(T0),
      leave(1),
      T0 + 60_000,
      { kind: 'leave', minutes: 1 },
    ],
    ['leaveremind off: no leave reminder, however long', startActivity(T0), none, T0 + 3_600_000, null],
    ['time hidden counts as away', hiddenAt(T0 + 1000), leave(2), T0 + 120_000, { kind: 'leave', minutes: 2 }],
    [
      'events of a hidden tab do not hold the leave reminder off',
      run([
        { type: 'hidden', at: T0 + 1000 },
        { type: 'activity', at: T0 + 100_000 },
      ]),
      leave(2),
      T0 + 120_000,
      { kind: 'leave', minutes: 2 },
    ],
    ['switch reminder after the idle period (60 s)', startActivity(T0), sw, T0 + 60_000, { kind: 'switch' }],
    ['no switch reminder while active', startActivity(T0), sw, T0 + 59_999, null],
    [
      'switch reminder at once when the tab is hidden (switched away)',
      hiddenAt(T0 + 1000),
      sw,
      T0 + 1000,
      { kind: 'switch' },
    ],
    [
      'both on: switch first (idle), leave once leavetime is reached',
      startActivity(T0),
      both(3),
      T0 + 120_000,
      { kind: 'switch' },
    ],
    [
      'both on: leave wins once leavetime is reached',
      startActivity(T0),
      both(3),
      T0 + 180_000,
      { kind: 'leave', minutes: 3 },
    ],
    ['a leavetime of 0 falls back to 60 s', startActivity(T0), leave(0), T0 + 60_000, { kind: 'leave', minutes: 1 }],
  ] as const)('%s', (_name, state, settings, now, expected) =>
    expect(reminderDue(state, settings, now)).toEqual(expected),
  );

  it('activity dismisses the reminder and restarts the clock', () => {
    const state = run([{ type: 'activity', at: T0 + 300_000 }]);
    expect(reminderDue(state, leave(5), T0 + 300_001)).toBeNull();
    expect(reminderDue(state, leave(5), T0 + 600_000)).toEqual({ kind: 'leave', minutes: 5 });
  });

  it('when the next reminder can fall due', () => {
    expect(nextReminderAt(startActivity(T0), leave(5))).toBe(T0 + 300_000);
    expect(nextReminderAt(startActivity(T0), both(5))).toBe(T0 + 60_000);
    expect(nextReminderAt(hiddenAt(T0 + 7000), sw)).toBe(T0 + 7000);
    expect(nextReminderAt(startActivity(T0), none)).toBeNull();
    expect(leaveIdleMs(10)).toBe(600_000);
  });

  it('study pauses while a reminder is due, not merely because the mouse rests', () => {
    expect(studying(startActivity(T0), none, T0 + 3_600_000)).toBe(true);
    expect(studying(startActivity(T0), leave(1), T0 + 59_999)).toBe(true);
    expect(studying(startActivity(T0), leave(1), T0 + 60_000)).toBe(false);
  });
});
