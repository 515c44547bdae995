/**
 * Where records may be left. Who may is the access policy's (access/policy mayStudyChapter, and mayStudyText
 * for a graphic course's own text, chapter '0', as course/graphic asks it: spec 5 'Getting a graphic course
 * requires login, non-owner and group membership'). Chapter rows and what the server knows of the
 * content (kind, length, minimum reading time) are kept in memory while the school's catalogue is unchanged.
 */
import { COURSE_TYPE } from '../../../shared/rules/course-buttons';
import { CHAPTER_TYPE } from '../../../shared/schemas/chapters';
import { ERRORS } from '../../../shared/envelope';
import type { AppContext, Auth } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { findChapter, type ChapterRow } from '../chapters/chapters.repository';
import type { CourseHead } from '../courses/catalogue.repository';
import { assertManageCourse } from '../courses/course-access';
import { courseIdOf, openCourse } from '../courses/course-visibility';
import { findCourse } from '../courses/courses.repository';
import { readSettings } from '../courses/courses.presenter';
import { wareResource } from '../learning/learning.repository';
import { mayStudyChapter, mayStudyText, refusalError } from '../access/policy';
import { readOutputs, viewerKind } from '../learning/ware.presenter';
import { minReadingSeconds, type ChapterFacts } from './heartbeat-rules';
import { countStudyChapters, schoolMaxRate } from './records.repository';
import { creditedRate } from '../../../shared/rules/playback-rate';
import { type MaybePromise, thenMaybe } from '../../lib/sequential';

/** The chapter id of a graphic course's own text. */
export const COURSE_TEXT = '0';

/** 401 'invalid sid': the heartbeat's session is not a valid student session (spec 8: the client goes to login). */
export const invalidSid = () => new AppError(401, ERRORS.invalidSid);

export interface StudyTarget {
  head: CourseHead;
  chapter: ChapterRow | null;
  /** How the viewer studies: as a student (records), a visitor on open content, an administrator previewing. */
  as: 'student' | 'free' | 'preview';
  /** A free graphic course the student does not have yet (obtained by recording). */
  obtain: boolean;
}

/**
 * Opens a chapter (or a graphic course's text, cid '0') for study, or throws the access policy's refusal
 * (access/policy mayStudyChapter, mayStudyText), with the chapter row read from memory while the school's
 * catalogue is unchanged (a heartbeat comes every few seconds per learner).
 */
export async function openTarget(ctx: AppContext, auth: Auth, courseRef: string, cid: string): Promise<StudyTarget> {
  const course = await openCourse(ctx, auth, courseRef);
  const { head } = course;
  if (cid !== COURSE_TEXT) {
    const chapter = await cachedChapter(ctx, head.schoolId, cid);
    if (!chapter || chapter.courseId !== head.id) throw refusalError(ctx, 'noChapter', head);
    const access = await mayStudyChapter(ctx, auth, course, chapter);
    if (!access.allowed) throw refusalError(ctx, access.refusal, head, access.detail);
    return {
      head,
      chapter,
      as: access.preview
        ? 'preview'
        : auth.role === 'student'
          ? 'student'
          : access.audition && auth.role === 'guest'
            ? 'free'
            : 'preview',
      obtain: false,
    };
  }
  if (head.type !== COURSE_TYPE.graphicOrColumn) throw refusalError(ctx, 'noChapter', head);
  const access = await mayStudyText(ctx, auth, course);
  if (!access.allowed) throw refusalError(ctx, access.refusal, head);
  return { head, chapter: null, as: access.as, obtain: access.obtain };
}

type ContentFacts = Omit<ChapterFacts, 'notAllowSkip' | 'maxRate'>;
/** What the heartbeat rule reads of a course's settings. */
type CourseRules = { settings: string; notAllowSkip: boolean; maxRate: number };

/** A value kept while its school's catalogue is unchanged (every chapter, course and resource write bumps it), and at most a minute. */
type Versioned<T> = { version: number; value: T };

const factCaches = new WeakMap<
  AppContext,
  {
    chapters: TtlCache<string, Versioned<ChapterRow | null>>;
    content: TtlCache<string, Versioned<ContentFacts>>;
    totals: TtlCache<string, Versioned<number>>;
    skip: TtlCache<string, CourseRules>;
    schoolRates: TtlCache<string, Versioned<number | undefined>>;
  }
>();

function cachesOf(ctx: AppContext) {
  let caches = factCaches.get(ctx);
  if (!caches) {
    caches = {
      chapters: new TtlCache(60_000, 50_000, Date.now),
      content: new TtlCache(60_000, 50_000, Date.now),
      totals: new TtlCache(60_000, 50_000, Date.now),
      skip: new TtlCache(300_000, 50_000, Date.now),
      schoolRates: new TtlCache(60_000, 10_000, Date.now),
    };
    factCaches.set(ctx, caches);
  }
  return caches;
}

/**
 * A value kept while the school's catalogue is unchanged. The version is read before loading: a catalogue
 * write during the load leaves the entry stale for the next read.
 */
function versioned<T>(
  ctx: AppContext,
  cache: TtlCache<string, Versioned<T>>,
  schoolId: string,
  key: string,
  load: () => Promise<T>,
): MaybePromise<T> {
  const version = ctx.catalogueCache.version(schoolId);
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.value;
  return load().then((value) => cache.set(key, { version, value }).value);
}

/** A chapter row, from memory while the school's catalogue is unchanged. */
function cachedChapter(ctx: AppContext, schoolId: string, cid: string): MaybePromise<ChapterRow | null> {
  return versioned(ctx, cachesOf(ctx).chapters, schoolId, cid, async () => (await findChapter(ctx.db, cid)) ?? null);
}

/** Characters of text in rich text (tags and white space left out). */
const textLength = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, '').length;

async function contentFacts(ctx: AppContext, head: CourseHead, chapter: ChapterRow | null): Promise<ContentFacts> {
  if (!chapter) {
    const text = (await findCourse(ctx.db, head.id))?.description ?? '';
    return { kind: 'graphic', length: 0, minSeconds: minReadingSeconds(textLength(text)) };
  }
  if (chapter.type === CHAPTER_TYPE.imageText)
    return { kind: 'graphic', length: 0, minSeconds: minReadingSeconds(textLength(chapter.description)) };
  const found = chapter.resourceId ? await wareResource(ctx.db, chapter.resourceId) : undefined;
  const resource = found && !found.deleted && found.schoolId === head.schoolId ? found : null;
  const outputs = resource ? readOutputs(resource.outputs) : {};
  switch (viewerKind(chapter.type, resource, outputs)) {
    case 'video':
    case 'audio':
      return { kind: 'media', length: resource?.duration ?? 0, minSeconds: 0 };
    case 'pdf':
    case 'office':
      return { kind: 'paged', length: outputs.pages ?? 0, minSeconds: 0 };
    case 'ppt':
      return { kind: 'paged', length: outputs.slides?.length || outputs.pages || 0, minSeconds: 0 };
    case 'image':
      return { kind: 'paged', length: 1, minSeconds: 0 };
    default:
      return { kind: 'time', length: 0, minSeconds: 0 };
  }
}

/**
 * What the server knows of the content studied (chapter null: a graphic course's text), with the course's
 * notAllowSkip and fastest credited speed (the course's, else the school's: shared/rules/playback-rate).
 */
export function studyFacts(ctx: AppContext, head: CourseHead, chapter: ChapterRow | null): MaybePromise<ChapterFacts> {
  const caches = cachesOf(ctx);
  const content = versioned(ctx, caches.content, head.schoolId, chapter ? chapter.id : `course:${head.id}`, () =>
    contentFacts(ctx, head, chapter),
  );
  let rules = caches.skip.get(head.id);
  if (!rules || rules.settings !== head.settings) {
    const settings = readSettings(head.settings);
    rules = { settings: head.settings, notAllowSkip: settings.notAllowSkip, maxRate: settings.maxRate };
    caches.skip.set(head.id, rules);
  }
  const { notAllowSkip, maxRate } = rules;
  return thenMaybe(content, (facts) =>
    thenMaybe(maxRateOf(ctx, head.schoolId, maxRate), (rate) => ({ ...facts, notAllowSkip, maxRate: rate })),
  );
}

/**
 * The fastest credited speed of a course whose own setting is courseRate (0: the school's). The school's is
 * kept while its catalogue is unchanged (saving the school's settings bumps it).
 */
export function maxRateOf(ctx: AppContext, schoolId: string, courseRate: number): MaybePromise<number> {
  if (courseRate) return creditedRate(courseRate, undefined);
  const schoolRate = versioned(ctx, cachesOf(ctx).schoolRates, schoolId, schoolId, () =>
    schoolMaxRate(ctx.db, schoolId),
  );
  return thenMaybe(schoolRate, (rate) => creditedRate(undefined, rate));
}

/** How many chapters of the course are studied (a graphic course: its text, 1). */
export function totalChapters(
  ctx: AppContext,
  head: { id: string; type: number; schoolId: string },
): MaybePromise<number> {
  if (head.type === COURSE_TYPE.graphicOrColumn) return 1;
  return versioned(ctx, cachesOf(ctx).totals, head.schoolId, head.id, () => countStudyChapters(ctx.db, head.id));
}

/** The course's id when it is of the administrator's school; 404 otherwise (another school's ids look like none). */
export async function schoolCourse(
  ctx: AppContext,
  schoolId: string,
  courseRef: string,
): Promise<{ id: string; title: string; type: number; schoolId: string }> {
  const id = courseIdOf(ctx, courseRef);
  const course = id ? await findCourse(ctx.db, id) : undefined;
  if (!course || course.schoolId !== schoolId) throw notFound();
  return { id: course.id, title: course.title, type: course.type, schoolId: course.schoolId };
}

/**
 * The course of the administrator's school that they may see, or 404: a sub-admin limited to categories sees
 * only their categories' courses (courses/course-access.ts), as the analytics do.
 */
export async function scopedCourse(ctx: AppContext, admin: Staff, courseRef: string) {
  const course = await schoolCourse(ctx, admin.schoolId, courseRef);
  await assertManageCourse(ctx, admin.userId, { schoolId: course.schoolId, id: course.id });
  return course;
}

/** A member of staff asking: their school and who they are (their category scope is read from them). */
export type Staff = { schoolId: string; userId: string };
