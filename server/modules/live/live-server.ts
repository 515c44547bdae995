import type { AppContext } from '../../context';

/** How long a health answer is trusted, and how long the platform waits for one. */
const HEALTH_TTL_MS = 10_000;
const HEALTH_TIMEOUT_MS = 1500;

let cached: { base: string; at: number; up: boolean; pending?: Promise<boolean> } | null = null;

/**
 * Is the live server up? GET {LIVE_INTERNAL_URL or LIVE_SERVER_URL}/health answering 2xx within 1.5 s; false
 * when none is configured. Asked at most every 10 s (the live page and the back office show 'live not
 * available' from it; the video never passes through the platform).
 */
export async function liveServerUp(ctx: AppContext): Promise<boolean> {
  const base = (ctx.config.LIVE_INTERNAL_URL || ctx.config.LIVE_SERVER_URL).replace(/\/+$/, '');
  if (!base) return false;
  const now = Date.now();
  if (cached && cached.base === base) {
    if (cached.pending) return cached.pending;
    if (now - cached.at < HEALTH_TTL_MS) return cached.up;
  }
  const pending = fetch(`${base}/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
    .then((res) => res.ok)
    .catch(() => false);
  cached = { base, at: now, up: false, pending };
  const up = await pending;
  cached = { base, at: Date.now(), up };
  return up;
}

/** Forgets the last answer (tests that stop and start the live server). */
export function forgetLiveServerHealth(): void {
  cached = null;
}
