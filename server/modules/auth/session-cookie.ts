/**
 * The session cookie (y_main) as each sign-in sets it and each sign-out clears it.
 *
 * A school whose pages another site frames (its exam platform's origins, issue 19, or FRAME_ANCESTORS) needs
 * a cookie the browser sends inside that frame: a SameSite=Lax cookie is left out of a cross-site frame, so
 * the student signed in through the platform would be a guest on the next request. With COOKIE_SECURE (the
 * site served over https) such a school's sessions are SameSite=None; Secure; Partitioned: the browser keeps
 * the frame's cookie apart for each top-level site (CHIPS), and cross-site writes stay refused by the
 * same-origin check (plugins/same-origin). Over plain http browsers refuse SameSite=None, so the cookie stays
 * Lax and only a frame of the same site (another port or sub-domain of the institution) keeps the session.
 * Every other school keeps SameSite=Lax.
 */
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../../shared/constants';
import type { AppContext } from '../../context';
import { schoolSettingsText } from '../student-fields/student-fields.repository';
import { frameOrigins } from '../yks/yks-settings.service';
import { authenticate } from './auth.service';

type CookieOptions = NonNullable<Parameters<FastifyReply['setCookie']>[2]>;

/** Whether another site may frame the school's pages (its exam platform's origins, or FRAME_ANCESTORS). */
export async function framedElsewhere(ctx: AppContext, schoolId: string | null | undefined): Promise<boolean> {
  if (ctx.config.FRAME_ANCESTORS.length > 0) return true;
  return !!schoolId && frameOrigins({ settings: await schoolSettingsText(ctx.db, schoolId) }).length > 0;
}

/** The cookie's attributes for a session of the school (see above); maxAge only when setting it. */
export async function sessionCookieOptions(
  ctx: AppContext,
  schoolId: string | null | undefined,
): Promise<CookieOptions> {
  const secure = ctx.config.COOKIE_SECURE;
  const base = { path: '/', httpOnly: true, secure };
  if (secure && (await framedElsewhere(ctx, schoolId))) return { ...base, sameSite: 'none', partitioned: true };
  return { ...base, sameSite: 'lax' };
}

/** Sets the cookie of a session just opened (its school read from the session itself). */
export async function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string): Promise<void> {
  const schoolId = (await authenticate(ctx, token)).schoolId ?? undefined;
  reply.setCookie(SESSION_COOKIE, token, {
    ...(await sessionCookieOptions(ctx, schoolId)),
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** Clears the cookie with the attributes it was set with (a partitioned cookie is cleared only so). */
export async function clearSessionCookie(
  ctx: AppContext,
  reply: FastifyReply,
  schoolId: string | null | undefined,
): Promise<void> {
  reply.clearCookie(SESSION_COOKIE, await sessionCookieOptions(ctx, schoolId));
}
