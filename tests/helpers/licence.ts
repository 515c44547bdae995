import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/** An Ed25519 key pair made in memory (no private key in the repository) and its public key as PEM for LICENCE_PUBLIC_KEY. */
export function licenceKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, publicKey, pem, raw: der.subarray(der.length - 32).toString('base64') };
}

/** Signs a licence as scripts/licence.mjs issue does: <base64url(JSON payload)>.<base64url(signature)>. */
export function signLicence(privateKey: KeyObject, payload: Record<string, unknown>): string {
  const bytes = Buffer.from(JSON.stringify({ v: 1, issuedAt: '2026-01-01', ...payload }), 'utf8');
  return `${bytes.toString('base64url')}.${sign(null, bytes, privateKey).toString('base64url')}`;
}
