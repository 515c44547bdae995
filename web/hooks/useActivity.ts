/**
 * The activity detector of the study pages and its reminders (spec 4 'Activity detector': "active or idle;
 * default idle 60000 ms, reset on mouse move, key up, touch start, scroll; a hidden tab counts as hidden";
 * spec 4 'Idle handling': "after an idle period a switch reminder dialog shows, or a leave reminder after
 * leavetime minutes"; spec 9 "Idle time equals leavetime times 60 s"). The decisions are the pure rules of
 * shared/rules/activity.ts; this hook only feeds them the browser's events and a timer.
 *
 * Once a reminder is due it stays up until the student answers it (dismiss): the rule says the switch
 * reminder is due while the tab is hidden, and coming back counts as activity, so without holding it the
 * student would never see it. While a reminder is up the page pauses the media and the heartbeat reports
 * a pause (nothing counts); dismiss() starts the detector afresh.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ACTIVITY_EVENTS,
  activityStatus,
  DEFAULT_IDLE_MS,
  nextReminderAt,
  reduceActivity,
  reminderDue,
  startActivity,
  type ActivityEvent,
  type ActivityState,
  type Reminder,
  type ReminderSettings,
} from '../../shared/rules/activity';

export interface ActivityOptions {
  /** False: no detector, no reminders (a visitor, a preview, a course with both reminders off). */
  enabled: boolean;
  settings: ReminderSettings;
  /** Idle after this many ms without activity (spec 9 default 60000). */
  idleMs?: number;
}

export interface Activity {
  /** The reminder showing, or null. */
  reminder: Reminder | null;
  /** The student answered the reminder: study goes on, the detector starts again. */
  dismiss: () => void;
}

const hiddenNow = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

export function useActivity({ enabled, settings, idleMs = DEFAULT_IDLE_MS }: ActivityOptions): Activity {
  const [reminder, setReminder] = useState<Reminder | null>(null);
  const state = useRef<ActivityState>(startActivity(Date.now(), hiddenNow()));
  const held = useRef<Reminder | null>(null);
  const { switchremind, leaveremind, leavetime } = settings;
  const [epoch, setEpoch] = useState(0);

  useEffect(() => {
    if (!enabled || (!switchremind && !leaveremind)) return;
    const rules: ReminderSettings = { switchremind, leaveremind, leavetime };
    state.current = startActivity(Date.now(), hiddenNow());
    held.current = null;
    let timer = 0;

    /** Shows the reminder due now, if any; else waits for the next moment one could be. */
    const check = () => {
      window.clearTimeout(timer);
      if (held.current) return;
      const now = Date.now();
      const due = reminderDue(state.current, rules, now, idleMs);
      if (due) {
        held.current = due;
        setReminder(due);
        return;
      }
      const at = nextReminderAt(state.current, rules, idleMs);
      // While hidden the switch reminder is due at once; otherwise wake when one could be (at least 50 ms on).
      if (at !== null) timer = window.setTimeout(check, Math.max(50, at - now));
    };

    const feed = (event: ActivityEvent) => {
      if (held.current) return;
      const before = state.current;
      state.current = reduceActivity(before, event);
      if (event.type !== 'activity' || activityStatus(before, event.at, idleMs) !== 'active') check();
    };
    const onActivity = () => feed({ type: 'activity', at: Date.now() });
    const onVisibility = () => feed({ type: hiddenNow() ? 'hidden' : 'visible', at: Date.now() });

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    check();
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, switchremind, leaveremind, leavetime, idleMs, epoch]);

  const dismiss = useCallback(() => {
    held.current = null;
    setReminder(null);
    // Start the detector again from now (the effect re-runs).
    setEpoch((n) => n + 1);
  }, []);

  return { reminder, dismiss };
}
