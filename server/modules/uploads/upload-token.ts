import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { parseUploadKey, uploadKey } from '../../lib/storage';
import { ensureSecret } from '../schools/schools.service';

/**
 * Upload tokens (spec 7: GET token / video/token return uptoken and key; the lan upload accepts the token
 * field). The token announces the storage key an upload will get and is valid for a short time:
 * uptoken = `{exp}.{base64url(key)}.{sig}` with sig = HMAC-SHA256(secret, `upload.{key}.{exp}`) (first 22 chars).
 * It is a bearer token for that one key inside the uploader's school: the upload itself still needs a
 * signed-in admin or student of that school, and a key can be filled only once.
 */
export const UPLOAD_TOKEN_TTL_SECONDS = 15 * 60;

const secrets = new WeakMap<AppContext, string>();
function secretOf(ctx: AppContext): string {
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = ensureSecret(ctx);
    secrets.set(ctx, secret);
  }
  return secret;
}

const sign = (ctx: AppContext, key: string, exp: number) =>
  createHmac('sha256', secretOf(ctx)).update(`upload.${key}.${exp}`).digest('base64url').slice(0, 22);

/** A new key files/userupload/{schoolId}/{guid}.{EXT} and the token that lets an upload fill it. */
export function issueUploadToken(ctx: AppContext, schoolId: string, ext: string): { uptoken: string; key: string } {
  const key = uploadKey(schoolId, ctx.ids.next(), ext);
  const exp = Math.floor(ctx.now() / 1000) + UPLOAD_TOKEN_TTL_SECONDS;
  return { uptoken: `${exp}.${Buffer.from(key).toString('base64url')}.${sign(ctx, key, exp)}`, key };
}

/** The key a token announces, or null when it is malformed, forged or expired. */
export function verifyUploadToken(
  ctx: AppContext,
  token: string,
): { key: string; schoolId: string; guid: string; ext: string } | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const exp = Number(match[1]);
  if (exp * 1000 <= ctx.now()) return null;
  const key = Buffer.from(match[2]!, 'base64url').toString('utf8');
  const parts = parseUploadKey(key);
  if (!parts) return null;
  const expected = Buffer.from(sign(ctx, key, exp));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { key, ...parts };
}
