import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { zLicencePayload, type LicencePayload } from '../../../shared/schemas/licence';

/**
 * The licence document (a signed document: Ed25519, verified offline against a configured public
 * key): text `<base64url(JSON payload)>.<base64url(Ed25519 signature of the payload bytes)>`, made by
 * scripts/licence.mjs issue. Pure: no database.
 */

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The configured public key: PEM, or base64 of the raw 32 bytes (both accepted); null when empty or unreadable. */
export function readPublicKey(text: string): KeyObject | null {
  const value = text.trim();
  if (!value) return null;
  try {
    if (value.includes('-----BEGIN')) {
      const key = createPublicKey(value.replace(/\\n/g, '\n'));
      return key.asymmetricKeyType === 'ed25519' ? key : null;
    }
    const raw = Buffer.from(value, 'base64');
    if (raw.length !== 32) return null;
    return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
}

/** The machine code shown to the administrator and named in licences: 'LX-' + 4 groups of 4 base32 characters of SHA-256(install id). */
export function machineCodeOf(installId: string): string {
  const digest = createHash('sha256').update(installId).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 16) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length >= 16) break;
  }
  return `LX-${out.match(/.{4}/g)!.join('-')}`;
}

export type Checked = { ok: true; payload: LicencePayload } | { ok: false; reason: 'badFormat' | 'badSignature' };

/** Splits, verifies the signature against the key, and parses the payload. */
export function checkSignature(text: string, key: KeyObject): Checked {
  const parts = text.trim().split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]) || !/^[A-Za-z0-9_-]+$/.test(parts[1]))
    return { ok: false, reason: 'badFormat' };
  const payloadBytes = Buffer.from(parts[0], 'base64url');
  const signature = Buffer.from(parts[1], 'base64url');
  if (signature.length !== 64) return { ok: false, reason: 'badFormat' };
  let valid = false;
  try {
    valid = verify(null, payloadBytes, key, signature);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'badSignature' };
  let json: unknown;
  try {
    json = JSON.parse(payloadBytes.toString('utf8'));
  } catch {
    return { ok: false, reason: 'badFormat' };
  }
  const parsed = zLicencePayload.safeParse(json);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, reason: 'badFormat' };
}
