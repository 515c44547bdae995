/**
 * What a heartbeat counts for (spec 3 'Heartbeat record'; the server, not the client, decides what counts).
 * Pure: given a chapter's record, the previous heartbeat of the same viewing, the student's last credited
 * moment and the heartbeat, it updates the record and says what was credited.
 *
 * - Time: a heartbeat adds the wall time since the later of the viewing's previous heartbeat and the
 *   student's last credited moment (so two tabs, two sessions or two chapters at once never count the
 *   same second twice), at most MAX_CREDIT_MS (a tab that slept an hour is not an hour of study), nothing
 *   when the previous heartbeat said paused, nothing for the first heartbeat of a viewing, and never more
 *   than the client's own realtime when it sends one.
 * - Media (video, audio): a run of continuous playback may advance at most the course's fastest credited
 *   speed (facts.maxRate: the course's, else the school's, else MAX_RATE; shared/rules/playback-rate) × the
 *   wall time since the run began, plus a little slack (SLACK_SECONDS, SLACK_SHARE); within that, [previous position, position] joins the watched
 *   ranges. A jump, a seek or a pause starts a new run and credits nothing. With notAllowSkip (spec 3
 *   'Course settings') a position past the furthest point watched (+ slack) is clamped back to it.
 *   Progress is the watched share; 1 only when the ranges cover the duration (intervals.ts tolerance).
 * - Documents and slides: the page shown is reached; pages flipped through within a plausible reading
 *   pace (SECONDS_PER_PAGE) are reached too; complete when every page is reached and the time spent is at
 *   least SECONDS_PER_PAGE a page (minPagedSeconds); until then the share of pages reached, capped by the
 *   share of that time spent.
 * - Graphic text (spec 4 'Graphic reading'): progress follows played_time (reading 0..1), but stays below
 *   1 until the minimum reading time of the text is spent.
 * - Exercises, exams and files: time only (their progress is decided where they are marked).
 * Progress never goes backwards (spec 4 'Progress').
 */
import { HEARTBEAT_STUDY_MS } from '../../../shared/constants';
import { MAX_MEDIA_SECONDS, MAX_PAGES, type Heartbeat } from '../../../shared/schemas/records';
import { DEFAULT_MAX_RATE } from '../../../shared/rules/playback-rate';
import { addInterval, coveredLength, mediaProgress, type Interval } from './intervals';

/** The longest credit of one heartbeat: 1.5 study intervals and 2 s of network slack (26 s). */
export const MAX_CREDIT_MS = HEARTBEAT_STUDY_MS * 1.5 + 2000;
/** The fastest playback rate the players offer: the fastest credited speed unless a school or course sets a lower one. */
export const MAX_RATE = DEFAULT_MAX_RATE;
/**
 * Seconds of media a run may be ahead of MAX_RATE × wall time (timers, network, the player's own tolerance):
 * at most SLACK_SECONDS, and at most SLACK_SHARE of the run's own seconds, so heartbeats sent a split second
 * apart, each starting a new run, cannot add up their slack (the fastest anyone advances is 2.5×).
 */
export const SLACK_SECONDS = 3;
export const SLACK_SHARE = 0.5;
/** A plausible reading pace of documents and slides (s a page), and the pages a jump may be ahead of it. */
export const SECONDS_PER_PAGE = 2;
export const PAGE_SLACK = 1;
/** Minimum time on a picture, and the bounds of a document's minimum time. */
export const MIN_IMAGE_SECONDS = 5;
export const MAX_MIN_SECONDS = 600;
/** Minimum reading time of a graphic text: its characters at this pace, within these bounds (s). */
export const READING = { charsPerSecond: 20, floor: 10, ceiling: 300 } as const;

export type RecordKind = 'media' | 'paged' | 'graphic' | 'time';

/** What the server knows of a chapter's content. */
export interface ChapterFacts {
  kind: RecordKind;
  /** Media seconds or pages, 0 when unknown. */
  length: number;
  /** Graphic: the minimum reading time (s). */
  minSeconds: number;
  notAllowSkip: boolean;
  /** Media: the fastest credited speed (1 to MAX_RATE; MAX_RATE when not given). */
  maxRate?: number;
}

/** The part of a learn record the rules change. */
export interface RecordState {
  effMs: number;
  watched: number;
  intervals: Interval[];
  progress: number;
  furthest: number;
  position: number;
  duration: number;
  completedAt: number | null;
}

/** The previous heartbeat of a viewing (a session's tab on a chapter). */
export interface StreamState {
  startTs: number;
  lastAt: number;
  position: number;
  pause: boolean;
  runAt: number;
  runFrom: number;
  creditedAt: number;
}

export interface BeatOutcome {
  creditMs: number;
  /** The student's last credited moment after this heartbeat. */
  clock: number;
  stream: StreamState;
  completedNow: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const hundredths = (value: number) => Math.floor(value * 100) / 100;

/** The minimum reading time (s) of a text of this many characters. */
export function minReadingSeconds(chars: number): number {
  return clamp(Math.ceil(chars / READING.charsPerSecond), READING.floor, READING.ceiling);
}

/** The minimum time (s) on a document of this many pages (a picture is one page). */
export function minPagedSeconds(pages: number): number {
  return clamp(pages * SECONDS_PER_PAGE, MIN_IMAGE_SECONDS, MAX_MIN_SECONDS);
}

/** The length the record is measured against: the server's, else the one stored, else the client's (kept once). */
function lengthOf(record: RecordState, facts: ChapterFacts, claimed: number | undefined, max: number): number {
  if (facts.length > 0) return (record.duration = facts.length);
  if (record.duration > 0) return record.duration;
  if (claimed !== undefined && claimed > 0 && claimed <= max) record.duration = claimed;
  return record.duration;
}

/** Applies one heartbeat to the record (mutated) and returns what it credited. */
export function applyHeartbeat(
  record: RecordState,
  previous: StreamState | null,
  clock: number,
  beat: Heartbeat,
  facts: ChapterFacts,
  now: number,
): BeatOutcome {
  const continuing = previous !== null && previous.startTs === beat.start_ts && previous.lastAt <= now;
  const active = continuing && !previous.pause;

  let creditMs = 0;
  if (active) {
    creditMs = clamp(now - Math.max(previous.lastAt, clock), 0, MAX_CREDIT_MS);
    if (beat.realtime !== undefined) creditMs = Math.min(creditMs, Math.round(beat.realtime * 1000));
  }
  record.effMs += creditMs;
  const effSeconds = record.effMs / 1000;

  let runAt = now;
  let runFrom = 0;
  let candidate = 0;
  switch (facts.kind) {
    case 'media': {
      const length = lengthOf(record, facts, beat.duration, MAX_MEDIA_SECONDS);
      const end = length > 0 ? length : MAX_MEDIA_SECONDS;
      let position = clamp(beat.position ?? (continuing ? previous.position : record.position), 0, end);
      let plausible = false;
      if (active) {
        const runSeconds = (now - previous.runAt) / 1000;
        const allowedEnd =
          previous.runFrom +
          runSeconds * (facts.maxRate ?? MAX_RATE) +
          Math.min(SLACK_SECONDS, runSeconds * SLACK_SHARE);
        plausible =
          position >= previous.position &&
          position <= allowedEnd &&
          (!facts.notAllowSkip || previous.position <= record.furthest + SLACK_SECONDS);
      }
      if (plausible) {
        if (position > previous!.position) {
          record.intervals = addInterval(record.intervals, previous!.position, position);
          record.furthest = Math.max(record.furthest, position);
        }
        runAt = previous!.runAt;
        runFrom = previous!.runFrom;
      } else {
        // Not continuous playback: no credit; with notAllowSkip the learner cannot be past what was watched.
        if (facts.notAllowSkip) position = Math.min(position, record.furthest + SLACK_SECONDS);
        runFrom = position;
      }
      record.position = position;
      record.watched = coveredLength(record.intervals, end);
      candidate = mediaProgress(record.intervals, length);
      break;
    }
    case 'paged': {
      const pages = lengthOf(record, facts, beat.pages, MAX_PAGES);
      const page = clamp(Math.round(beat.position ?? (record.position || 1)), 1, pages > 0 ? pages : MAX_PAGES);
      record.intervals = addInterval(record.intervals, page - 1, page);
      let plausible = false;
      if (active && page >= previous.position && previous.position >= 1) {
        const allowedEnd = previous.runFrom + (now - previous.runAt) / 1000 / SECONDS_PER_PAGE + PAGE_SLACK;
        plausible = page <= allowedEnd;
      }
      if (plausible) {
        record.intervals = addInterval(record.intervals, previous!.position - 1, page);
        runAt = previous!.runAt;
        runFrom = previous!.runFrom;
      } else {
        runFrom = page;
      }
      record.position = page;
      const seen = coveredLength(record.intervals, pages > 0 ? pages : MAX_PAGES);
      record.watched = seen;
      record.furthest = record.intervals.length ? record.intervals[record.intervals.length - 1]![1] : 0;
      if (pages > 0) {
        // The share of pages reached, but never more than the share of the minimum time spent: a one-page
        // document is not 99 % studied the moment it opens (spec 4 'Progress': below 1 is incomplete).
        const minSeconds = minPagedSeconds(pages);
        const share = Math.min(seen / pages, effSeconds / minSeconds);
        candidate = seen >= pages && effSeconds >= minSeconds ? 1 : Math.min(0.99, hundredths(share));
      }
      break;
    }
    case 'graphic': {
      const reading = clamp(beat.played_time ?? 0, 0, 1);
      record.position = reading;
      record.furthest = Math.max(record.furthest, reading);
      candidate = effSeconds >= facts.minSeconds ? record.furthest : Math.min(record.furthest, 0.99);
      break;
    }
    default:
      if (beat.position !== undefined) record.position = beat.position;
  }

  record.progress = Math.max(record.progress, candidate);
  const completedNow = record.progress >= 1 && record.completedAt === null;
  if (completedNow) record.completedAt = now;

  const pause = beat.pause || beat.play_type === 'pause' || beat.play_type === 'ended' || beat.play_type === 'leave';
  return {
    creditMs,
    clock: creditMs > 0 ? Math.max(clock, now) : clock,
    stream: {
      startTs: beat.start_ts,
      lastAt: now,
      position: record.position,
      pause,
      runAt,
      runFrom,
      creditedAt: creditMs > 0 ? now : (previous?.creditedAt ?? 0),
    },
    completedNow,
  };
}
