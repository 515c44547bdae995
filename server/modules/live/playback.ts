import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';

/**
 * Playback addresses of a live stream (spec 2 'Live video page': HLS at {live server}/live/{code}.m3u8, FLV
 * with the .flv suffix; the stream's name is the encoded course id). A public live course (type 2) plays at
 * those addresses as they are. Any other live stream plays only under a signed prefix,
 * {live server}/t/{sig}/{exp}/live/{code}.m3u8, that the live server checks by itself (nginx secure_link, the
 * secret it shares with the platform: deploy/live), so the platform stays out of the video path; relative
 * segment addresses inside the playlist keep the prefix.
 *
 * sig = base64url(MD5(`{exp}{code} {secret}`)) without padding, exp in unix seconds: nginx's secure_link_md5
 * format (MD5 is what that module offers; the secret is long and random and a token names one stream until
 * exp). Tokens live PLAYBACK_TTL_S, rounded up to a 10-minute step so a page gets the same address for a while.
 */
export const PLAYBACK_TTL_S = 2 * 3600;
const STEP_S = 600;

export function playbackSignature(secret: string, code: string, exp: number): string {
  return createHash('md5').update(`${exp}${code} ${secret}`).digest('base64url');
}

/** The signed path prefix of a private stream, '/t/{sig}/{exp}', valid at least PLAYBACK_TTL_S from now. */
export function playbackPrefix(secret: string, code: string, nowMs: number): { prefix: string; expiresAt: number } {
  const exp = Math.ceil((Math.floor(nowMs / 1000) + PLAYBACK_TTL_S) / STEP_S) * STEP_S;
  return { prefix: `/t/${playbackSignature(secret, code, exp)}/${exp}`, expiresAt: exp * 1000 };
}

export interface PlaybackUrls {
  hls: string;
  flv: string;
  /** When a private stream's addresses stop working (ms); 0 for a public one. */
  expiresAt: number;
}

/**
 * The HLS and FLV addresses of a course's stream, or null when no live server is configured. `open` is true
 * for a public live course: its addresses carry no token.
 */
export function playbackUrls(ctx: AppContext, coid: string, open: boolean): PlaybackUrls | null {
  const base = ctx.config.LIVE_SERVER_URL.replace(/\/+$/, '');
  if (!base) return null;
  const code = ctx.courseCodec.encode(coid);
  if (open) return { hls: `${base}/live/${code}.m3u8`, flv: `${base}/live/${code}.flv`, expiresAt: 0 };
  const { prefix, expiresAt } = playbackPrefix(ctx.config.LIVE_SECRET, code, ctx.now());
  return { hls: `${base}${prefix}/live/${code}.m3u8`, flv: `${base}${prefix}/live/${code}.flv`, expiresAt };
}
