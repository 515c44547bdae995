/**
 * Pure rules of the learning pages (spec 4 'Graphic reading', 'Course settings' notAllowSkip; spec 2 the
 * chapter list and learn letters), shared by the server (study order) and the viewers.
 */

/** Which viewer shows a chapter: from the chapter kind and its resource's kind. */
export const VIEWER_KINDS = [
  'video',
  'audio',
  'pdf',
  'office',
  'ppt',
  'image',
  'graphic',
  'exercise',
  'exam',
  'file',
  'none',
] as const;
export type ViewerKind = (typeof VIEWER_KINDS)[number];

/**
 * The learning pages' hash route names (spec 2: video, pdf, office, ppt, pptv2, image, videov2, imagev2,
 * pptv3, pdfv2, and the graphic reader). The spec names no difference between a route and its v2/v3
 * variant, so the variants open the same viewer.
 */
export const LEARN_ROUTE_NAMES = [
  'video',
  'videov2',
  'pdf',
  'pdfv2',
  'office',
  'ppt',
  'pptv2',
  'pptv3',
  'image',
  'imagev2',
  'graphic',
] as const;
export type LearnRouteName = (typeof LEARN_ROUTE_NAMES)[number];

/** The routes that show each viewer kind; the first is where the learn page opens it. Kinds without a route show on the page itself. */
export const ROUTES_OF_KIND: Record<ViewerKind, readonly LearnRouteName[]> = {
  video: ['video', 'videov2'],
  audio: ['video', 'videov2'],
  pdf: ['pdf', 'pdfv2'],
  office: ['office', 'pdf', 'pdfv2'],
  ppt: ['ppt', 'pptv2', 'pptv3'],
  image: ['image', 'imagev2'],
  graphic: ['graphic'],
  exercise: [],
  exam: [],
  file: [],
  none: [],
};

/** The route a viewer kind opens at ('' when the page shows it without one). */
export const routeOfKind = (kind: ViewerKind): LearnRouteName | '' => ROUTES_OF_KIND[kind][0] ?? '';

/** Spec 4 'Graphic reading': progress is (scroll position + viewport) / page height, two decimals, here kept within 0..1. */
export function readingProgress(scrollTop: number, viewport: number, height: number): number {
  if (!(height > 0)) return 1;
  const raw = (Math.max(0, scrollTop) + Math.max(0, viewport)) / height;
  const clamped = Math.min(1, Math.max(0, raw));
  return Math.round(clamped * 100) / 100;
}

/**
 * Spec 4 'Graphic reading': the scroll position sets the current catalogue item — the last heading whose
 * top (document offset) is at or above the reading line (scrollTop + offset); -1 before the first one.
 * At the very end of the page the last heading is current even when it cannot reach the line.
 */
export function currentHeadingIndex(
  headingTops: readonly number[],
  scrollTop: number,
  offset = 80,
  atEnd = false,
): number {
  if (headingTops.length === 0) return -1;
  if (atEnd) return headingTops.length - 1;
  let current = -1;
  headingTops.forEach((top, index) => {
    if (top <= scrollTop + offset) current = index;
  });
  return current;
}

/** How far past the furthest point watched a seek may land (s): normal playback jitter, not a skip. */
export const SKIP_TOLERANCE_SECONDS = 2;

/**
 * Course settings notAllowSkip (spec 3): a seek past the furthest point watched snaps back to it; a seek
 * backwards, or anywhere when skipping is allowed, stays. Returns where playback should be.
 */
export function allowedSeek(
  target: number,
  furthest: number,
  notAllowSkip: boolean,
  tolerance = SKIP_TOLERANCE_SECONDS,
): number {
  if (!notAllowSkip || !Number.isFinite(target)) return target;
  return target > furthest + tolerance ? furthest : target;
}

/** The furthest point watched after a tick of normal playback: only continuous playback moves it on. */
export function furthestWatched(
  furthest: number,
  previous: number,
  current: number,
  tolerance = SKIP_TOLERANCE_SECONDS,
): number {
  if (current > furthest && current - previous <= tolerance && current >= previous) return current;
  return furthest;
}

/**
 * Where to resume a video or audio: the stored position, unless it is unknown, negative, or within the
 * last seconds of the media (then from the start: the chapter was finished).
 */
export function resumePosition(stored: number | null | undefined, duration: number, endMargin = 3): number {
  if (stored == null || !Number.isFinite(stored) || stored <= 0) return 0;
  if (duration > 0 && stored >= duration - endMargin) return 0;
  return stored;
}

/** A page number kept within 1..pages (1 when unknown). */
export function clampPage(page: number | null | undefined, pages: number): number {
  if (page == null || !Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

/** Zoom steps of the document and image viewers. */
export const ZOOM = { min: 0.25, max: 5, step: 1.25 } as const;

/** A zoom factor kept within ZOOM.min..ZOOM.max, two decimals. */
export function clampZoom(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(ZOOM.max, Math.max(ZOOM.min, value)) * 100) / 100;
}

/** The slide index a key moves to (arrows, PageUp/PageDown, Home/End, space); null for other keys. */
export function slideForKey(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
    case ' ':
      return Math.min(last, index + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** A chapter as the study order reads it. */
export interface StudyChapter {
  cid: string;
  title: string;
  /** The learn letter (shared/schemas/chapters learnLetter); '' for a heading. */
  learnType: string;
}

/** A top-level chapter with its subchapters. */
export interface StudyChapterNode extends StudyChapter {
  children: readonly StudyChapter[];
}

/** The chapters a learner opens, in order: the subchapters of a chapter that has them, else the chapter itself; headings skipped. */
export function studyOrder(chapters: readonly StudyChapterNode[]): StudyChapter[] {
  return chapters
    .flatMap((chapter): StudyChapter[] => (chapter.children.length > 0 ? [...chapter.children] : [chapter]))
    .filter((chapter) => chapter.learnType !== '');
}

/** The chapters before and after one in study order (null at either end, or when it is not in the list). */
export function neighbours(
  chapters: readonly StudyChapterNode[],
  cid: string,
): { prev: StudyChapter | null; next: StudyChapter | null } {
  const order = studyOrder(chapters);
  const at = order.findIndex((chapter) => chapter.cid === cid);
  if (at < 0) return { prev: null, next: null };
  return { prev: order[at - 1] ?? null, next: order[at + 1] ?? null };
}
