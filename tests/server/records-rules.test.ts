import { describe, expect, it } from 'vitest';
import {
  addInterval,
  coveredLength,
  MAX_INTERVALS,
  mediaProgress,
  parseIntervals,
  type Interval,
} from '../../server/modules/records/intervals';
import {
  applyHeartbeat,
  MAX_CREDIT_MS,
  minPagedSeconds,
  minReadingSeconds,
  type ChapterFacts,
  type RecordState,
  type StreamState,
} from '../../server/modules/records/heartbeat-rules';
import { zHeartbeat } from '../../shared/schemas/records';

describe('watched ranges (intervals.ts): merged, bounded, measured', () => {
  it.each<[string, Interval[], [number, number], Interval[]]>([
    ['into nothing', [], [0, 10], [[0, 10]]],
    ['touching the end merges', [[0, 10]], [10, 20], [[0, 20]]],
    ['overlapping merges', [[0, 10]], [5, 15], [[0, 15]]],
    [
      'apart stays apart, in order',
      [[20, 30]],
      [0, 10],
      [
        [0, 10],
        [20, 30],
      ],
    ],
    [
      'bridging two merges all three',
      [
        [0, 10],
        [20, 30],
      ],
      [8, 22],
      [[0, 30]],
    ],
    ['inside changes nothing', [[0, 30]], [5, 6], [[0, 30]]],
    ['empty range changes nothing', [[0, 10]], [15, 15], [[0, 10]]],
    ['reversed range changes nothing', [[0, 10]], [15, 12], [[0, 10]]],
  ])('%s', (_name, ranges, [start, end], expected) => {
    expect(addInterval(ranges, start, end)).toEqual(expected);
  });

  it('keeps at most MAX_INTERVALS separate ranges, still merging into them', () => {
    let ranges: Interval[] = [];
    for (let i = 0; i < MAX_INTERVALS + 10; i++) ranges = addInterval(ranges, i * 10, i * 10 + 1);
    expect(ranges).toHaveLength(MAX_INTERVALS);
    expect(addInterval(ranges, 0, 5)[0]).toEqual([0, 5]);
  });

  it('measures coverage within a limit, reads stored JSON defensively, and completes within the tolerance', () => {
    expect(
      coveredLength(
        [
          [0, 10],
          [20, 40],
        ],
        30,
      ),
    ).toBe(20);
    expect(parseIntervals('[[20,30],[0,10],[5,12],"x",[1]]')).toEqual([
      [0, 12],
      [20, 30],
    ]);
    expect(parseIntervals('not json')).toEqual([]);
    expect(mediaProgress([[0, 598]], 600)).toBe(1);
    expect(mediaProgress([[0, 597]], 600)).toBe(1); // 2% of 600 s is 12 s
    expect(mediaProgress([[0, 500]], 600)).toBe(0.83);
    expect(mediaProgress([[0, 7]], 10)).toBe(0.7);
    expect(mediaProgress([[0, 8]], 10)).toBe(1); // 2 s tolerance
    expect(mediaProgress([[0, 599.9]], 0)).toBe(0);
  });
});

describe('heartbeat rules (heartbeat-rules.ts): time, runs, skipping, reading', () => {
  const media: ChapterFacts = { kind: 'media', length: 100, minSeconds: 0, notAllowSkip: false };
  const blank = (): RecordState => ({
    effMs: 0,
    watched: 0,
    intervals: [],
    progress: 0,
    furthest: 0,
    position: 0,
    duration: 0,
    completedAt: null,
  });
  const beat = (fields: Record<string, unknown>) =>
    zHeartbeat.parse({ coid: '1234567890123', cid: '1', start_ts: 1, ...fields });
  const stream = (fields: Partial<StreamState> = {}): StreamState => ({
    startTs: 1,
    lastAt: 0,
    position: 0,
    pause: false,
    runAt: 0,
    runFrom: 0,
    creditedAt: 0,
    ...fields,
  });

  it.each([
    ['first heartbeat of a viewing', null, 0, 16_000, 0],
    ['16 s after the previous one', stream(), 0, 16_000, 16_000],
    ['after a pause', stream({ pause: true }), 0, 16_000, 0],
    ['another viewing (start_ts) of the same session', stream({ startTs: 2 }), 0, 16_000, 0],
    ['after an hour of silence', stream(), 0, 3_600_000, MAX_CREDIT_MS],
    ['another tab credited 10 s ago', stream(), 6_000, 16_000, 10_000],
    ['another tab credited just now', stream(), 16_000, 16_000, 0],
    ['a clock going backwards', stream({ lastAt: 20_000 }), 0, 16_000, 0],
  ])('credit: %s', (_name, previous, clock, now, credit) => {
    expect(applyHeartbeat(blank(), previous, clock, beat({ position: 0 }), media, now).creditMs).toBe(credit);
  });

  it('a run may advance 2× its wall time plus 3 s (at most half its seconds): just within is watched, just beyond is not', () => {
    const within = blank();
    applyHeartbeat(within, stream(), 0, beat({ position: 35 }), media, 16_000);
    expect(within.intervals).toEqual([[0, 35]]);
    const beyond = blank();
    applyHeartbeat(beyond, stream(), 0, beat({ position: 35.5 }), media, 16_000);
    expect(beyond.intervals).toEqual([]);
    // Many small heartbeats do not add up their slack: the run's start is the reference.
    const sly = blank();
    let previous = stream();
    for (let i = 1; i <= 10; i++) {
      const outcome = applyHeartbeat(sly, previous, 0, beat({ position: i * 3 }), media, i * 100);
      previous = outcome.stream;
    }
    // One second of wall time: at most 2 s at the fastest rate and half a second of slack.
    expect(coveredLength(sly.intervals)).toBeLessThanOrEqual(2.5);
  });

  it('notAllowSkip clamps a position beyond the furthest point, an honest one passes; progress never drops', () => {
    const strict = { ...media, notAllowSkip: true };
    const record = { ...blank(), furthest: 20, position: 20, intervals: [[0, 20]] as Interval[], progress: 0.2 };
    applyHeartbeat(record, null, 0, beat({ position: 90 }), strict, 16_000);
    expect(record.position).toBe(23);
    applyHeartbeat(record, null, 0, beat({ position: 5 }), strict, 16_000);
    expect(record.position).toBe(5);
    expect(record.progress).toBe(0.2);
  });

  // Documents and slides: the share of pages reached, capped by the share of the minimum time (2 s a page,
  // at least 5 s) spent; 1 only with every page and the whole time.
  it.each([
    ['a one-page PDF the moment it opens', 1, [1], 0, 0],
    ['a one-page PDF after 3 of its 5 s', 1, [1], 3_000, 0.6],
    ['a one-page PDF after its 5 s', 1, [1], 5_000, 1],
    ['a four-page PDF, page 4 shown after 1 s', 4, [4], 1_000, 0.12],
    ['a four-page PDF, pages 1 and 4 after 30 s', 4, [1, 4], 30_000, 0.5],
    ['a four-page PDF, every page after 30 s', 4, [1, 2, 3, 4], 30_000, 1],
  ])('paging: %s → %s', (_name, pages, shown, effMs, progress) => {
    const paged: ChapterFacts = { kind: 'paged', length: pages, minSeconds: 0, notAllowSkip: false };
    const record = { ...blank(), effMs };
    // Each page on its own viewing (no credit, no run): only effMs counts as time.
    for (const page of shown) applyHeartbeat(record, null, 0, beat({ position: page }), paged, 16_000);
    expect(record.progress).toBe(progress);
  });

  it('reading and paging: minimum times', () => {
    expect(minReadingSeconds(0)).toBe(10);
    expect(minReadingSeconds(400)).toBe(20);
    expect(minReadingSeconds(1_000_000)).toBe(300);
    expect(minPagedSeconds(1)).toBe(5);
    expect(minPagedSeconds(10)).toBe(20);
    const graphic: ChapterFacts = { kind: 'graphic', length: 0, minSeconds: 20, notAllowSkip: false };
    const record = blank();
    applyHeartbeat(record, stream(), 0, beat({ played_time: 1 }), graphic, 16_000);
    expect(record.progress).toBe(0.99);
    applyHeartbeat(record, stream({ lastAt: 16_000 }), 16_000, beat({ played_time: 1 }), graphic, 32_000);
    expect(record.progress).toBe(1);
    expect(record.completedAt).toBe(32_000);
  });
});
