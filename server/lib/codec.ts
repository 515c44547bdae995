import { createHmac } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = 62n;
const MASK32 = 0xffffffffn;
const MAX64 = (1n << 64n) - 1n;
const ROUNDS = 4;

/**
 * Reversible, keyed encoding of numeric ids for URLs (course ids, hashed parent ids).
 * A 4-round Feistel permutation over 64 bits keyed with HMAC-SHA256, written in base 62:
 * neighbouring ids give unrelated codes, and only this installation can decode them.
 */
export class IdCodec {
  /** Codes of recently used ids both ways; cleared when full (ids are few and hot). */
  private readonly codes = new Map<string, string>();
  private readonly ids = new Map<string, string | null>();

  constructor(
    private readonly secret: string,
    private readonly domain: string,
  ) {}

  private remember<V>(map: Map<string, V>, key: string, value: V): V {
    if (map.size >= 10_000) map.clear();
    map.set(key, value);
    return value;
  }

  private round(half: bigint, round: number): bigint {
    const mac = createHmac('sha256', this.secret).update(`${this.domain}:${round}:${half}`).digest();
    return BigInt(mac.readUInt32BE(0));
  }

  encode(id: string): string {
    return this.codes.get(id) ?? this.remember(this.codes, id, this.permute(id));
  }

  /** The id behind a code, or null for anything that is not a code of this codec. */
  decode(code: string): string | null {
    const known = this.ids.get(code);
    if (known !== undefined) return known;
    return /^[0-9A-Za-z]{1,11}$/.test(code) ? this.remember(this.ids, code, this.unpermute(code)) : null;
  }

  private permute(id: string): string {
    let value = BigInt(id);
    if (value < 0n || value > MAX64) throw new Error('id out of range');
    let left = value >> 32n;
    let right = value & MASK32;
    for (let r = 0; r < ROUNDS; r++) [left, right] = [right, left ^ this.round(right, r)];
    value = (left << 32n) | right;
    let out = '';
    do {
      out = ALPHABET[Number(value % BASE)] + out;
      value /= BASE;
    } while (value > 0n);
    return out;
  }

  private unpermute(code: string): string | null {
    let value = 0n;
    for (const char of code) value = value * BASE + BigInt(ALPHABET.indexOf(char));
    if (value > MAX64) return null;
    let left = value >> 32n;
    let right = value & MASK32;
    for (let r = ROUNDS - 1; r >= 0; r--) [left, right] = [right ^ this.round(left, r), left];
    const id = ((left << 32n) | right).toString();
    // Only canonical codes decode: leading zeros or another spelling of the same number are refused.
    return this.permute(id) === code ? id : null;
  }
}
