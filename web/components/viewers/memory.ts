/**
 * Where a learner stopped, kept in this browser per learner and chapter (localStorage) as a fallback to the
 * learning records on the server: the position of a video, the furthest point watched, the page
 * of a document, the slide, and how far a text was read.
 */
export type MemoryItem = 'position' | 'furthest' | 'page' | 'slide' | 'read';

const storageKey = (key: string, item: MemoryItem) => `lanxue.learn.${key}.${item}`;

/** A remembered number, or null. Private browsing without storage just forgets. */
export function recall(key: string, item: MemoryItem): number | null {
  try {
    const value = window.localStorage.getItem(storageKey(key, item));
    if (value === null) return null;
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  } catch {
    return null;
  }
}

export function remember(key: string, item: MemoryItem, value: number): void {
  if (!Number.isFinite(value)) return;
  try {
    window.localStorage.setItem(storageKey(key, item), String(Math.round(value * 100) / 100));
  } catch {
    // Storage full or disabled: nothing to keep.
  }
}
