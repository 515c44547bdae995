#!/usr/bin/env node
// Licence tool: makes a key pair and issues licences; no private key lives in
// the repository. Keep the private key off the server and out of the repository; the server only needs the
// public key (LICENCE_PUBLIC_KEY).
//
//   node scripts/licence.mjs keygen --out <dir>
//       writes <dir>/private.pem (mode 600) and prints the public key for LICENCE_PUBLIC_KEY
//   node scripts/licence.mjs issue --key <private.pem> --school <name> --machine <code> --seats N --expires yyyy-MM-dd
//                                  [--school-id <id>] [--licensee <text>]
//       prints a licence: <base64url(JSON payload)>.<base64url(Ed25519 signature of the payload bytes)>
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The raw 32-byte public key, base64 (the short form LICENCE_PUBLIC_KEY accepts besides PEM). */
export function rawPublicKey(publicKey) {
  const key = typeof publicKey === 'object' && publicKey.type === 'public' ? publicKey : createPublicKey(publicKey);
  const der = key.export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - 32).toString('base64');
}

/** Signs a licence payload with an Ed25519 private key (KeyObject or PEM). */
export function issueLicence(privateKey, payload) {
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  const signature = sign(null, bytes, typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey);
  return `${bytes.toString('base64url')}.${signature.toString('base64url')}`;
}

function options(args) {
  const out = {};
  for (let i = 0; i < args.length; i += 1) {
    if (!args[i].startsWith('--')) throw new Error(`unexpected argument ${args[i]}`);
    out[args[i].slice(2)] = args[i + 1];
    i += 1;
  }
  return out;
}

function need(opts, name) {
  const value = opts[name];
  if (value === undefined || value === '') throw new Error(`--${name} is required`);
  return value;
}

function keygen(opts) {
  const dir = path.resolve(need(opts, 'out'));
  const file = path.join(dir, 'private.pem');
  if (fs.existsSync(file)) throw new Error(`${file} exists: refusing to overwrite a private key`);
  fs.mkdirSync(dir, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  fs.writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  console.log(`private key: ${file} (keep it secret, never on the server or in the repository)`);
  console.log('public key, for LICENCE_PUBLIC_KEY (either form):');
  console.log(rawPublicKey(publicKey));
  console.log(publicKey.export({ format: 'pem', type: 'spki' }).toString().trim());
}

function issue(opts) {
  const key = fs.readFileSync(path.resolve(need(opts, 'key')), 'utf8');
  const seats = Number(need(opts, 'seats'));
  if (!Number.isInteger(seats) || seats < 0) throw new Error('--seats must be a whole number');
  const expires = need(opts, 'expires');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || Number.isNaN(Date.parse(expires)))
    throw new Error('--expires must be a date yyyy-MM-dd');
  const payload = {
    v: 1,
    school: need(opts, 'school'),
    ...(opts['school-id'] ? { schoolId: opts['school-id'] } : {}),
    machineCode: need(opts, 'machine').trim().toUpperCase(),
    seats,
    expiresAt: expires,
    issuedAt: new Date().toISOString(),
    ...(opts.licensee ? { licensee: opts.licensee } : {}),
  };
  console.log(issueLicence(key, payload));
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === 'keygen') keygen(options(rest));
    else if (command === 'issue') issue(options(rest));
    else {
      console.error(
        'usage: node scripts/licence.mjs keygen --out <dir> | issue --key <private.pem> --school <name> --machine <code> --seats N --expires yyyy-MM-dd',
      );
      process.exit(2);
    }
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
