/**
 * Signing in through the school's OpenID Connect provider (issue 19, beyond the spec): authorization code flow
 * with PKCE (S256), state and nonce kept in sso_logins (10 minutes, used once), discovery, and the ID token's
 * signature, issuer, audience, nonce and expiry checked by openid-client with a 60 s clock tolerance.
 *
 * Choices:
 * - A subject ('sub') opens the account it is linked to (external_identities, provider 'oidc'). A first sign-in
 *   of a student links to the student with the same user name when the school allows it (linkByUsername), else
 *   creates a student (no local password, seats checked). A taken user name without linking is refused.
 * - Staff never get an account from a claim: a staff sign-in opens an administrator linked to the subject, or
 *   links to this school's administrator with the mapped user name; otherwise 'not linked'.
 * - Each student sign-in copies the mapped name, e-mail and phone (when sent) and makes the mapped groups follow
 *   the groups claim; groups that are not mapped stay as an administrator set them (like the LDAP sync).
 * - The state is also bound to the browser that started the sign-in (cookie y_sso, path /sso/oidc/, 10 minutes):
 *   a callback URL carried to another browser (login CSRF: signing a victim in as the attacker) is refused.
 * - A refused callback sends the browser back to its sign-in page with ?ssoError=<reason key>; no session.
 */
import * as client from 'openid-client';
import { USERNAME_MAX } from '../../../shared/constants';
import { isSameSitePath } from '../../../shared/rules/site-links';
import { claimGroups, claimText, mappedGroups, nextGroups } from '../../../shared/rules/oidc-claims';
import { OIDC_ERRORS, OIDC_LOGIN_TTL_MS } from '../../../shared/schemas/oidc';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import * as accounts from '../auth/accounts.repository';
import { openSession } from '../auth/auth.service';
import { schoolGroupIds } from '../groups/groups.repository';
import { assertSeats } from '../licence/seats';
import { resolveSchool } from '../schools/schools.service';
import { insertStudents, replaceGroups, updateStudent } from '../students/student-writes';
import { CALLBACK_PATH, clientOf, keepJwks, loadOidc, type LoadedOidc } from './oidc-settings.service';
import * as repo from './oidc.repository';

export class SsoRefused extends AppError {
  constructor(
    readonly reason: keyof typeof OIDC_ERRORS,
    readonly loginPath: string,
  ) {
    super(400, OIDC_ERRORS[reason]);
  }
}

export interface Client {
  ip: string;
  userAgent: string;
  origin: string;
}

function loginPathOf(ctx: AppContext, schoolId: string, as: 'student' | 'admin'): string {
  return as === 'admin'
    ? ctx.config.VER === 'lan'
      ? '/learn/admin/'
      : '/admin/'
    : `/login/u/${ctx.uidCodec.encode(schoolId)}`;
}

function enabledFor(loaded: LoadedOidc | undefined, as: 'student' | 'admin'): loaded is LoadedOidc {
  const c = loaded?.config;
  return !!(c?.enabled && c.issuer && c.clientId && (as === 'student' || c.staffAllowed));
}

/** GET /sso/oidc/start: records the sign-in under way and answers the provider's authorization URL. */
export async function start(
  ctx: AppContext,
  input: { school?: string; as: 'student' | 'admin'; returnTo?: string },
  origin: string,
): Promise<{ url: string; state: string }> {
  const school = await resolveSchool(ctx, input.school);
  if (!school) throw notFound('school not found');
  const loaded = await loadOidc(ctx, school.id);
  const loginPath = loginPathOf(ctx, school.id, input.as);
  if (!enabledFor(loaded, input.as))
    throw new SsoRefused(input.as === 'admin' ? 'staffOff' : 'notConfigured', loginPath);
  let configuration: client.Configuration;
  try {
    configuration = await clientOf(ctx, school.id, loaded);
  } catch (error) {
    ctx.log.warn({ schoolId: school.id, error: String(error) }, 'oidc discovery failed');
    throw new SsoRefused('discovery', loginPath);
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = ctx.now();
  await repo.sweepLogins(ctx.db, now);
  await repo.insertLogin(ctx.db, {
    state,
    schoolId: school.id,
    nonce,
    codeVerifier,
    audience: input.as,
    returnTo: isSameSitePath(input.returnTo) ? input.returnTo : '',
    createdAt: now,
    expiresAt: now + OIDC_LOGIN_TTL_MS,
  });
  const url = client
    .buildAuthorizationUrl(configuration, {
      redirect_uri: `${origin}${CALLBACK_PATH}`,
      scope: loaded.config.scopes.split(/\s+/).includes('openid')
        ? loaded.config.scopes
        : `openid ${loaded.config.scopes}`,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
  return { url, state };
}

/** GET /sso/oidc/callback: checks everything, opens or links the account, opens the session. */
export async function callback(ctx: AppContext, currentUrl: URL, who: Client, boundState: string | undefined) {
  const state = currentUrl.searchParams.get('state') ?? '';
  const fallback = loginPathOf(ctx, (await resolveSchool(ctx, null))?.id ?? '', 'student');
  if (!state || state !== boundState) throw new SsoRefused('failed', fallback);
  const login = await repo.takeLogin(ctx.db, state);
  if (!login) throw new SsoRefused('failed', fallback);
  const loginPath = loginPathOf(ctx, login.schoolId, login.audience);
  if (login.expiresAt <= ctx.now()) throw new SsoRefused('failed', loginPath);
  const loaded = await loadOidc(ctx, login.schoolId);
  if (!enabledFor(loaded, login.audience)) throw new SsoRefused('notConfigured', loginPath);
  let claims: Record<string, unknown>;
  let subject: string;
  try {
    const configuration = await clientOf(ctx, login.schoolId, loaded);
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    keepJwks(login.schoolId, loaded, configuration);
    const idClaims = tokens.claims()!;
    subject = idClaims.sub;
    claims = { ...idClaims };
    // Claims the ID token leaves out (groups, phone) come from the userinfo endpoint, for the same subject.
    const wanted = Object.values(loaded.config.mapping).filter(Boolean);
    if (wanted.some((c) => !(c in claims)) && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, subject);
      claims = { ...info, ...claims };
    }
  } catch (error) {
    ctx.log.info({ schoolId: login.schoolId, error: String(error) }, 'oidc callback refused');
    throw new SsoRefused('failed', loginPath);
  }
  const account =
    login.audience === 'admin'
      ? await staffAccount(ctx, login.schoolId, loaded, subject, claims, loginPath)
      : await studentAccount(ctx, login.schoolId, loaded, subject, claims, loginPath);
  const session = await openSession(ctx, login.audience, account, { ip: who.ip, userAgent: who.userAgent });
  const redirect = login.returnTo || session.result.redirect;
  return { token: session.token, redirect };
}

async function staffAccount(
  ctx: AppContext,
  schoolId: string,
  loaded: LoadedOidc,
  subject: string,
  claims: Record<string, unknown>,
  loginPath: string,
) {
  const now = ctx.now();
  const linked = await repo.findIdentity(ctx.db, schoolId, subject);
  let admin = linked?.role === 'admin' ? await accounts.findAdmin(ctx.db, linked.userId) : undefined;
  if (linked && !admin) throw new SsoRefused('noAdmin', loginPath);
  if (!admin) {
    const username = claimText(claims, loaded.config.mapping.username);
    admin = username ? await repo.schoolAdminByUsername(ctx.db, schoolId, username) : undefined;
    if (!admin) throw new SsoRefused('noAdmin', loginPath);
    await repo.insertIdentity(ctx.db, {
      schoolId,
      provider: 'oidc',
      subject,
      role: 'admin',
      userId: admin.id,
      createdAt: now,
      lastLoginAt: now,
    });
  } else await repo.touchIdentity(ctx.db, schoolId, subject, now);
  if (admin.disabled) throw new SsoRefused('disabled', loginPath);
  return admin;
}

async function studentAccount(
  ctx: AppContext,
  schoolId: string,
  loaded: LoadedOidc,
  subject: string,
  claims: Record<string, unknown>,
  loginPath: string,
) {
  const { mapping, groupMapping, linkByUsername } = loaded.config;
  const now = ctx.now();
  // A mapped group deleted since the settings were saved maps to nothing (its membership would be refused).
  const mapped = mappedGroups(claimGroups(claims, mapping.groups), groupMapping);
  const wantGroups = await schoolGroupIds(ctx.db, schoolId, mapped);
  const patch: Record<string, string> = {};
  for (const key of ['name', 'email', 'phone'] as const) {
    const value = claimText(claims, mapping[key]);
    if (value) patch[key] = value.slice(0, key === 'name' ? 100 : 200);
  }
  return await ctx.db.transaction(async (tx) => {
    const linked = await repo.findIdentity(tx, schoolId, subject);
    let student = linked?.role === 'student' ? await accounts.findStudent(tx, linked.userId) : undefined;
    if (linked && !student) throw new SsoRefused('failed', loginPath);
    if (!student) {
      const username = claimText(claims, mapping.username).normalize('NFC').slice(0, USERNAME_MAX);
      if (!username) throw new SsoRefused('noUsername', loginPath);
      const existing = await accounts.findStudentByLoginName(tx, schoolId, username);
      if (existing && !linkByUsername) throw new SsoRefused('failed', loginPath);
      if (!existing) {
        const id = ctx.ids.next();
        await assertSeats(ctx, schoolId, 1, tx);
        await insertStudents(tx, [
          {
            id,
            schoolId,
            username,
            name: patch.name ?? username,
            passwordHash: null,
            email: patch.email,
            phone: patch.phone,
            groupIds: wantGroups,
            createdAt: now,
          },
        ]);
      }
      student = existing ?? (await accounts.findStudentByUsername(tx, schoolId, username))!;
      await repo.insertIdentity(tx, {
        schoolId,
        provider: 'oidc',
        subject,
        role: 'student',
        userId: student.id,
        createdAt: now,
        lastLoginAt: now,
      });
      if (!existing) return student;
    } else await repo.touchIdentity(tx, schoolId, subject, now);
    const changed = Object.fromEntries(Object.entries(patch).filter(([k, v]) => student![k as 'name'] !== v));
    await updateStudent(tx, student.id, changed, now);
    const groups = nextGroups(
      await accounts.studentGroupIds(tx, student.id),
      groupMapping.map((g) => g.gid),
      wantGroups,
    );
    if (groups) await replaceGroups(tx, student.id, groups);
    if (student.disabled) throw new SsoRefused('disabled', loginPath);
    return student;
  });
}

/** POST oidc/logout: the provider's end-session URL for an account that signs in through it, or ''. */
export async function endSessionUrl(
  ctx: AppContext,
  auth: { role: string; schoolId: string | null; userId: string | null },
  origin: string,
): Promise<string> {
  if ((auth.role !== 'student' && auth.role !== 'admin') || !auth.schoolId || !auth.userId) return '';
  if (!(await repo.hasIdentity(ctx.db, auth.role, auth.userId))) return '';
  const loaded = await loadOidc(ctx, auth.schoolId);
  if (!enabledFor(loaded, auth.role)) return '';
  try {
    const configuration = await clientOf(ctx, auth.schoolId, loaded);
    if (!configuration.serverMetadata().end_session_endpoint) return '';
    const back = `${origin}${loginPathOf(ctx, auth.schoolId, auth.role)}`;
    return client
      .buildEndSessionUrl(configuration, { post_logout_redirect_uri: back, client_id: loaded.config.clientId })
      .toString();
  } catch {
    return '';
  }
}
