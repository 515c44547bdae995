import { describe, expect, it } from 'vitest';
import {
  applyHeartbeat,
  MAX_RATE,
  type ChapterFacts,
  type RecordState,
  type StreamState,
} from '../../server/modules/records/heartbeat-rules';
import { coveredLength } from '../../server/modules/records/intervals';
import { zHeartbeat } from '../../shared/schemas/records';

/**
 * The fastest credited speed in the heartbeat rule (issue 18 'Records a school can trust'): a run may advance
 * at most maxRate × its wall time, plus the slack (3 s, at most half the run's seconds).
 */
describe('heartbeat rule with a fastest credited speed (facts.maxRate)', () => {
  const facts = (maxRate?: number): ChapterFacts => ({
    kind: 'media',
    length: 30,
    minSeconds: 0,
    notAllowSkip: false,
    maxRate,
  });
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
  const beat = (position: number) => zHeartbeat.parse({ coid: '1234567890123', cid: '1', start_ts: 1, position });
  const run = (fields: Partial<StreamState> = {}): StreamState => ({
    startTs: 1,
    lastAt: 0,
    position: 0,
    pause: false,
    runAt: 0,
    runFrom: 0,
    creditedAt: 0,
    ...fields,
  });

  it('keeps 2× as the default', () => {
    expect(MAX_RATE).toBe(2);
  });

  // [rate, wall ms since the run began, position reached, watched?]
  it.each<[number | undefined, number, number, boolean]>([
    [1, 16_000, 16, true],
    [1, 16_000, 19, true], // 16 s + 3 s slack
    [1, 16_000, 19.5, false],
    [1, 16_000, 24, false], // what 1.5× would credit
    [1, 1_000, 1.5, true], // a short run: half its seconds of slack
    [1, 1_000, 1.6, false],
    [1.5, 16_000, 27, true], // 24 s + 3 s
    [1.5, 16_000, 27.5, false],
    [1.5, 16_000, 30, false], // what 2× credits: the whole 30 s video in 16 s
    [1.5, 2_000, 4, true], // 3 s + 1 s slack
    [1.5, 2_000, 4.1, false],
    [undefined, 16_000, 30, true], // no rate given: 2×
    [2, 16_000, 30, true],
  ])('at %s×, %i ms of wall time, position %s: watched %s', (rate, wall, position, watched) => {
    const record = blank();
    applyHeartbeat(record, run(), 0, beat(position), facts(rate), wall);
    expect(record.intervals).toEqual(watched ? [[0, position]] : []);
  });

  it('at 1× a 30-second video is complete only after about 30 s of playback (not after 16 s)', () => {
    const record = blank();
    // A heartbeat 16 s in claiming 2× playback: nothing beyond the run's 1× (+ slack) is watched.
    applyHeartbeat(record, run(), 0, beat(30), facts(1), 16_000);
    expect(record.progress).toBe(0);
    expect(record.completedAt).toBeNull();
    // Playback at 1×: heartbeats 16 s and 32 s in.
    const honest = blank();
    let state = run();
    for (const [at, position] of [
      [16_000, 16],
      [32_000, 30],
    ] as const) {
      state = applyHeartbeat(honest, state, 0, beat(position), facts(1), at).stream;
    }
    expect(coveredLength(honest.intervals)).toBe(30);
    expect(honest.progress).toBe(1);
  });

  it('at 1.5× many small heartbeats do not add up their slack', () => {
    const record = blank();
    let previous = run();
    for (let i = 1; i <= 10; i++)
      previous = applyHeartbeat(record, previous, 0, beat(i * 3), facts(1.5), i * 100).stream;
    // One second of wall time: at most 1.5 s and half a second of slack.
    expect(coveredLength(record.intervals)).toBeLessThanOrEqual(2);
  });
});
