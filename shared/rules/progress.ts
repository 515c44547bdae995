/**
 * Progress of a chapter and of a course (spec 3 'Chapter' progress, 'Almost-expiring course'; spec 4 'Progress').
 *
 * Spec 3 'Chapter': "progress (0-1 or percent; 1 = complete)".
 * Spec 4 'Progress': "a chapter is passed or not; progress below 1 is incomplete. Progress values at most 1 are
 * multiplied by 100 to give a percent."
 * Spec 3 'Almost-expiring course': "total_chapter, complete_chapter, addtime, ce_type, ce_time, derived process
 * percentage and timeTips".
 *
 * Choices where the spec is silent:
 * - A value above 1 is already a percent (so 1 means 100 %, and 1.5 means 1.5 %), as the spec's rule reads.
 * - Unreadable, negative or infinite values count as 0; percents are capped at 100.
 * - The course process percentage is complete_chapter / total_chapter x 100 rounded down, so a course
 *   shows 100 only when every chapter is complete; 0 when there are no chapters.
 */

/** A progress value as records carry it: a fraction 0..1, a percent, or a numeric string. */
export type ProgressValue = number | string | null | undefined;

const read = (value: ProgressValue): number => {
  const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : (value ?? Number.NaN);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/**
 * Spec 4 'Progress': "Progress values at most 1 are multiplied by 100 to give a percent." Above 1 the value
 * is a percent already. Returns 0..100, unrounded.
 */
export function progressPercent(value: ProgressValue): number {
  const n = read(value);
  return Math.min(100, n <= 1 ? n * 100 : n);
}

/** The same progress as a fraction 0..1 (what the heartbeat record's progress and played_time carry). */
export function progressFraction(value: ProgressValue): number {
  return progressPercent(value) / 100;
}

/** Spec 3 'Chapter': "1 = complete"; spec 4: "progress below 1 is incomplete" (100 as a percent is complete too). */
export function isComplete(value: ProgressValue): boolean {
  return progressFraction(value) >= 1;
}

/** A percent for display: whole number, rounded down so that an unfinished chapter never shows 100. */
export function displayPercent(value: ProgressValue): number {
  return Math.floor(progressPercent(value) + 1e-9);
}

/**
 * Spec 3 'Almost-expiring course' / 'Course list item': the derived process percentage of a course from
 * total_chapter and complete_chapter: complete / total x 100, rounded down, within 0..100 (0 with no chapters).
 */
export function courseProcess(
  total_chapter: number | string | null | undefined,
  complete_chapter: number | string | null | undefined,
): number {
  const total = Math.floor(read(total_chapter));
  const complete = Math.min(Math.floor(read(complete_chapter)), total);
  if (total <= 0) return 0;
  return Math.floor((complete * 100) / total + 1e-9);
}

/** How many of the given progress values are complete (to build complete_chapter from records). */
export function countComplete(values: readonly ProgressValue[]): number {
  return values.filter(isComplete).length;
}
