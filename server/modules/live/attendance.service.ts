/**
 * POST live/heartbeat (issue 17 'Attendance'): a student's beat on a live page. It credits the time since the
 * student's previous beat of the session (shared/rules/live attendanceCredit: at most LIVE_BEAT_MAX_S, never
 * negative, nothing unless the stream is live) to live_attendance, and the same time to the student's day of
 * study through the records engine (creditDay, as a chapter's heartbeat does), bounded by the engine's clock
 * of the student's last credited moment so a live page and a video played at once do not count twice. A
 * beat that resumes (the page was hidden) credits nothing. The beat also keeps the session's peak of viewers.
 */
import { attendanceCredit } from '../../../shared/rules/live';
import { LIVE_BEAT_MAX_S, LIVE_VIEWER_WINDOW_MS, type LiveBeatReply } from '../../../shared/schemas/live';
import type { AppContext, Auth } from '../../context';
import { notFound } from '../../lib/errors';
import { recordsEngine } from '../records/heartbeat-engine';
import { creditAttendance, findAttendance, raisePeakViewers, viewersSince } from './attendance.repository';
import { sessionById } from './sessions.repository';
import { assertMayWatch, openLiveCourse } from './student.service';

type Student = Exclude<Auth, { role: 'guest' }>;

/** Adds the credited seconds to the student's day of study, unless another study page already counted them. */
async function creditStudyDay(ctx: AppContext, student: Student, schoolId: string, seconds: number, now: number) {
  const engine = recordsEngine(ctx);
  await engine.hold(student.userId);
  const clock = await engine.clock(student.userId);
  const ms = Math.max(0, Math.min(seconds * 1000, now - clock));
  if (ms <= 0) return;
  engine.creditDay(student.userId, schoolId, now, ms);
  engine.setClock(student.userId, now);
  await engine.commit(student.userId);
}

export async function liveBeat(
  ctx: AppContext,
  student: Student,
  sessionId: string,
  resume = false,
): Promise<LiveBeatReply> {
  const session = await sessionById(ctx.db, sessionId);
  if (!session || session.schoolId !== student.schoolId) throw notFound();
  const course = await openLiveCourse(ctx, student, session.courseId);
  await assertMayWatch(ctx, student, course);
  const previous = await findAttendance(ctx.db, session.id, student.userId);
  if (session.status !== 'live') return { credited: 0, seconds: previous?.seconds ?? 0, status: session.status };

  const now = ctx.now();
  const credited = resume ? 0 : attendanceCredit(previous?.lastAt ?? null, now, true, LIVE_BEAT_MAX_S);
  await creditAttendance(ctx.db, session.id, student.userId, credited, now);
  await raisePeakViewers(ctx.db, session.id, await viewersSince(ctx.db, session.id, now - LIVE_VIEWER_WINDOW_MS));
  await creditStudyDay(ctx, student, session.schoolId, credited, now);
  return { credited, seconds: (previous?.seconds ?? 0) + credited, status: session.status };
}
