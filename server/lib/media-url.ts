import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed URLs for a resource's files: /media/{token}/{rid}/{path}.
 * The server checks that a viewer may study a chapter once, when it hands out the URL; every later
 * request (each HLS segment, each PDF range) is checked by verifying the token alone, with no database
 * read. Relative URLs inside a playlist keep the token prefix, so segments need no signing of their own.
 *
 * token = `{exp}.{flag}.{sig}`: exp in unix seconds, flag 'v' (view) or 'd' (view and download),
 * sig = the first 22 base64url characters of HMAC-SHA256(secret, `media.{rid}.{exp}.{flag}`).
 * path is 'source' (the uploaded file itself) or a path under files/derived/{rid}/ (hls/index.m3u8, ...).
 */
const EXPIRY_STEP_S = 600;

export type MediaGrant = { rid: string; download: boolean; expiresAt: number };

export class MediaSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly nowMs: () => number,
  ) {}

  private sign(rid: string, exp: number, flag: string): string {
    return createHmac('sha256', this.secret).update(`media.${rid}.${exp}.${flag}`).digest('base64url').slice(0, 22);
  }

  /**
   * A token for a resource, valid for at least the configured lifetime. The expiry is rounded up to a
   * 10-minute step, so the same URL comes back for a while and browsers can cache what it names.
   */
  token(rid: string, options: { download?: boolean } = {}): string {
    const exp = Math.ceil((Math.floor(this.nowMs() / 1000) + this.ttlSeconds) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
    const flag = options.download ? 'd' : 'v';
    return `${exp}.${flag}.${this.sign(rid, exp, flag)}`;
  }

  /** The URL prefix of a resource's files, ending in '/': append 'source' or a derived path. */
  prefix(rid: string, options: { download?: boolean } = {}): string {
    return `/media/${this.token(rid, options)}/${rid}/`;
  }

  /** The grant a token carries for a resource, or null when it is malformed, forged or expired. */
  verify(token: string, rid: string): MediaGrant | null {
    const match = /^(\d{1,12})\.([vd])\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return null;
    const exp = Number(match[1]);
    if (exp * 1000 <= this.nowMs()) return null;
    const expected = Buffer.from(this.sign(rid, exp, match[2]!));
    const given = Buffer.from(match[3]!);
    if (!timingSafeEqual(expected, given)) return null;
    return { rid, download: match[2] === 'd', expiresAt: exp * 1000 };
  }
}
