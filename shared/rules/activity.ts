/**
 * The activity detector and the idle reminders of the study pages, as pure functions of timestamps (spec 3
 * 'Course settings' switchremind, leaveremind, leavetime; spec 4 'Idle handling', 'Activity detector';
 * spec 9 "Idle time equals leavetime times 60 s; default activity idle 60000 ms").
 *
 * Spec 4 'Activity detector': "active or idle; default idle 60000 ms, reset on mouse move, key up, touch
 * start, scroll; a hidden tab counts as hidden."
 * Spec 4 'Idle handling': "after an idle period a switch reminder dialog shows, or a leave reminder after
 * leavetime minutes. A heartbeat runs while learning."
 *
 * The web hook feeds events with their time (activity, hidden, visible) and asks at any instant for the
 * status and the reminder due. Choices where the spec is silent:
 * - Status is 'hidden' while the tab is hidden, else 'idle' once idleMs has passed since the last activity
 *   (at exactly idleMs it is idle), else 'active'.
 * - Coming back to a hidden tab counts as activity (the student is looking again).
 * - The leave reminder is due when leaveremind is on and no activity came for leavetime x 60 s (time hidden
 *   counts as away); otherwise the switch reminder is due when switchremind is on and the detector is not
 *   active (idle after idleMs, or the tab hidden: the student switched away). Leave wins over switch.
 * - Activity events older than the last one are ignored (events may arrive out of order).
 */

/** Spec 9: default activity idle 60000 ms. */
export const DEFAULT_IDLE_MS = 60_000;
/** Spec 4: the DOM events that reset the detector. */
export const ACTIVITY_EVENTS = ['mousemove', 'keyup', 'touchstart', 'scroll'] as const;

export type ActivityStatus = 'active' | 'idle' | 'hidden';

export interface ActivityState {
  /** Time (ms) of the last activity, or of the start. */
  lastActivity: number;
  hidden: boolean;
  /** When the tab was hidden (ms), null when visible. */
  hiddenSince: number | null;
}

export type ActivityEvent =
  | { type: 'activity'; at: number }
  | { type: 'hidden'; at: number }
  | { type: 'visible'; at: number };

/** The detector at the start of a study page (active, visible unless told otherwise). */
export function startActivity(now: number, hidden = false): ActivityState {
  return { lastActivity: now, hidden, hiddenSince: hidden ? now : null };
}

/** One event: activity resets the idle clock; hidden marks the tab hidden; visible clears it and resets. */
export function reduceActivity(state: ActivityState, event: ActivityEvent): ActivityState {
  switch (event.type) {
    case 'activity':
      if (state.hidden || event.at <= state.lastActivity) return state;
      return { ...state, lastActivity: event.at };
    case 'hidden':
      if (state.hidden) return state;
      return { ...state, hidden: true, hiddenSince: event.at };
    case 'visible':
      if (!state.hidden) return state;
      return { lastActivity: Math.max(state.lastActivity, event.at), hidden: false, hiddenSince: null };
  }
}

/** Spec 4: active, idle (no activity for idleMs) or hidden (the tab is hidden). */
export function activityStatus(state: ActivityState, now: number, idleMs = DEFAULT_IDLE_MS): ActivityStatus {
  if (state.hidden) return 'hidden';
  return now - state.lastActivity >= idleMs ? 'idle' : 'active';
}

/** When the detector turns idle if nothing happens (ms); null while hidden. For the web hook's timer. */
export function idleAt(state: ActivityState, idleMs = DEFAULT_IDLE_MS): number | null {
  return state.hidden ? null : state.lastActivity + idleMs;
}

/** The course settings the reminders read (spec 3 'Course settings'). */
export interface ReminderSettings {
  switchremind: boolean;
  leaveremind: boolean;
  /** Minutes. */
  leavetime: number;
}

/** Spec 9: "Idle time equals leavetime times 60 s"; a missing or non-positive leavetime falls back to 60000 ms. */
export function leaveIdleMs(leavetime: number): number {
  return Number.isFinite(leavetime) && leavetime > 0 ? leavetime * 60_000 : DEFAULT_IDLE_MS;
}

export type Reminder = { kind: 'leave'; minutes: number } | { kind: 'switch' };

/** The reminder due at `now` (leave first, then switch), or null; see the choices above. */
export function reminderDue(
  state: ActivityState,
  settings: ReminderSettings,
  now: number,
  idleMs = DEFAULT_IDLE_MS,
): Reminder | null {
  if (settings.leaveremind) {
    const leaveMs = leaveIdleMs(settings.leavetime);
    if (now - state.lastActivity >= leaveMs) return { kind: 'leave', minutes: leaveMs / 60_000 };
  }
  if (settings.switchremind && activityStatus(state, now, idleMs) !== 'active') return { kind: 'switch' };
  return null;
}

/** When the next reminder could become due if nothing happens (ms); null when none can (for a timer). */
export function nextReminderAt(
  state: ActivityState,
  settings: ReminderSettings,
  idleMs = DEFAULT_IDLE_MS,
): number | null {
  const times: number[] = [];
  if (settings.leaveremind) times.push(state.lastActivity + leaveIdleMs(settings.leavetime));
  if (settings.switchremind)
    times.push(state.hidden ? (state.hiddenSince ?? state.lastActivity) : state.lastActivity + idleMs);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * Spec 4 'Idle handling': study pauses while a reminder is due (the dialog shows until the student answers).
 * Without reminders an idle student still studies — a video plays without the mouse moving.
 */
export function studying(
  state: ActivityState,
  settings: ReminderSettings,
  now: number,
  idleMs = DEFAULT_IDLE_MS,
): boolean {
  return reminderDue(state, settings, now, idleMs) === null;
}
