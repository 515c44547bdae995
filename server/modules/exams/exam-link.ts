/**
 * The exam URL's sealed parameters (spec 7: "Exam URLs carry query parameters: key, returnURL, exid (encrypted
 * user id and chapter), from, s (base64 user id), token"): exid is encrypted
 * (authenticated encryption, not base64) and checked on arrival.
 *
 * - exid: AES-256-GCM of {u: student id, e: exam id, c: chapter id ('' for a standalone exam), x: expiry},
 *   written base64url(iv 12 | tag 16 | ciphertext). The key is derived (HKDF-SHA256) from the app's secret
 *   (ensureSecret: SESSION_SECRET or the generated one kept in the database), so only this installation can
 *   make or read one; a changed byte fails the tag.
 * - token: HMAC-SHA256 over {student, school, expiry}, short-lived (TOKEN_TTL): what the built-in engine
 *   checks to know the link was handed to this student of this school.
 * - loginKey (the URL's key): the school's hashUID. It names the school to the exam engine; it is not a secret.
 * - s: base64 of the student id, as the spec says — informative only, never trusted (exid is what counts).
 *
 * Choices where the spec is silent: an exid lives 24 hours, a token 2 hours; a refused exid answers 403
 * 'examLinkInvalid' (tampered or unreadable), 'examLinkForeign' (another student's) or 'examLinkExpired'.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';

export const EXID_TTL_MS = 24 * 3600 * 1000;
export const TOKEN_TTL_MS = 2 * 3600 * 1000;

export interface ExidPayload {
  studentId: string;
  examId: string;
  chapterId: string;
}

export class ExamLinks {
  private readonly key: Buffer;
  private readonly macKey: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'lanxue', 'exam-exid', 32));
    this.macKey = Buffer.from(hkdfSync('sha256', secret, 'lanxue', 'exam-token', 32));
  }

  /** Seals a student's link to an exam (and its chapter). */
  sealExid(payload: ExidPayload): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const plain = JSON.stringify({
      u: payload.studentId,
      e: payload.examId,
      c: payload.chapterId,
      x: this.now() + EXID_TTL_MS,
    });
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** Opens an exid for the signed-in student, or throws 403 (tampered, foreign or expired). */
  openExid(exid: string, studentId: string): ExidPayload {
    let parsed: { u?: unknown; e?: unknown; c?: unknown; x?: unknown };
    try {
      const raw = Buffer.from(exid, 'base64url');
      if (raw.length < 29) throw new Error('short');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      parsed = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
    } catch {
      throw new AppError(403, 'examLinkInvalid');
    }
    if (
      typeof parsed.u !== 'string' ||
      typeof parsed.e !== 'string' ||
      typeof parsed.c !== 'string' ||
      typeof parsed.x !== 'number'
    )
      throw new AppError(403, 'examLinkInvalid');
    if (parsed.u !== studentId) throw new AppError(403, 'examLinkForeign');
    if (parsed.x <= this.now()) throw new AppError(403, 'examLinkExpired');
    return { studentId: parsed.u, examId: parsed.e, chapterId: parsed.c };
  }

  /** A short-lived token binding the student and the school. */
  token(studentId: string, schoolId: string): string {
    const body = `${studentId}.${schoolId}.${this.now() + TOKEN_TTL_MS}`;
    return `${Buffer.from(body).toString('base64url')}.${this.mac(body)}`;
  }

  /** Whether a token is this student's of this school and still valid. */
  checkToken(token: string, studentId: string, schoolId: string): boolean {
    const [encoded, mac] = token.split('.');
    if (!encoded || !mac) return false;
    const body = Buffer.from(encoded, 'base64url').toString('utf8');
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    const [sid, school, expiry] = body.split('.');
    return sid === studentId && school === schoolId && Number(expiry) > this.now();
  }

  private mac(body: string): string {
    return createHmac('sha256', this.macKey).update(body).digest('base64url');
  }
}
