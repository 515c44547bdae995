import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { ensureSecret } from '../modules/schools/schools.service';

/**
 * A secret kept encrypted at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the install secret for
 * one purpose, written base64url(iv 12 | tag 16 | ciphertext). The same scheme as the LDAP bind password.
 */
async function key(ctx: AppContext, purpose: string): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await ensureSecret(ctx), 'lanxue', purpose, 32));
}

export async function seal(ctx: AppContext, purpose: string, plain: string): Promise<string> {
  if (plain === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(ctx, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text, or '' when sealed under another install's secret (it must be entered again). */
export async function unseal(ctx: AppContext, purpose: string, sealed: string): Promise<string> {
  if (sealed === '') return '';
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', await key(ctx, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}
