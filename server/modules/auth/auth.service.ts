import crypto, { createHash, randomBytes } from 'node:crypto';
import { LOGIN_THROTTLE, SESSION_TTL_MS } from '../../../shared/constants';
import { ERRORS } from '../../../shared/envelope';
import type { LoginResult, LoginState, UserData, Role, zLogin, zRedirect } from '../../../shared/schemas/auth';
import type { z } from 'zod';
import { countDelayedFailure, countFailure, retryAfterSeconds } from '../../../shared/rules/login-throttle';
import { formatDate } from '../../../shared/rules/dates';
import { loginNameKey } from '../../../shared/rules/login-name';
import type { AppContext, Auth } from '../../context';
import type { Db } from '../../db/client';
import { AppError, forbidden, noLogin, notFound, tooMany } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import * as accounts from './accounts.repository';
import * as sessionsRepo from './sessions.repository';
import { TtlCache } from '../../lib/ttl-cache';
import { resolveSchool, schoolHomePath } from '../schools/schools.service';
import { directoryLogin } from '../ldap/ldap-auth.service';
import { studentsMustUseSso } from '../oidc/oidc-settings.service';
import { OIDC_ERRORS } from '../../../shared/schemas/oidc';
import { type MaybePromise, thenMaybe } from '../../lib/sequential';
import { purgeEvents } from '../throttles/recent-events';

export const GUEST: Auth = { role: 'guest', schoolId: null, userId: null, tokenHash: null };

// crypto.hash (Node 21.7+, the image's Node 22) hashes in one call; createHash where it is missing (Node 20).
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;
/** The SHA-256 of a session token as stored (sessions keep no raw token). */
export const hashToken = (token: string) =>
  oneShot ? oneShot('sha256', token, 'hex') : createHash('sha256').update(token).digest('hex');

const sessionCaches = new WeakMap<AppContext, TtlCache<string, sessionsRepo.Session>>();

/**
 * The session row of a token, kept in memory for a minute: it is read on every request. Any write to the
 * row (logout, a newer login kicking it, purging) forgets it at once through the change feed.
 */
function findSessionCached(ctx: AppContext, tokenHash: string): MaybePromise<sessionsRepo.Session | undefined> {
  let cache = sessionCaches.get(ctx);
  if (!cache) {
    const created = new TtlCache<string, sessionsRepo.Session>(60_000, 50_000, Date.now);
    ctx.changes.on(['sessions'], (key) => created.delete(key));
    sessionCaches.set(ctx, (cache = created));
  }
  if (ctx.changes.inTransaction) return sessionsRepo.findSession(ctx.db, tokenHash);
  return cache.getOrLoad(tokenHash, () => sessionsRepo.findSession(ctx.db, tokenHash));
}

/** Reads the session behind a cookie token; ended or expired sessions count as a guest. */
export function authenticate(ctx: AppContext, token: string | undefined): MaybePromise<Auth> {
  if (!token || token.length > 128) return GUEST;
  const tokenHash = hashToken(token);
  return thenMaybe(findSessionCached(ctx, tokenHash), (session): Auth => {
    if (!session || session.endedAt !== null || session.expiresAt <= ctx.now()) return { ...GUEST, tokenHash };
    return { role: session.role, schoolId: session.schoolId, userId: session.userId, tokenHash };
  });
}

export interface LoginThrottle {
  /** 429 while this account from this address, or this address, must wait. */
  check(): Promise<void>;
  /** Counts a wrong password. */
  fail(): Promise<void>;
  /** Forgets the account's failures from this address (a right password). */
  clear(db?: Db): Promise<void>;
}

/**
 * The login throttle (shared/rules/login-throttle) for one account from one address: do/login, ldap/auth
 * and the old password of stu/password. Keyed by the account and the address together, so failures from
 * other addresses never keep the owner out; the address's own counter limits guessing across accounts.
 */
export function loginThrottle(
  ctx: AppContext,
  account: { role: Role; schoolId: string; username: string },
  ip: string,
): LoginThrottle {
  const name = `acct:${account.role}:${account.schoolId}:${loginNameKey(account.username).toLowerCase()}`;
  const pair = `${name}@${ip}`;
  const address = `ip:${ip}`;
  return {
    async check() {
      const now = ctx.now();
      const wait = Math.max(
        0,
        ...(await sessionsRepo.findAttempts(ctx.db, [pair, address])).map((a) => retryAfterSeconds(a, now)),
      );
      if (wait > 0) throw tooMany(wait);
    },
    async fail() {
      const now = ctx.now();
      const existing = new Map((await sessionsRepo.findAttempts(ctx.db, [pair, address])).map((a) => [a.key, a]));
      await sessionsRepo.saveAttempt(ctx.db, { key: pair, ...countDelayedFailure(existing.get(pair), now) });
      await sessionsRepo.saveAttempt(ctx.db, {
        key: address,
        ...countFailure(existing.get(address), now, LOGIN_THROTTLE.perAddress),
      });
    },
    async clear(db = ctx.db) {
      await sessionsRepo.clearAttempts(db, pair);
    },
  };
}

/**
 * POST do/login. Says the same thing for an unknown user and a wrong password, throttles (loginThrottle)
 * per account and address and per address, and ends the student's other sessions (one live session per student).
 */
export async function login(
  ctx: AppContext,
  input: z.output<typeof zLogin>,
  client: { ip: string; userAgent: string; returnUrl?: string },
  options: { directory?: boolean } = {},
) {
  const school = input.role === 'student' ? await resolveSchool(ctx, input.school) : undefined;
  if (input.role === 'student' && !school) throw notFound('school not found');
  // Issue 19: a school that requires single sign-on for students refuses their passwords.
  if (input.role === 'student' && (await studentsMustUseSso(ctx, school!.id))) throw forbidden(OIDC_ERRORS.ssoRequired);
  const throttle = loginThrottle(
    ctx,
    { role: input.role, schoolId: school?.id ?? '', username: input.username },
    client.ip,
  );
  await throttle.check();

  let account =
    input.role === 'admin'
      ? await accounts.findAdminByUsername(ctx.db, input.username)
      : await accounts.findStudentByLoginName(ctx.db, school!.id, input.username);
  let passwordOk: boolean;
  const student = account && 'source' in account ? account : null;
  if (input.role === 'student' && (student?.source === 'ldap' || (!account && options.directory))) {
    // lan release, directory login (spec 7 'GET/POST ldap/auth'): a directory account proves its password by a
    // bind (ldap/auth may also create one); 503 when down.
    const bound = await directoryLogin(ctx, school!.id, input.username, input.password, student);
    account = bound ?? account;
    passwordOk = !!bound;
  } else {
    passwordOk = await verifyPassword(account?.passwordHash ?? null, input.password);
  }
  if (!account || !passwordOk || account.disabled) {
    await throttle.fail();
    throw new AppError(401, ERRORS.badCredentials);
  }
  await throttle.clear();
  return await openSession(ctx, input.role, account, client);
}

/**
 * Starts a session for an account that has just proved who it is (a password login, a directory bind, a
 * registration): a new token, one live session per student, the login time, and the reply of do/login.
 */
export async function openSession(
  ctx: AppContext,
  role: Role,
  account: { id: string; schoolId: string },
  client: { ip: string; userAgent: string; returnUrl?: string },
): Promise<{ token: string; result: LoginResult }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await sessionsRepo.insertSession(tx, {
      tokenHash,
      role,
      userId: account.id,
      schoolId: account.schoolId,
      createdAt: now,
      expiresAt: now + SESSION_TTL_MS,
      lastSeenAt: now,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 300),
    });
    if (role === 'student') await sessionsRepo.kickOtherSessions(tx, 'student', account.id, tokenHash, now);
    await accounts.recordLogin(tx, role, account.id, now);
  });
  const auth: Auth = { role, schoolId: account.schoolId, userId: account.id, tokenHash };
  const state = await loginState(ctx, auth);
  const result: LoginResult = {
    role,
    userData: state.userData,
    adminType: state.adminType,
    hashUID: ctx.uidCodec.encode(account.schoolId),
    redirect: role === 'admin' ? adminPath(ctx) : (client.returnUrl ?? schoolHomePath(ctx, account.schoolId)),
  };
  return { token, result };
}

/** Ends the current session (logout). Safe to call without one. */
export async function logout(ctx: AppContext, auth: Auth): Promise<void> {
  if (auth.tokenHash) await sessionsRepo.endSession(ctx.db, auth.tokenHash, ctx.now());
}

/** The back office's path on this origin: learn-prefixed in the lan release (spec 2 Footer). */
export function adminPath(ctx: AppContext): string {
  return ctx.config.VER === 'lan' ? '/learn/admin/' : '/admin/';
}

type Account = { username: string; schoolId: string; name: string; lastLoginAt: number | null; createdAt: number };

/** The spec's userData for an account; sid '0' for administrators. */
function userDataOf(account: Account, extra: { sid: string; imageurl: string; gid: string[] }): UserData {
  const date = (ms: number | null) => (ms ? formatDate(ms, 'yyyy-MM-dd HH:mm:ss') : '');
  return {
    uname: account.username,
    uid: account.schoolId,
    sname: account.name,
    ksid: '',
    lastvisitDate: date(account.lastLoginAt),
    registerDate: date(account.createdAt),
    ...extra,
  };
}

/** userData of the spec's bootstrap for whoever is signed in (a guest is 游客 with sid 0). */
export async function loginState(ctx: AppContext, auth: Auth, guestSchoolId = ''): Promise<LoginState> {
  if (auth.role === 'student') {
    const student = await accounts.findStudent(ctx.db, auth.userId);
    if (student) {
      const userData = userDataOf(student, {
        sid: student.id,
        imageurl: student.avatar,
        gid: await accounts.studentGroupIds(ctx.db, student.id),
      });
      return { login: true, role: 'student', userData, adminType: null };
    }
  }
  if (auth.role === 'admin') {
    const admin = await accounts.findAdmin(ctx.db, auth.userId);
    if (admin) {
      const userData = userDataOf(admin, { sid: '0', imageurl: '', gid: [] });
      return { login: true, role: 'admin', userData, adminType: admin.parentId ?? '0' };
    }
  }
  const guest: UserData = {
    uname: '',
    uid: guestSchoolId,
    sid: '0',
    sname: '',
    ksid: '',
    imageurl: '',
    lastvisitDate: '',
    registerDate: '',
    gid: [],
  };
  return { login: false, role: 'guest', userData: guest, adminType: null };
}

/** GET checkStudent/login: isKic once a newer login of the same student has ended this session. */
export async function studentLoginStatus(ctx: AppContext, auth: Auth): Promise<{ isKic: boolean }> {
  if (auth.role === 'student') return { isKic: false };
  const session = auth.tokenHash ? await findSessionCached(ctx, auth.tokenHash) : undefined;
  if (session?.role === 'student' && session.endReason === 'kicked') return { isKic: true };
  throw noLogin();
}

/** POST redirect: where to send a user for the school home page (0), login (1) or registration (2). */
export async function redirectUrl(ctx: AppContext, input: z.output<typeof zRedirect>): Promise<{ url: string }> {
  const school = await resolveSchool(ctx, input.page !== '0' ? input.page : input.uid !== '0' ? input.uid : undefined);
  if (!school) throw notFound('school not found');
  const hash = ctx.uidCodec.encode(school.id);
  if (input.type === 0) return { url: `/u/${hash}` };
  const query = new URLSearchParams();
  if (input.type === 2) query.set('register', '1');
  if (input.ReturnUrl) query.set('return', input.ReturnUrl);
  const qs = query.toString();
  return { url: `/login/u/${hash}${qs ? `?${qs}` : ''}` };
}

export async function purgeSessions(ctx: AppContext): Promise<void> {
  await sessionsRepo.purgeExpired(ctx.db, ctx.now(), SESSION_TTL_MS);
  // The throttles' events (throttles/recent-events.ts) count for minutes: a day's are long over.
  await purgeEvents(ctx.db, ctx.now() - 24 * 3600_000);
}
