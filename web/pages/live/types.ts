/** What the live page's players share (FlvPlayer: mpegts.js on a desktop; HlsPlayer: video.js). */
export interface StreamPlayerProps {
  url: string;
  title: string;
  /** The stream failed or stalled: the page retries with back-off (spec 7: a failed player only logs). */
  onFailure: (reason: string) => void;
  /** Frames are playing: the back-off starts again from its first step. */
  onPlaying: () => void;
}

/** Seconds without progress while playing after which a stream counts as stalled. */
export const STALL_S = 15;

/**
 * Watches a playing media element: calls `stalled` once when its time has not moved for STALL_S while it is
 * meant to play, `playing` each time it moves. Returns the stop function.
 */
export function watchProgress(video: HTMLVideoElement, playing: () => void, stalled: () => void): () => void {
  let last = -1;
  let still = 0;
  const timer = window.setInterval(() => {
    if (video.paused) {
      still = 0;
      return;
    }
    if (video.currentTime !== last) {
      last = video.currentTime;
      still = 0;
      playing();
      return;
    }
    still += 1;
    if (still >= STALL_S) {
      window.clearInterval(timer);
      stalled();
    }
  }, 1000);
  return () => window.clearInterval(timer);
}

/** Logs a player's failure (spec 7 'Live player failure: log only'). */
export const logFailure = (player: string, reason: unknown) => console.warn(`live player (${player}):`, reason);

/**
 * What both players do around a stream: the first failure (or a stall of a playing `media`) is logged and told
 * once to `events.current.onFailure`, progress to `onPlaying`. stop() ends the watch and silences later failures.
 */
export function superviseStream(
  player: string,
  media: HTMLVideoElement | null,
  events: { current: Pick<StreamPlayerProps, 'onFailure' | 'onPlaying'> },
): { fail: (reason: string) => void; stop: () => void } {
  let done = false;
  const fail = (reason: string) => {
    if (done) return;
    done = true;
    logFailure(player, reason);
    events.current.onFailure(reason);
  };
  const unwatch = media
    ? watchProgress(
        media,
        () => events.current.onPlaying(),
        () => fail('stalled'),
      )
    : () => undefined;
  return {
    fail,
    stop: () => {
      done = true;
      unwatch();
    },
  };
}
