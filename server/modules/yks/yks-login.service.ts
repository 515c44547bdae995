/**
 * The exam platform's sign-in (issue 19 'yks mode, complete'; spec 1 model=yks, spec 6 'yks mode changes
 * login', spec 7 yks/login/status).
 *
 * Choices where the spec is silent:
 * - The platform sends the browser to GET yks/login?assertion=<compact JWS> (a navigation of the frame: a POST
 *   from its origin would be a cross-site write). The assertion is verified with jose: the configured algorithm
 *   only, iss = the configured issuer, aud = the school's hashed id, exp at most 5 min ahead, 60 s clock skew,
 *   sub and jti required. Its jti is recorded in used_assertions in the same transaction as the session, so
 *   it opens one session, once.
 * - The student is the one linked to sub (external_identities 'yks'), else the school's student with the
 *   assertion's username (then linked), else a new one (username = the assertion's or yks_<sub>, no password).
 * - groups (optional, an array of names): the student joins the school's student groups of those names at each
 *   sign-in (at most 50; unknown names are skipped; no group is ever left), so the course group check follows
 *   the platform's classes.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt, importSPKI, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import {
  YKS_CLOCK_SKEW_S,
  YKS_ERRORS,
  YKS_MAX_LIFETIME_S,
  type YksStatus,
  type YksStored,
} from '../../../shared/schemas/yks';
import { yksReturnPath } from '../../../shared/rules/yks';
import type { AppContext, Auth } from '../../context';
import { badInput, conflict, forbidden, notFound } from '../../lib/errors';
import * as accounts from '../auth/accounts.repository';
import { openSession } from '../auth/auth.service';
import { resolveSchool, schoolHomePath } from '../schools/schools.service';
import { insertStudents } from '../students/student-writes';
import { loadYks, openSecret } from './yks-settings.service';
import * as repo from './yks.repository';
import { assertSeats } from '../licence/seats';

type Key = Awaited<ReturnType<typeof importSPKI>> | Uint8Array;
const publicKeys = new Map<string, Promise<Key>>();

async function verificationKey(ctx: AppContext, yks: YksStored): Promise<Key> {
  if (yks.alg === 'HS256') return new TextEncoder().encode(await openSecret(ctx, yks.secret));
  const id = `${yks.alg}\n${yks.publicKey}`;
  let key = publicKeys.get(id);
  if (!key) {
    if (publicKeys.size > 100) publicKeys.clear();
    publicKeys.set(id, (key = importSPKI(yks.publicKey, yks.alg)));
  }
  return key;
}

/** The school an assertion names: the uid given, else its (unverified) aud, checked on verification. */
async function schoolOf(ctx: AppContext, uid: string | undefined, assertion: string) {
  let code = uid;
  if (!code) {
    try {
      const aud = decodeJwt(assertion).aud;
      code = typeof aud === 'string' ? aud : undefined;
    } catch {
      throw badInput(YKS_ERRORS.badAssertion);
    }
  }
  const school = code ? await resolveSchool(ctx, code) : undefined;
  if (!school) throw notFound('school not found');
  return school;
}

/** The assertion's groups claim: up to 50 non-empty names. */
const groupNames = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .map((name) => text(name, 64))
        .filter(Boolean)
        .slice(0, 50)
    : [];

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** Verifies an assertion for a school: its claims, or 400 with the reason logged. */
export async function verifyAssertion(ctx: AppContext, schoolId: string, assertion: string): Promise<JWTPayload> {
  const yks = await loadYks(ctx, schoolId);
  if (!yks.enabled) throw notFound(YKS_ERRORS.notConfigured);
  try {
    const { payload } = await jwtVerify(assertion, await verificationKey(ctx, yks), {
      algorithms: [yks.alg],
      issuer: yks.issuer || undefined,
      audience: ctx.uidCodec.encode(schoolId),
      clockTolerance: YKS_CLOCK_SKEW_S,
      requiredClaims: ['exp', 'jti', 'sub', 'aud'],
      currentDate: new Date(ctx.now()),
    });
    if (payload.exp! * 1000 > ctx.now() + (YKS_MAX_LIFETIME_S + YKS_CLOCK_SKEW_S) * 1000) {
      throw new joseErrors.JWTClaimValidationFailed('exp too far ahead', payload, 'exp', 'check_failed');
    }
    if (!text(payload.sub, 200) || !text(payload.jti, 200)) {
      throw new joseErrors.JWTClaimValidationFailed('empty sub or jti', payload, 'sub', 'check_failed');
    }
    return payload;
  } catch (error) {
    const reason = error instanceof joseErrors.JOSEError ? error.code : 'invalid';
    ctx.log.info({ schoolId, reason }, 'yks assertion refused');
    throw badInput(YKS_ERRORS.badAssertion, { reason });
  }
}

/** A path on this site (never another host), with model=yks kept (shared/rules/yks). */
export function returnPath(ctx: AppContext, schoolId: string, wanted: string | undefined): string {
  return yksReturnPath(wanted, schoolHomePath(ctx, schoolId));
}

/** Finishes a yks sign-in: the session token and where to go. */
export async function yksLogin(
  ctx: AppContext,
  input: { uid?: string; assertion: string; return?: string },
  client: { ip: string; userAgent: string },
): Promise<{ token: string; redirect: string }> {
  const school = await schoolOf(ctx, input.uid, input.assertion);
  const claims = await verifyAssertion(ctx, school.id, input.assertion);
  const started = performance.now();
  const sub = text(claims.sub, 200);
  const username = text(claims.username, 64);
  const name = text(claims.name, 64);
  const now = ctx.now();
  const opened = await ctx.db.transaction(async (tx) => {
    // Used assertions are kept only until they expire (indexed on expires_at: a small delete).
    await repo.sweepAssertions(tx, now - YKS_CLOCK_SKEW_S * 1000);
    if (!(await repo.useAssertion(tx, school.id, text(claims.jti, 200), now, claims.exp! * 1000))) {
      throw conflict(YKS_ERRORS.replayed);
    }
    let studentId = await repo.linkedStudentId(tx, school.id, sub);
    if (!studentId && username) studentId = (await accounts.findStudentByUsername(tx, school.id, username))?.id;
    if (!studentId) {
      // A new student takes a licence seat, as every other way of making one does.
      await assertSeats(ctx, school.id, 1, tx);
      studentId = ctx.ids.next();
      const wanted = username || `yks_${sub}`.slice(0, 64);
      const taken = await accounts.findStudentByUsername(tx, school.id, wanted);
      await insertStudents(tx, [
        {
          id: studentId,
          schoolId: school.id,
          username: taken ? `yks_${randomUUID().slice(0, 8)}` : wanted,
          name: name || wanted,
          passwordHash: null,
          createdAt: now,
        },
      ]);
    }
    const student = await accounts.findStudent(tx, studentId);
    if (!student || student.disabled) throw forbidden('account disabled');
    await repo.linkIdentity(tx, school.id, sub, student.id, now);
    await repo.joinNamedGroups(tx, school.id, student.id, groupNames(claims.groups));
    return await openSession(ctx, 'student', student, client);
  });
  ctx.log.info({ schoolId: school.id, ms: performance.now() - started }, 'yks login');
  return { token: opened.token, redirect: returnPath(ctx, school.id, input.return) };
}

/** Starts a yks sign-in: the platform's login address with the school and the way back. */
export async function startAddress(
  ctx: AppContext,
  uid: string | undefined,
  back: (uid: string) => string,
): Promise<string> {
  const school = uid ? await resolveSchool(ctx, uid) : undefined;
  if (!school) throw notFound('school not found');
  const yks = await loadYks(ctx, school.id);
  if (!yks.enabled || !yks.loginUrl) throw notFound(YKS_ERRORS.notConfigured);
  const hash = ctx.uidCodec.encode(school.id);
  const url = new URL(yks.loginUrl);
  url.searchParams.set('uid', hash);
  url.searchParams.set('return', back(hash));
  return url.toString();
}

/** GET yks/login/status. */
export async function status(ctx: AppContext, auth: Auth, uid: string | undefined, prefix: string): Promise<YksStatus> {
  const school = uid ? await resolveSchool(ctx, uid) : auth.schoolId ? { id: auth.schoolId } : undefined;
  if (uid && !school) throw notFound('school not found');
  const yks = school ? await loadYks(ctx, school.id) : undefined;
  const enabled = !!yks?.enabled;
  const hash = school ? ctx.uidCodec.encode(school.id) : '';
  return {
    enabled,
    login: !!school && auth.role === 'student' && auth.schoolId === school.id,
    loginUrl: enabled ? `${prefix}yks/login?uid=${encodeURIComponent(hash)}` : '',
    origins: enabled ? [...yks.origins] : [],
  };
}
