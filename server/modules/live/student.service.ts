/**
 * The live page's reads (issue 17): GET live/info and GET public/live. Who may watch is the access policy's
 * (access/policy mayStudyCourse, the same decision as the learning pages); a public live course (type 2,
 * published, not deleted) needs no sign-in. The video never passes through the platform: the reply carries
 * the live server's addresses (signed for a live course, plain for a public one), and only for a viewer who
 * may watch.
 */
import { COURSE_TYPE } from '../../../shared/rules/course-buttons';
import { sessionToShow } from '../../../shared/rules/live';
import { learnLetter } from '../../../shared/schemas/chapters';
import {
  LIVE_VIEWER_WINDOW_MS,
  type LiveInfo,
  type LivePageState,
  type LiveRefusal,
  type LiveSession,
  type PublicLiveList,
  zLiveRefusal,
} from '../../../shared/schemas/live';
import type { AppContext, Auth } from '../../context';
import { notFound } from '../../lib/errors';
import { mayStudyCourse, refusalError, type OpenedCourse } from '../access/policy';
import { findChapter } from '../chapters/chapters.repository';
import type { CourseHead } from '../courses/catalogue.repository';
import { openCourse } from '../courses/course-visibility';
import { findCourse } from '../courses/courses.repository';
import { resolveSchool } from '../schools/schools.service';
import { publicSchool } from '../schools/viewer';
import { viewersSince } from './attendance.repository';
import { liveServerUp } from './live-server';
import { playbackUrls } from './playback';
import { publicLiveSessions } from './public-live.repository';
import { sessionsOfCourse, type LiveSessionRow } from './sessions.repository';
import { mapAsync } from '../../lib/sequential';

const LIVE_TYPES: readonly number[] = [COURSE_TYPE.live, COURSE_TYPE.publicLive];

/** A public live course: type 2, published and not deleted (openCourse has checked the last two). */
const isPublicLive = (head: Pick<CourseHead, 'type'>) => head.type === COURSE_TYPE.publicLive;

/**
 * Opens a live course for a viewer: the course must be a live course (type 1 or 2) that the viewer may see
 * (openCourse: unknown → 404, removed → 404 'course removed', private → 401 for a guest); a signed-in person
 * of another school, or a page of another school (uid), gets 404.
 */
export async function openLiveCourse(
  ctx: AppContext,
  auth: Auth,
  ref: string,
  uid?: string,
): Promise<OpenedCourse<CourseHead>> {
  const course = await openCourse(ctx, auth, ref);
  const { head } = course;
  if (!LIVE_TYPES.includes(head.type)) throw notFound();
  if (auth.role !== 'guest' && auth.schoolId !== head.schoolId) throw notFound();
  if (uid && (await resolveSchool(ctx, uid))?.id !== head.schoolId) throw notFound();
  return course;
}

/** Why the viewer may not watch the course's stream, or null: a public live course is for everyone. */
export async function watchRefusal(
  ctx: AppContext,
  auth: Auth,
  course: OpenedCourse<CourseHead>,
): Promise<LiveRefusal | null> {
  if (isPublicLive(course.head)) return null;
  const access = await mayStudyCourse(ctx, auth, course);
  if (access.allowed) return null;
  const known = zLiveRefusal.safeParse(access.refusal);
  return known.success ? known.data : 'studentOnly';
}

/** Throws the refusal's error when the viewer may not watch (the heartbeat's check). */
export async function assertMayWatch(ctx: AppContext, auth: Auth, course: OpenedCourse<CourseHead>): Promise<void> {
  const refusal = await watchRefusal(ctx, auth, course);
  if (refusal) throw refusalError(ctx, refusal, course.head);
}

/** The chapter an ended session's recording became, when it is still the course's. */
async function replayOf(ctx: AppContext, row: LiveSessionRow): Promise<LiveSession['replay']> {
  if (!row.replayChapterId) return null;
  const chapter = await findChapter(ctx.db, row.replayChapterId);
  if (!chapter || chapter.courseId !== row.courseId) return null;
  return { cid: chapter.id, learnType: learnLetter(chapter.type) };
}

async function toSession(ctx: AppContext, row: LiveSessionRow): Promise<LiveSession> {
  return {
    id: row.id,
    title: row.title,
    startAt: row.startAt,
    endAt: row.endAt,
    status: row.status,
    replay: row.status === 'ended' ? await replayOf(ctx, row) : null,
  };
}

/** The page's state for the session it shows. */
function pageState(shown: LiveSessionRow | null): LivePageState {
  if (!shown) return 'none';
  return shown.status;
}

/** GET live/info. */
export async function liveInfo(ctx: AppContext, auth: Auth, ref: string, uid?: string): Promise<LiveInfo> {
  const course = await openLiveCourse(ctx, auth, ref, uid);
  const { head } = course;
  const now = ctx.now();
  const rows = await sessionsOfCourse(ctx.db, head.id);
  const shown = sessionToShow(rows, now);
  const refusal = await watchRefusal(ctx, auth, course);
  const row = await findCourse(ctx.db, head.id);
  const live = shown?.status === 'live';
  return {
    course: {
      coid: head.id,
      code: ctx.courseCodec.encode(head.id),
      title: row?.title ?? '',
      type: head.type,
      cover: row?.img ?? '',
      hashUID: ctx.uidCodec.encode(head.schoolId),
      schoolId: head.schoolId,
    },
    state: pageState(shown),
    session: shown ? await toSession(ctx, shown) : null,
    others: await mapAsync(
      rows.filter((r) => r.id !== shown?.id),
      async (r) => await toSession(ctx, r),
    ),
    viewers: live && shown ? await viewersSince(ctx.db, shown.id, now - LIVE_VIEWER_WINDOW_MS) : 0,
    liveServer: ctx.config.LIVE_SERVER_URL.replace(/\/+$/, ''),
    available: await liveServerUp(ctx),
    refusal,
    playback: refusal ? null : playbackUrls(ctx, head.id, isPublicLive(head)),
    attends: refusal === null && auth.role === 'student' && !course.admin,
    now,
  };
}

/** GET public/live. */
export async function publicLive(
  ctx: AppContext,
  auth: Auth,
  query: { uid: string; page: number; num: number },
): Promise<PublicLiveList> {
  const school = await publicSchool(ctx, auth, query.uid);
  const { rows, total } = await publicLiveSessions(
    ctx.db,
    school.id,
    ctx.now(),
    query.num,
    (query.page - 1) * query.num,
  );
  return { total, list: rows.map((row) => ({ ...row, code: ctx.courseCodec.encode(row.coid) })) };
}
