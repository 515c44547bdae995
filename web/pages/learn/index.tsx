/**
 * The learning page /u/learn/{encodedCourseId}/{chapterId}/{type} (spec 2) and its hash routes video,
 * videov2, pdf, pdfv2, office, ppt, pptv2, pptv3, image, imagev2 and graphic. The chapter's ware (after
 * the server's one study-access check) decides the viewer; the page opens the route of that viewer, and a
 * route that does not fit the chapter moves to the one that does. Each viewer is its own lazy chunk, so
 * video.js and pdf.js load only here. An exercise chapter is its quiz (ExerciseChapter), an exam chapter
 * its exam (ExamChapter), each a lazy chunk too.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { learningCalls } from '../../../shared/calls/learning';
import { ROUTES_OF_KIND, routeOfKind, type ViewerKind, type Ware } from '../../../shared/schemas/learning';
import { useBootstrap } from '../../bootstrap';
import { Loading } from '../../components/Loading';
import { StatusPanel } from '../../components/viewers/StatusPanel';
import type { ViewerProps } from '../../components/viewers/types';
import { ApiError } from '../../hooks/fetcher';
import { useCall } from '../../hooks/useCall';
import { StudyHooksContext } from '../../hooks/useHeartbeat';
import { ExercisesButton } from './ExercisesButton';
import { LearnLayout } from './LearnLayout';
import { Refusal } from './Refusal';
import { useStudyFlow } from './useStudyFlow';
import { StudyTalk } from './talk/StudyTalk';

/** Chapters with Q&A and notes beside the viewer (an exercise or exam is its own page; the graphic reader has comments). */
const TALK_KINDS = new Set<Ware['kind']>(['video', 'audio', 'pdf', 'office', 'ppt', 'image']);

type Viewer = LazyExoticComponent<ComponentType<ViewerProps>>;

const VideoViewer = lazy(() => import('../../components/viewers/VideoViewer'));
const PdfViewer = lazy(() => import('../../components/viewers/PdfViewer'));
const SlidesViewer = lazy(() => import('../../components/viewers/SlidesViewer'));
const ImageViewer = lazy(() => import('../../components/viewers/ImageViewer'));
const GraphicViewer = lazy(() => import('../../components/viewers/GraphicReader'));
const ExerciseChapter = lazy(() => import('./ExerciseChapter'));
const ExamChapter = lazy(() => import('./ExamChapter'));
const LivePage = lazy(() => import('../live'));

const VIEWERS: Partial<Record<ViewerKind, Viewer>> = {
  video: VideoViewer,
  audio: VideoViewer,
  pdf: PdfViewer,
  office: PdfViewer,
  ppt: SlidesViewer,
  image: ImageViewer,
  graphic: GraphicViewer,
};

/** The course code of this page's address (/u/learn/{code}/...). */
const codeOfPath = () => window.location.pathname.split('/')[3] ?? '';

/** The viewer of a ware, or the screen saying why there is none. */
function Content({ ware, memoryKey, onRetry }: { ware: Ware; memoryKey: string; onRetry: () => void }) {
  if (ware.kind === 'exercise' || ware.kind === 'exam') {
    const Chapter = ware.kind === 'exam' ? ExamChapter : ExerciseChapter;
    return (
      <Suspense fallback={<Loading />}>
        <Chapter ware={ware} onRetry={onRetry} />
      </Suspense>
    );
  }
  // A presentation whose slide images are not there but whose PDF is: show the PDF.
  const Viewer = ware.kind === 'ppt' && !ware.urls.slides.length && ware.urls.pdf ? PdfViewer : VIEWERS[ware.kind];
  if (!Viewer) return <StatusPanel ware={ware} onRetry={onRetry} />;
  return (
    <Suspense fallback={<Loading />}>
      <Viewer ware={ware} memoryKey={memoryKey} onRetry={onRetry} />
    </Suspense>
  );
}

/**
 * The chapter's ware is fetched once per page: the signed addresses last MEDIA_URL_TTL (hours), so it is not
 * revalidated behind the learner's back (a new address would restart the player); a viewer that fails asks
 * again with mutate().
 */
const WARE_ONCE = {
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
} as const;

export default function LearnPage() {
  const boot = useBootstrap();
  const { coid = '', chapterId = '' } = boot.params;
  const { pathname } = useLocation();
  const open = coid !== '' && chapterId !== '' && chapterId !== 'live';
  const input = open ? { params: { coid, cid: chapterId } } : null;
  const { data: ware, error, mutate } = useCall(learningCalls.ware, input, WARE_ONCE);
  const retry = () => void mutate();

  // The public live page /u/learn/{code}/live/1 (spec 2): the live page's player, no sign-in for a public live course.
  if (chapterId === 'live')
    return (
      <Suspense fallback={<Loading />}>
        <LivePage />
      </Suspense>
    );
  if (error instanceof ApiError)
    return <Refusal failure={error.reply} code={codeOfPath()} coid={coid} cid={chapterId} onRetry={retry} />;
  if (error)
    return (
      <Refusal
        failure={{ status: 'error', error: String(error), data: null }}
        code={codeOfPath()}
        coid={coid}
        cid={chapterId}
        onRetry={retry}
      />
    );
  if (!ware) return <Loading />;

  const route = pathname.replace(/^\/+/, '');
  const wanted = routeOfKind(ware.kind);
  const fits = route === '' ? !wanted : (ROUTES_OF_KIND[ware.kind] as readonly string[]).includes(route);
  if (!fits) return <Navigate to={`/${wanted}`} replace />;

  const memoryKey = `${boot.userData.sid || boot.userData.uid || 'guest'}.${ware.cid}`;
  return <StudyPage key={ware.cid} ware={ware} route={route} memoryKey={memoryKey} onRetry={retry} />;
}

/**
 * A chapter being studied: the frame, the viewer, and the study flow around them (progress, locks, dialogs,
 * reminders).
 */
function StudyPage({
  ware,
  route,
  memoryKey,
  onRetry,
}: {
  ware: Ware;
  route: string;
  memoryKey: string;
  onRetry: () => void;
}) {
  const flow = useStudyFlow(ware);
  return (
    <StudyHooksContext.Provider value={flow.hooks}>
      <LearnLayout
        below={TALK_KINDS.has(ware.kind) ? <StudyTalk ware={ware} /> : undefined}
        frame={{
          code: ware.code,
          courseTitle: ware.courseTitle,
          title: ware.title,
          cid: ware.cid,
          chapters: ware.chapters,
          prev: ware.prev,
          next: ware.next,
          download: ware.download,
          fileName: ware.fileName,
          preview: ware.preview,
          study: flow.nav,
          onNext: flow.onNext,
          onFinish: flow.onFinish,
          finished: flow.finished,
        }}
      >
        <div className={`learn-viewer kind-${ware.kind}`} data-kind={ware.kind} data-route={route}>
          <Content ware={ware} memoryKey={memoryKey} onRetry={onRetry} />
          {ware.kind !== 'exercise' && <ExercisesButton ware={ware} onUpdated={onRetry} />}
        </div>
      </LearnLayout>
      {flow.dialogs}
    </StudyHooksContext.Provider>
  );
}
