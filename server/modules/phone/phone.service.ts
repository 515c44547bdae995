/**
 * Phone binding (spec 7 bindPhoneNum, checkVerification, check wechat bind; issue 19). In the lan release no
 * messaging-app account can be reached, so "bound" means a phone checked with a code: the student's phone column
 * holds the number and a used code of theirs names it.
 *
 * Choices where the spec is silent:
 * - Codes are 6 digits from crypto.randomInt; only an HMAC of the code under a key derived from the install
 *   secret is stored (phone_codes.code_hash). Limits: shared/rules/phone-codes (PHONE_CODES).
 * - The SMS goes at once through the school's gateway of the notices issue (inform loadSettings + sendSms), not
 *   through inform_queue, which keeps a message's body in plain text. The code is never logged. A failed
 *   gateway answers 502 and the code is dropped (it did not go out).
 * - A school without a gateway: the code is kept sealed (AES-256-GCM under a key of the install secret,
 *   server/lib/sealed.ts) in its phone_codes row and listed to the school's administrators holding 'student'
 *   (student/phoneCodes) until it is used, replaced by a newer one or expires: any app node can read it out, and a
 *   restart loses nothing.
 * - A number is refused when another student of the school holds it by a checked code; another school's
 *   bindings are never looked at.
 */
import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../../shared/constants';
import { checkOutcome, PHONE_CODES, PHONE_ERRORS, maskPhone, sendRefusal } from '../../../shared/rules/phone-codes';
import type { BindState, CodeSent, PendingCode } from '../../../shared/schemas/phone';
import type { AppContext, Auth } from '../../context';
import { AppError, badInput, conflict } from '../../lib/errors';
import { seal, unseal } from '../../lib/sealed';
import { ownStudent } from '../account/account.service';
import { adminProfile } from '../admins/admins.service';
import { loadSettings } from '../inform/inform-settings.service';
import { schoolName } from '../inform/inform.repository';
import { sendSms } from '../inform/transport';
import { ensureSecret } from '../schools/schools.service';
import { updateStudent } from '../students/student-writes';
import * as repo from './phone.repository';
import { mapAsync } from '../../lib/sequential';

async function codeHash(ctx: AppContext, id: string, code: string): Promise<string> {
  const key = Buffer.from(hkdfSync('sha256', await ensureSecret(ctx), 'lanxue', 'phone-code', 32));
  return createHmac('sha256', key).update(`${id}:${code}`).digest('hex');
}

/** The purpose of the key a code read out by an administrator is sealed under. */
const SEAL_PURPOSE = 'phone-code-read-out';

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

const WORDING: Record<Locale, (school: string, code: string) => string> = {
  'zh-CN': (school, code) => `【${school}】您的验证码是 ${code}，10 分钟内有效。`,
  'en-gb': (school, code) => `${school}: your verification code is ${code}. It is good for 10 minutes.`,
};

const throttled = (error: string, retryAfter: number) =>
  new AppError(429, error, { retryAfter }, { 'retry-after': String(retryAfter) });

/** POST stu/bindPhoneNum. */
export async function sendCode(ctx: AppContext, auth: Auth, phone: string, ip: string): Promise<CodeSent> {
  const { student } = await ownStudent(ctx, auth);
  const schoolId = student.schoolId;
  if (await repo.boundToOther(ctx.db, schoolId, phone, student.id)) throw conflict(PHONE_ERRORS.phoneTaken);
  const now = ctx.now();
  const refusal = sendRefusal(
    {
      lastForStudentOrNumber: await repo.lastSent(ctx.db, schoolId, student.id, phone),
      numberTimes: await repo.numberTimes(ctx.db, schoolId, phone, now - PHONE_CODES.dayMs),
      addressTimes: await repo.addressTimes(ctx.db, ip, now - PHONE_CODES.hourMs),
    },
    now,
  );
  if (refusal) throw throttled(refusal.error, refusal.retryAfter);
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** PHONE_CODES.digits)).padStart(PHONE_CODES.digits, '0');
  const expiresAt = now + PHONE_CODES.ttlMs;
  const reply = { resendAfter: PHONE_CODES.resendMs / 1000, expiresIn: PHONE_CODES.ttlMs / 1000 };
  const settings = await loadSettings(ctx, schoolId);
  const viaAdmin = !settings?.config.sms.url;
  // Written before the gateway is awaited, so requests arriving meanwhile count it.
  await ctx.db.transaction(async (tx) => {
    await repo.forgetOlder(tx, student.id, phone);
    await repo.insertCode(tx, {
      id,
      schoolId,
      studentId: student.id,
      phone,
      codeHash: await codeHash(ctx, id, code),
      codeSealed: viaAdmin ? await seal(ctx, SEAL_PURPOSE, code) : null,
      ip,
      createdAt: now,
      expiresAt,
    });
  });
  if (viaAdmin) return { via: 'admin', ...reply };
  const text = WORDING[settings.locale](await schoolName(ctx.db, schoolId), code);
  try {
    await sendSms(settings.config.sms, { phone, text }, ctx.config.INFORM_TIMEOUT_MS);
  } catch (error) {
    await repo.deleteCode(ctx.db, id);
    // Only the answer's first words ('HTTP 500', 'gateway unreachable'): a gateway may echo the message, whose code
    // must stay out of the log.
    const reason = String((error as Error)?.message ?? error).split(':')[0];
    ctx.log.warn({ schoolId, reason }, 'phone code sms failed');
    throw new AppError(502, 'sms gateway failed');
  }
  return { via: 'sms', ...reply };
}

/** POST stu/checkVerification: the code checked, the phone bound to the student. */
export async function checkCode(ctx: AppContext, auth: Auth, phone: string, code: string): Promise<BindState> {
  const { student } = await ownStudent(ctx, auth);
  const row = await repo.newestCode(ctx.db, student.id, phone);
  const now = ctx.now();
  const outcome = checkOutcome(row, !!row && sameHash(row.codeHash, await codeHash(ctx, row.id, code)), now);
  if (outcome === 'wrongCode') await repo.countTry(ctx.db, row!.id, row!.attempts + 1);
  if (outcome !== 'ok') throw badInput(PHONE_ERRORS[outcome]);
  await ctx.db.transaction(async (tx) => {
    if (await repo.boundToOther(tx, student.schoolId, phone, student.id)) throw conflict(PHONE_ERRORS.phoneTaken);
    await repo.markUsed(tx, row!.id, now);
    await updateStudent(tx, student.id, { phone }, now);
  });
  return { bind: true, phone };
}

/** GET stu/wechat/bind (check wechat bind). */
export async function bindState(ctx: AppContext, auth: Auth): Promise<BindState> {
  const { student } = await ownStudent(ctx, auth);
  const bind = await repo.isBound(ctx.db, student.id, student.phone);
  return { bind, phone: bind ? student.phone : '' };
}

/** GET student/phoneCodes: the school's codes waiting to be read out; the number whole for the main account only. */
export async function pendingCodes(
  ctx: AppContext,
  admin: { schoolId: string; userId: string },
): Promise<{ list: PendingCode[] }> {
  const whole = (await adminProfile(ctx, admin.userId)).adminType === '0';
  const list = await mapAsync(await repo.sealedCodes(ctx.db, admin.schoolId, ctx.now()), async (row) => ({
    id: row.id,
    phone: whole ? row.phone : maskPhone(row.phone),
    studentName: row.studentName,
    username: row.username,
    code: await unseal(ctx, SEAL_PURPOSE, row.sealed!),
    expiresAt: row.expiresAt,
  }));
  return { list };
}
