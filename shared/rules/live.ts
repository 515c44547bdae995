/**
 * Live sessions (issue 17): when a stream key may publish, which session a live page shows, and how much of
 * a beat counts as attendance. Pure: the live hooks, the back office and the live page all decide with these.
 */

export type LiveStatus = 'scheduled' | 'live' | 'ended';

export interface LiveWindow {
  readonly startAt: number;
  readonly endAt: number;
  readonly status: LiveStatus;
}

/** Why a publish is refused, or null when it may go ahead. */
export type PublishRefusal = 'early' | 'late' | 'busy' | null;

/**
 * May the session's key publish at `now`? Only from `marginMs` before its start to `marginMs` after its end,
 * and not while another connection is publishing on it (busy). A stream that stopped or dropped may publish
 * again within the window (a teacher's connection fails; a new recording, a new replay). An administrator who
 * ends a session for good rotates its key, which revokes it: the old key finds no session.
 */
export function publishRefusal(
  session: LiveWindow & { readonly publishing: boolean },
  now: number,
  marginMs: number,
): PublishRefusal {
  if (session.publishing) return 'busy';
  if (now < session.startAt - marginMs) return 'early';
  if (now > session.endAt + marginMs) return 'late';
  return null;
}

/**
 * The session a live page shows: the one live now; else the next scheduled one that has not ended its
 * window; else the latest that ended (its replay). Sessions come in any order.
 */
export function sessionToShow<S extends LiveWindow>(sessions: readonly S[], now: number): S | null {
  const live = sessions.find((s) => s.status === 'live');
  if (live) return live;
  const upcoming = sessions
    .filter((s) => s.status === 'scheduled' && s.endAt >= now)
    .sort((a, b) => a.startAt - b.startAt)[0];
  if (upcoming) return upcoming;
  const past = [...sessions].sort((a, b) => b.startAt - a.startAt)[0];
  return past ?? null;
}

/**
 * Seconds a live-page beat credits: the time since the student's previous beat, at most `maxGapS` (a beat
 * after a long silence credits only one interval), never negative, and nothing unless the stream is live.
 */
export function attendanceCredit(previousAt: number | null, now: number, live: boolean, maxGapS: number): number {
  if (!live || previousAt === null) return 0;
  const seconds = Math.floor((now - previousAt) / 1000);
  return Math.max(0, Math.min(seconds, maxGapS));
}
