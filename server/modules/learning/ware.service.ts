import { neighbours } from '../../../shared/rules/learning';
import { CHAPTER_TYPE, learnLetter } from '../../../shared/schemas/chapters';
import type { Ware, WareStudy } from '../../../shared/schemas/learning';
import type { AppContext, Auth } from '../../context';
import { chapterList } from '../chapters/chapters.service';
import { readSettings } from '../courses/courses.presenter';
import { hasGrade } from '../feedback/grades.service';
import { hasSignature } from '../feedback/signatures.service';
import { courseTitle, wareResource, type WareResource } from './learning.repository';
import { openStudy } from '../courses/course-visibility';
import { ownsCourse } from '../access/policy';
import { studyGate } from '../access/order-gate';
import { planKind } from '../../../shared/rules/study-order';
import { isStaged } from '../../../shared/rules/staged-plan';
import type { ChapterRow } from '../chapters/chapters.repository';
import type { CourseHead } from '../courses/catalogue.repository';
import { courseExercises } from '../exercises/exercises.service';
import { maxRateOf } from '../records/record-access';
import { wareExams } from '../exams/exam-list.service';
import { mainPath, readOutputs, readSubtitles, viewerKind, wareStatus, wareUrls } from './ware.presenter';

/** What /media answers a download with (the original file as an attachment), on a prefix signed for download. */
export const DOWNLOAD_SUFFIX = 'source?download=1';

/** The chapter's resource when it is usable here: attached, not deleted, of the course's school. */
async function chapterResource(ctx: AppContext, rid: string, schoolId: string): Promise<WareResource | null> {
  if (!rid) return null;
  const resource = await wareResource(ctx.db, rid);
  return resource && !resource.deleted && resource.schoolId === schoolId ? resource : null;
}

/**
 * GET learn/ware/{coid}/{cid}: spec 3 'Ware info' (path, type, rid, coid, title) and what the chapter's
 * viewer needs, once the viewer may study the chapter (study-access.ts). File addresses are signed for
 * MEDIA_URL_TTL and allow download only where the chapter's allowdownload is set (spec 6). With the ware,
 * how it was opened: the course's school, and whether as a free chapter's audition (ware-cache.ts).
 */
export async function openedWare(
  ctx: AppContext,
  auth: Auth,
  courseRef: string,
  cid: string,
): Promise<{ ware: Ware; schoolId: string; audition: boolean }> {
  const { course, chapter, access } = await openStudy(ctx, auth, courseRef, cid);
  const { head } = course;
  const resource =
    chapter.type === CHAPTER_TYPE.imageText ? null : await chapterResource(ctx, chapter.resourceId, head.schoolId);
  const outputs = resource ? readOutputs(resource.outputs) : {};
  const kind = viewerKind(chapter.type, resource, outputs);
  const prefix = resource ? ctx.mediaSigner.prefix(resource.id, { download: chapter.allowdownload }) : '';
  const urls = resource ? wareUrls(prefix, resource, outputs) : { slides: [] };
  const grant = resource ? ctx.mediaSigner.verify(prefix.split('/')[2]!, resource.id) : null;
  const list = await chapterList(ctx, auth, head.id);
  const { prev, next } = neighbours(list.chapters, chapter.id);
  const neighbour = (found: typeof prev) =>
    found ? { cid: found.cid, title: found.title, learnType: found.learnType } : null;
  const ware: Ware = {
    path: mainPath(kind, urls),
    type: chapter.type,
    rid: resource?.id ?? '',
    coid: head.id,
    title: chapter.title,
    cid: chapter.id,
    code: ctx.courseCodec.encode(head.id),
    courseTitle: (await courseTitle(ctx.db, head.id))?.title ?? '',
    learnType: learnLetter(chapter.type),
    kind,
    status: kind === 'graphic' || kind === 'exercise' || kind === 'exam' ? 'ready' : wareStatus(resource),
    statusMessage: resource?.statusMessage ?? '',
    urls,
    subtitles: resource
      ? readSubtitles(resource.subtitles).map((track) => ({
          label: track.label,
          lang: track.lang,
          url: prefix + track.path,
        }))
      : [],
    duration: resource?.duration ?? 0,
    pages: outputs.pages ?? 0,
    width: outputs.width ?? 0,
    height: outputs.height ?? 0,
    fileName: resource?.fileName ?? '',
    ext: resource?.ext ?? '',
    mime: resource?.mime ?? '',
    size: resource?.size ?? 0,
    allowdownload: chapter.allowdownload,
    download: resource && chapter.allowdownload ? prefix + DOWNLOAD_SUFFIX : null,
    html: kind === 'graphic' ? chapter.description : '',
    updatedAt: chapter.createdAt,
    notAllowSkip: !access.preview && readSettings(head.settings).notAllowSkip,
    preview: access.preview,
    expiresAt: grant?.expiresAt ?? ctx.now() + ctx.config.MEDIA_URL_TTL * 1000,
    chapters: list,
    prev: neighbour(prev),
    next: neighbour(next),
    study: await wareStudy(ctx, auth, course.head, chapter, access.preview),
    exercises: await courseExercises(ctx, auth.role === 'student' && !access.preview ? auth.userId : null, head),
    exams: await wareExams(ctx, auth.role === 'student' && !access.preview ? auth.userId : null, head.id),
  };
  return { ware, schoolId: head.schoolId, audition: access.audition };
}

/**
 * The student's study of the course for the study page (zWareStudy): every chapter's record and lock
 * (study-gate.ts, the same decision the server enforces), the settings the page acts on, and whether the
 * finish dialogs are still due (signature, rating).
 */
async function wareStudy(
  ctx: AppContext,
  auth: Auth,
  head: CourseHead,
  chapter: ChapterRow,
  preview: boolean,
): Promise<WareStudy> {
  const settings = readSettings(head.settings);
  const student = auth.role === 'student' && !preview ? auth.userId : null;
  return {
    recorded: student !== null,
    owned: preview || (student !== null && (await ownsCourse(ctx, auth, head))),
    settings: {
      order_rest: head.orderRest,
      exercOrder: settings.exercOrder,
      verify: settings.verify,
      signature: settings.signature,
      switchremind: settings.switchremind,
      leaveremind: settings.leaveremind,
      leavetime: settings.leavetime,
      plan: planKind(head),
      staged: isStaged(settings),
      maxRate: await maxRateOf(ctx, head.schoolId, settings.maxRate),
    },
    chapters: (await studyGate(ctx, student, head)).chapters,
    hasSignature: student !== null && (await hasSignature(ctx, student, head.id)),
    gradingOn: chapter.showgrade,
    rated: student !== null && (await hasGrade(ctx, student, head.id, chapter.id)),
  };
}
