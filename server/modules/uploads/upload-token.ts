import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
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
async function secretOf(ctx: AppContext): Promise<string> {
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = await ensureSecret(ctx);
    secrets.set(ctx, secret);
  }
  return secret;
}

const sign = async (ctx: AppContext, key: string, exp: number) =>
  createHmac('sha256', await secretOf(ctx))
    .update(`upload.${key}.${exp}`)
    .digest('base64url')
    .slice(0, 22);

/** A new key files/userupload/{schoolId}/{guid}.{EXT} and the token that lets an upload fill it. */
export async function issueUploadToken(
  ctx: AppContext,
  schoolId: string,
  ext: string,
): Promise<{ uptoken: string; key: string }> {
  const key = uploadKey(schoolId, ctx.ids.next(), ext);
  const exp = Math.floor(ctx.now() / 1000) + UPLOAD_TOKEN_TTL_SECONDS;
  return { uptoken: `${exp}.${Buffer.from(key).toString('base64url')}.${await sign(ctx, key, exp)}`, key };
}

/** The key a token announces, or null when it is malformed, forged or expired. */
export async function verifyUploadToken(
  ctx: AppContext,
  token: string,
): Promise<{ key: string; schoolId: string; guid: string; ext: string } | null> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const exp = Number(match[1]);
  if (exp * 1000 <= ctx.now()) return null;
  const key = Buffer.from(match[2]!, 'base64url').toString('utf8');
  const parts = parseUploadKey(key);
  if (!parts) return null;
  const expected = Buffer.from(await sign(ctx, key, exp));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { key, ...parts };
}

/**
 * Direct uploads to the object store (online release, STORAGE=s3): the uptoken names everything completion
 * checks, so any app node can finish the upload with no memory of the token call:
 * `d1.{base64url(JSON)}.{sig}`, sig = HMAC-SHA256(secret, `direct-upload.{payload}`), the JSON being the key
 * (which names the school), the uploader, the original name, the declared size and type, the visibility and
 * the expiry of the signed PUT (seconds). Completion is accepted for DIRECT_COMPLETE_GRACE_SECONDS after it
 * (a PUT begun in time may still be arriving).
 */
export const DIRECT_COMPLETE_GRACE_SECONDS = 3600;

export interface DirectUpload {
  key: string;
  uploadedBy: string;
  name: string;
  size: number;
  contentType: string;
  visibility: 'public' | 'owner';
  /** Expiry of the signed PUT, seconds since epoch. */
  exp: number;
}

const zDirect = z.object({
  k: z.string(),
  u: z.string().regex(/^(admin|student):\d{1,20}$/),
  n: z.string().min(1).max(255),
  z: z.number().int().nonnegative(),
  t: z.string().min(1).max(200),
  v: z.enum(['public', 'owner']),
  e: z.number().int(),
});

const signDirect = async (ctx: AppContext, payload: string) =>
  createHmac('sha256', await secretOf(ctx))
    .update(`direct-upload.${payload}`)
    .digest('base64url');

export async function issueDirectUploadToken(ctx: AppContext, upload: DirectUpload): Promise<string> {
  const { key: k, uploadedBy: u, name: n, size, contentType: t, visibility: v, exp: e } = upload;
  const payload = Buffer.from(JSON.stringify({ k, u, n, z: size, t, v, e })).toString('base64url');
  return `d1.${payload}.${await signDirect(ctx, payload)}`;
}

/**
 * What a direct-upload token says, with its school and guid, or null when it is malformed or forged;
 * `expired` once past its expiry and the grace.
 */
export async function verifyDirectUploadToken(
  ctx: AppContext,
  token: string,
): Promise<(DirectUpload & { schoolId: string; guid: string; ext: string; expired: boolean }) | null> {
  const match = /^d1\.([A-Za-z0-9_-]{1,3000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(await signDirect(ctx, match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = zDirect.safeParse(json);
  const parts = parsed.success ? parseUploadKey(parsed.data.k) : null;
  if (!parsed.success || !parts) return null;
  const { k, u, n, z: size, t, v, e } = parsed.data;
  const expired = (e + DIRECT_COMPLETE_GRACE_SECONDS) * 1000 <= ctx.now();
  return { key: k, uploadedBy: u, name: n, size, contentType: t, visibility: v, exp: e, ...parts, expired };
}
