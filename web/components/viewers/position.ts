/**
 * Where the learner is in the chapter's viewer, for the Q&A and notes beside it: the video's current time or
 * the document's page, and the way back there (seek, turn). The viewer that is showing registers itself; one
 * viewer shows at a time, so one source is kept.
 */
import { useSyncExternalStore } from 'react';

export interface PositionSource {
  /** Seconds into the video or audio. */
  time?: () => number;
  /** The page of a PDF, office document or slides shown. */
  page?: () => number;
  seek?: (seconds: number) => void;
  turn?: (page: number) => void;
}

let source: PositionSource | null = null;
const listeners = new Set<() => void>();
/** Bumped whenever the position may have changed, so the panels' labels follow the player. */
let version = 0;

/** A viewer says where it is; the returned function takes it back (on unmount). */
export function registerPosition(next: PositionSource): () => void {
  source = next;
  announcePosition();
  return () => {
    if (source === next) source = null;
    announcePosition();
  };
}

/** A viewer tells the panels its time or page moved. */
export function announcePosition(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Re-renders the caller when the viewer's time or page moves (for the 'at this time' labels). */
export function usePositionVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}

/** The current video time in whole seconds, or null when no player is showing. */
export function currentTime(): number | null {
  const time = source?.time?.();
  return time === undefined || !Number.isFinite(time) ? null : Math.max(0, Math.floor(time));
}

/** The current page, or null when no paged viewer is showing. */
export function currentPage(): number | null {
  const page = source?.page?.();
  return page === undefined || !Number.isFinite(page) ? null : page;
}

/** Moves the video to the time (the player's own rules, such as no skipping ahead, still hold). */
export function seekTo(seconds: number): void {
  source?.seek?.(seconds);
}

/** Turns the document to the page. */
export function turnTo(page: number): void {
  source?.turn?.(page);
}

const PENDING_KEY = 'lanxue.pendingSpot';

/**
 * Asks the next viewer of the chapter to open at a time or page (My notes opens the learning page of a note):
 * kept in this tab's session storage for the page that loads next.
 */
export function requestSpot(cid: string, spot: { time?: number; page?: number }): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ cid, ...spot }));
  } catch {
    // Storage refused (private mode): the chapter opens where the learner left off.
  }
}

/** The time or page asked for this chapter, once (it is forgotten when read). */
export function takeSpot(cid: string): { time?: number; page?: number } | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as { cid?: string; time?: number; page?: number };
    if (pending.cid !== cid) return null;
    sessionStorage.removeItem(PENDING_KEY);
    return { time: pending.time, page: pending.page };
  } catch {
    return null;
  }
}
