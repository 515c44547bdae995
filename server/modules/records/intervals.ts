/**
 * Watched ranges of a chapter: the seconds of media actually watched are kept as merged
 * intervals per student and chapter, so completion means the intervals cover the chapter. Pure
 * functions on sorted, disjoint, half-open [start, end) ranges.
 */
export type Interval = readonly [number, number];

/** At most this many separate ranges are kept: a learner who skips about leaves a few, never hundreds. */
export const MAX_INTERVALS = 1000;

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Adds [start, end) to sorted disjoint ranges, merging any it touches or overlaps. Empty or reversed
 * ranges change nothing; a new separate range beyond MAX_INTERVALS is dropped (the list stays bounded).
 */
export function addInterval(ranges: readonly Interval[], start: number, end: number): Interval[] {
  if (!(end > start) || !Number.isFinite(start) || !Number.isFinite(end)) return [...ranges];
  let from = round(start);
  let to = round(end);
  const out: Interval[] = [];
  let placed = false;
  let merged = false;
  for (const [a, b] of ranges) {
    if (b < from) out.push([a, b]);
    else if (a > to) {
      if (!placed) {
        out.push([from, to]);
        placed = true;
      }
      out.push([a, b]);
    } else {
      from = Math.min(from, a);
      to = Math.max(to, b);
      merged = true;
    }
  }
  if (!placed) out.push([from, to]);
  if (!merged && out.length > MAX_INTERVALS) return [...ranges];
  return out;
}

/** Total length of the ranges, counted within [0, limit] when a limit is given. */
export function coveredLength(ranges: readonly Interval[], limit = Infinity): number {
  let total = 0;
  for (const [a, b] of ranges) {
    const end = Math.min(b, limit);
    if (end > a) total += end - Math.max(0, a);
  }
  return round(total);
}

/** Reads stored ranges (JSON text); anything unreadable counts as nothing watched. */
export function parseIntervals(text: string): Interval[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    let ranges: Interval[] = [];
    for (const item of value) {
      if (Array.isArray(item) && typeof item[0] === 'number' && typeof item[1] === 'number')
        ranges = addInterval(ranges, item[0], item[1]);
    }
    return ranges;
  } catch {
    return [];
  }
}

/**
 * Spec 4 'Progress' for media: complete (1) when the watched ranges cover the duration within the
 * tolerance — whichever is larger of COMPLETE_TOLERANCE.seconds and COMPLETE_TOLERANCE.share of the
 * duration; otherwise the watched share, two decimals, never reaching 1.
 */
export const COMPLETE_TOLERANCE = { seconds: 2, share: 0.02 } as const;

export function mediaProgress(ranges: readonly Interval[], duration: number): number {
  if (!(duration > 0)) return 0;
  const covered = coveredLength(ranges, duration);
  const tolerance = Math.max(COMPLETE_TOLERANCE.seconds, duration * COMPLETE_TOLERANCE.share);
  if (covered >= duration - tolerance) return 1;
  return Math.min(0.99, Math.floor((covered / duration) * 100) / 100);
}
