import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { publishRefusal } from '../../../shared/rules/live';
import type { AppContext } from '../../context';
import { type Db, first } from '../../db/client';
import { liveSessions } from '../../db/schema';
import { findCourse, type CourseRow } from '../courses/courses.repository';
import { type LiveSessionRow, sessionByKey } from './sessions.repository';

/**
 * The live server's callbacks (deploy/live, scripts/live-server.mjs): nginx-rtmp asks the platform whether a
 * stream key may publish, says when a publisher stops, reports every 10 s that it still publishes, and asks
 * whether a stream may be watched without a token. The platform answers 2xx to allow and 403 to refuse;
 * nginx-rtmp drops a refused publisher, and one it cannot ask at all (fail closed).
 *
 * A session's clientId is `{nginx client id}@{ms its run began}`: nginx's ids restart with nginx, and the run's
 * start gives the seconds it was live. While a publisher is live nginx's update callback touches updatedAt every
 * 10 s; a live session not heard of for STALE_MS (nginx died without saying done) no longer counts as busy.
 */

/** A live session whose publisher was not heard of for this long is a dropped one. */
export const STALE_MS = 35_000;

export type HookAnswer = { allowed: true } | { allowed: false; reason: string };

const allow: HookAnswer = { allowed: true };
const refuse = (reason: string): HookAnswer => ({ allowed: false, reason });

/** The callback's ?secret= against LIVE_SECRET; an empty LIVE_SECRET accepts nothing. */
export function secretMatches(ctx: AppContext, given: unknown): boolean {
  const secret = ctx.config.LIVE_SECRET;
  if (!secret || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The course behind a stream name when it is a live course (type 1 or 2) that is not deleted. */
export async function liveCourseOf(ctx: AppContext, name: string): Promise<CourseRow | null> {
  const coid = ctx.courseCodec.decode(name);
  const course = coid ? await findCourse(ctx.db, coid) : undefined;
  if (!course || course.deleted || (course.type !== 1 && course.type !== 2)) return null;
  return course;
}

interface Run {
  clientId: string;
  startedAt: number;
}

/** The publishing run a session's clientId names, or null. */
export function runOf(session: Pick<LiveSessionRow, 'clientId'>): Run | null {
  const match = /^(\d{1,20})@(\d{1,15})$/.exec(session.clientId ?? '');
  return match ? { clientId: match[1]!, startedAt: Number(match[2]) } : null;
}

/** Whole seconds from a run's start to `until` (never negative). */
const runSeconds = (run: Run, until: number) => Math.max(0, Math.floor((until - run.startedAt) / 1000));

/** Is someone publishing on this session now (live, with a run heard of within STALE_MS)? */
function publishing(session: LiveSessionRow, now: number): boolean {
  return session.status === 'live' && runOf(session) !== null && now - session.updatedAt < STALE_MS;
}

async function reread(db: Db, id: string): Promise<LiveSessionRow | undefined> {
  return first(await db.select().from(liveSessions).where(eq(liveSessions.id, id)));
}

/**
 * on_publish: the key must belong to a session (not deleted) of a live course, published under that course's
 * stream name, within the session's window plus LIVE_PUBLISH_MARGIN_MIN, with nobody else publishing on it.
 * Allowed, the session goes live with this connection as its run (a stale run is closed first, credited up
 * to its last sign of life).
 */
export async function publish(
  ctx: AppContext,
  form: { name: string; key: string; clientid: string },
): Promise<HookAnswer> {
  const session = await sessionByKey(ctx.db, form.key);
  if (!session) return refuse('unknown key');
  const course = await liveCourseOf(ctx, form.name);
  if (!course || course.id !== session.courseId || course.schoolId !== session.schoolId)
    return refuse('wrong stream name');
  const marginMs = ctx.config.LIVE_PUBLISH_MARGIN_MIN * 60_000;
  const now = ctx.now();
  return await ctx.db.transaction(async (tx) => {
    const current = await reread(tx, session.id);
    if (!current || current.deleted || current.streamKey !== form.key) return refuse('unknown key');
    const refusal = publishRefusal({ ...current, publishing: publishing(current, now) }, now, marginMs);
    if (refusal) return refuse(refusal);
    const stale = current.status === 'live' ? runOf(current) : null;
    await tx
      .update(liveSessions)
      .set({
        status: 'live',
        clientId: `${form.clientid}@${now}`,
        liveAt: current.liveAt ?? now,
        liveSeconds: current.liveSeconds + (stale ? runSeconds(stale, current.updatedAt) : 0),
        updatedAt: now,
      })
      .where(eq(liveSessions.id, current.id));
    return allow;
  });
}

/** The live session of a stream name whose run is this nginx client, or null. */
async function sessionOfRun(db: Db, courseId: string, clientid: string): Promise<LiveSessionRow | null> {
  const rows = await db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.courseId, courseId), eq(liveSessions.status, 'live')));
  return rows.find((row) => runOf(row)?.clientId === clientid) ?? null;
}

/** Ends a session's run now: status ended, its seconds added, no client. */
async function endRun(db: Db, session: LiveSessionRow, now: number): Promise<void> {
  const run = runOf(session);
  await db
    .update(liveSessions)
    .set({
      status: 'ended',
      endedAt: now,
      clientId: null,
      liveSeconds: session.liveSeconds + (run ? runSeconds(run, now) : 0),
      updatedAt: now,
    })
    .where(eq(liveSessions.id, session.id));
}

/**
 * on_publish_done: the publisher of a session's run stopped (or dropped): the session ends and its live
 * seconds grow. A publisher that was refused, or one of an older run, matches no session and changes nothing.
 */
export async function publishDone(
  ctx: AppContext,
  form: { name: string; clientid: string },
): Promise<{ ended: boolean }> {
  const coid = ctx.courseCodec.decode(form.name);
  if (!coid) return { ended: false };
  const now = ctx.now();
  return await ctx.db.transaction(async (tx) => {
    const session = await sessionOfRun(tx, coid, form.clientid);
    if (!session) return { ended: false };
    await endRun(tx, session, now);
    return { ended: true };
  });
}

/**
 * on_update (every 10 s while publishing): the run is still alive. Refused, nginx drops the publisher: when its
 * session is no longer live (ended or deleted in the back office) or its key was rotated since (revoked: the
 * run ends here). Updates about players (nginx's own relay to node-media-server) are always fine.
 */
export async function update(ctx: AppContext, form: { call: string; name: string; key?: string; clientid: string }) {
  if (form.call !== 'update_publish') return allow;
  const coid = ctx.courseCodec.decode(form.name);
  if (!coid) return refuse('unknown stream');
  const now = ctx.now();
  return await ctx.db.transaction(async (tx): Promise<HookAnswer> => {
    const session = await sessionOfRun(tx, coid, form.clientid);
    if (!session || session.deleted) return refuse('not live');
    if (session.streamKey !== form.key) {
      await endRun(tx, session, now);
      return refuse('key revoked');
    }
    await tx.update(liveSessions).set({ updatedAt: now }).where(eq(liveSessions.id, session.id));
    return allow;
  });
}

/** GET play: may anyone watch this stream without a token? Only a published public live course (type 2). */
export async function openPlay(ctx: AppContext, name: string): Promise<boolean> {
  const course = await liveCourseOf(ctx, name);
  return course !== null && course.type === 2 && course.published && !course.isPrivate;
}
