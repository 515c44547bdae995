/**
 * POST web/heartbeat (spec 3 'Heartbeat record', spec 7 'Heartbeat {JSON text of the record} (error
 * 'invalid sid' sends to login)', spec 9 every 16 s on study pages and 10 s in the graphic reader).
 *
 * 1. A session that ended, expired or was kicked answers 401 'invalid sid' (the client goes to login); so
 *    does a visitor without a session on content that needs one.
 * 2. The chapter goes through the one study-access check (record-access.ts openTarget): another school's
 *    course, a chapter not unlocked (paid and not bought), a course not started or expired are refused
 *    with the study refusal, and nothing is recorded.
 * 3. A visitor without login on open content (spec 5: 'Free accounts may start study without login and
 *    skip learning records') and an administrator previewing are answered ok with nothing recorded.
 * 4. A free graphic course is obtained (enrolment 'obtain') by its first heartbeat (spec 4 'Graphic reading').
 * 5. heartbeat-rules.ts decides what the heartbeat counts for; the engine keeps it and writes it with the
 *    round's group commit, and the reply waits for that commit: an answered heartbeat is never lost (503 when
 *    the database did not take it, so the client sends it again).
 */
import { courseProcess } from '../../../shared/rules/progress';
import type { Heartbeat, HeartbeatReply } from '../../../shared/schemas/records';
import type { AppContext, Auth } from '../../context';
import { AppError } from '../../lib/errors';
import { ERRORS } from '../../../shared/envelope';
import { applyHeartbeat, type RecordState, type StreamState } from './heartbeat-rules';
import { recordsEngine, type CourseState } from './heartbeat-engine';
import { invalidSid, openTarget, studyFacts, totalChapters } from './record-access';
import { tenths } from './records.presenter';
import { enrolOnce } from './records.repository';
import { earnForStudy, pointsOn } from '../points/earn';
import { KeyedQueue } from '../../lib/keyed-queue';

/** Brings a course record up to date after a chapter's heartbeat (or 'update student course'). */
export function visitCourse(
  course: CourseState,
  cid: string,
  now: number,
  creditMs: number,
  completedNow: boolean,
  total: number,
): void {
  course.lastChapterId = cid;
  course.lastVisitAt = now;
  course.effMs += creditMs;
  if (completedNow) course.completeChapter += 1;
  course.totalChapter = total;
  course.process = courseProcess(total, course.completeChapter);
  if (course.completedAt === null && total > 0 && course.completeChapter >= total) course.completedAt = now;
  course.updatedAt = now;
}

function unrecorded(status: 'free' | 'preview', coid: string, cid: string, beat: Heartbeat): HeartbeatReply {
  const position = beat.played_time ?? beat.position ?? 0;
  return {
    status,
    coid,
    cid,
    eff: 0,
    eff_time: 0,
    watch_time: 0,
    progress: 0,
    position,
    furthest: 0,
    duration: 0,
    completed: false,
    obtained: false,
  };
}

/** Opens the target, turning 'no login' into 'invalid sid': a heartbeat without a student session goes to login. */
async function open(ctx: AppContext, auth: Auth, beat: Heartbeat) {
  // A cookie whose session is over: the client believes it is signed in, and must sign in again.
  if (auth.role === 'guest' && auth.tokenHash) throw invalidSid();
  try {
    return await openTarget(ctx, auth, beat.coid, beat.cid);
  } catch (error) {
    if (error instanceof AppError && error.error === ERRORS.noLogin) throw invalidSid();
    throw error;
  }
}

const queues = new WeakMap<AppContext, KeyedQueue>();

/**
 * POST web/heartbeat. A student's heartbeats are applied one after the other: each reads the student's clock,
 * stream and records, awaits, then credits from what it read, so two applied together would both credit the
 * same seconds (records-commit.test.ts shows it).
 */
export function heartbeat(ctx: AppContext, auth: Auth, beat: Heartbeat): Promise<HeartbeatReply> {
  if (auth.role !== 'student') return applyBeat(ctx, auth, beat);
  let queue = queues.get(ctx);
  if (!queue) queues.set(ctx, (queue = new KeyedQueue()));
  return queue.run(auth.userId, () => applyBeat(ctx, auth, beat));
}

async function applyBeat(ctx: AppContext, auth: Auth, beat: Heartbeat): Promise<HeartbeatReply> {
  const target = await open(ctx, auth, beat);
  const { head } = target;
  const cid = target.chapter?.id ?? '0';
  if (target.as !== 'student' || auth.role !== 'student')
    return unrecorded(target.as === 'free' ? 'free' : 'preview', head.id, cid, beat);

  const now = ctx.now();
  const obtained = target.obtain && (await enrolOnce(ctx.db, auth.userId, head.id, 'obtain', now));
  const engine = recordsEngine(ctx);
  await engine.hold(auth.userId);
  const facts = await studyFacts(ctx, head, target.chapter);
  const record = await engine.learnState(auth.userId, head.id, cid, head.schoolId, true, now);
  const total = await totalChapters(ctx, head);
  const course = await engine.courseState(auth.userId, head.id, head.schoolId, async () => total, now);
  const previousRow = await engine.stream(auth.tokenHash, head.id, cid);
  const previous: StreamState | null = previousRow
    ? {
        startTs: previousRow.startTs,
        lastAt: previousRow.lastAt,
        position: previousRow.position,
        pause: previousRow.pause,
        runAt: previousRow.runAt,
        runFrom: previousRow.runFrom,
        creditedAt: previousRow.creditedAt,
      }
    : null;

  const outcome = applyHeartbeat(record as RecordState, previous, await engine.clock(auth.userId), beat, facts, now);
  record.updatedAt = now;
  const courseWasDone = course.completedAt !== null;
  engine.touchLearn(record);
  engine.setClock(auth.userId, outcome.clock);
  visitCourse(course, cid, now, outcome.creditMs, outcome.completedNow, total);
  engine.creditDay(auth.userId, head.schoolId, now, outcome.creditMs);
  engine.touchCourse(course);
  engine.putStream({
    tokenHash: auth.tokenHash,
    courseId: head.id,
    chapterId: cid,
    studentId: auth.userId,
    ...outcome.stream,
    playType: beat.play_type,
    realtime: beat.realtime ?? 0,
    effTime: outcome.creditMs,
    progress: record.progress,
    status: 'recorded',
  });
  if (obtained) ctx.log.info({ coid: head.id, sid: auth.userId }, 'graphic course obtained through its heartbeat');

  const reply: HeartbeatReply = {
    status: 'recorded',
    coid: head.id,
    cid,
    eff: tenths(record.effMs / 1000),
    eff_time: tenths(outcome.creditMs / 1000),
    watch_time: tenths(record.watched),
    progress: record.progress,
    position: record.position,
    furthest: record.furthest,
    duration: record.duration,
    completed: record.completedAt !== null,
    obtained,
  };
  await engine.commit(auth.userId);
  // Points (server/modules/points/earn.ts): only a Map lookup while the school's rules are off.
  if (await pointsOn(ctx, head.schoolId)) {
    const courseDone = !courseWasDone && course.completedAt !== null;
    const study = { schoolId: head.schoolId, studentId: auth.userId, courseId: head.id, chapterId: cid, at: now };
    await earnForStudy(ctx, { ...study, creditMs: outcome.creditMs, chapterDone: outcome.completedNow, courseDone });
  }
  return reply;
}
