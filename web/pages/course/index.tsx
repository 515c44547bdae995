import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { COURSE_TYPE, isGraphic } from '../../../shared/rules/course-buttons';
import { COURSE_STATUS, isFree } from '../../../shared/rules/course-status';
import type { CourseInfo } from '../../../shared/schemas/courses';
import { COURSE_ERRORS } from '../../../shared/schemas/courses';
import { courseCalls } from '../../../shared/calls/courses';
import { request } from '../../api/client';
import { useBootstrap } from '../../bootstrap';
import { BookmarkButton, useBookmark } from '../../components/catalogue/Bookmark';
import { CourseGrid } from '../../components/catalogue/CourseCard';
import { FixedTopBar, MainButton, MobileActionBar, useTabsStayInView } from '../../components/catalogue/IntroChrome';
import { IntroTabs, type IntroTab } from '../../components/catalogue/IntroTabs';
import { RichText } from '../../components/catalogue/RichText';
import { ShareButton } from '../../components/catalogue/Share';
import { RedeemEntry } from '../../components/catalogue/RedeemEntry';
import { alert, toast } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../hooks/fetcher';
import { useChapters, useCourseInfo, useHotCourses } from '../../hooks/useCatalogue';
import { sendChanged } from '../../lib/yks-bridge';
import { useIsMobile } from '../../hooks/useIsMobile';
import { MOBILE_TOP_BAR_PX, NAV_PX, useScrolledPastElement } from '../../hooks/useScrolledPastElement';
import { useT } from '../../i18n';
import { loginHref } from '../../urls';
import NotFoundPage from '../notFound';
import { ChapterList } from './ChapterList';
import { CommentsPanel } from './comments/CommentsPanel';
import { actionLabel } from './course-text';
import { CourseHero } from './CourseHero';
import { GraphicDetail, GraphicLead } from './GraphicDetail';
import { useCourseActions } from './useCourseActions';

/** Hot courses shown under the tabs: two rows of four on desktop, two of two on mobile. */
const HOT_SHOWN = { desktop: 8, mobile: 4 } as const;

/**
 * The tabs of a course (spec 2): info; chapter (not for public live) and comment; graphic courses use
 * detail and addcomment instead of chapter and comment.
 */
export function courseTabs(course: CourseInfo, t: ReturnType<typeof useT>): IntroTab[] {
  const tabs: IntroTab[] = [{ name: 'info', label: t('course.tab.info') }];
  if (isGraphic(course)) {
    tabs.push(
      { name: 'detail', label: t('course.tab.detail') },
      { name: 'addcomment', label: t('comments.tab.addcomment') },
    );
    return tabs;
  }
  if (course.type !== COURSE_TYPE.publicLive) {
    tabs.push({
      name: 'chapter',
      label: t('course.tab.chapter'),
      tag: course.hasFreeChapter && !isFree(course) ? t('chapter.audition') : undefined,
    });
  }
  tabs.push({ name: 'comment', label: t('comments.tab.comment') });
  return tabs;
}

/** The comment tab of the other kind of course (a shared #/introduce/comment link to a graphic course, or the reverse). */
function commentTabAlias(tab: string, graphic: boolean): string | null {
  if (tab === 'comment' && graphic) return 'addcomment';
  if (tab === 'addcomment' && !graphic) return 'comment';
  return null;
}

/**
 * The course intro page (/course/{code} #/introduce/{tab}). A deleted or unpublished course alerts
 * 该课程已下架 and returns to the school home; a private course asks a guest to sign in.
 */
export default function CourseIntroPage() {
  const boot = useBootstrap();
  const t = useT();
  const { data: course, error, mutate } = useCourseInfo(boot.params.coid ?? '');
  const failure = error instanceof ApiError ? error.reply : null;
  const removed = failure?.error === COURSE_ERRORS.removed;

  useEffect(() => {
    if (!removed || !failure) return;
    const back = (failure.data as { hashUID?: string } | null)?.hashUID || boot.hashUID;
    void alert({ text: t('errors.courseRemoved') }).then(() => window.location.replace(`/u/${back}`));
  }, [removed, failure, boot.hashUID, t]);

  if (error) {
    if (removed) return <Loading />;
    if (failure?.error === 'no login') {
      return (
        <section className="card page-card" data-testid="course-login">
          <h1 className="page-title">{t('page.course.title')}</h1>
          <p className="page-muted">{t('course.privateSignIn')}</p>
          <a className="btn btn-primary" href={loginHref(boot)}>
            {t('nav.signIn')}
          </a>
        </section>
      );
    }
    return <NotFoundPage />;
  }
  if (!course) return <Loading />;
  return <CourseIntro course={course} onChanged={() => void mutate()} />;
}

function CourseIntro({ course, onChanged }: { course: CourseInfo; onChanged: () => void }) {
  const t = useT();
  const boot = useBootstrap();
  const mobile = useIsMobile();
  const { tab = 'info' } = useParams();
  const heroRef = useRef<HTMLElement>(null);
  const graphic = isGraphic(course);
  const tabs = courseTabs(course, t);
  const chapters = useChapters(graphic ? null : course.coid);
  const hot = useHotCourses(boot.model === 'yks' ? null : course.hashUID);
  const actions = useCourseActions(course, chapters.data?.chapters);
  const bookmark = useBookmark({
    initial: course.isCollect,
    ownerId: course.uid,
    send: (collect) => request(courseCalls.collect, { body: { uid: course.hashUID, coid: course.coid, collect } }),
  });
  const bodyRef = useRef<HTMLElement>(null);
  const barOffset = mobile ? (boot.isMiniprogram ? 0 : MOBILE_TOP_BAR_PX) : NAV_PX;
  const pastHero = useScrolledPastElement(heroRef, barOffset);
  useTabsStayInView(tab, bodyRef, pastHero, barOffset);

  useEffect(() => {
    document.title = `${course.title} - ${boot.schoolName}`;
  }, [course.title, boot.schoolName]);

  // Issue 19: the exam platform framing the page (yks mode) hears which courses the student may view and learn.
  const canView = course.refusal !== 'designatedGroup';
  const canLearn = course.refusal === null && course.mainButton.action !== 'buy' && !course.mainButton.disabled;
  useEffect(() => {
    if (boot.model !== 'yks') return;
    sendChanged('onChangedWhichCanViewCourse', course.coid, { coid: course.coid, canView });
    sendChanged('onChangedWhichCanLearnCourse', course.coid, { coid: course.coid, canLearn });
  }, [boot.model, course.coid, canView, canLearn]);

  const alias = commentTabAlias(tab, graphic);
  if (alias) return <Navigate to={`/introduce/${alias}`} replace />;
  if (!tabs.some((item) => item.name === tab)) return <Navigate to="/introduce/info" replace />;

  const mainButton = (
    <MainButton
      label={actionLabel(t, course.mainButton.action)}
      disabled={course.mainButton.disabled}
      onClick={() => void actions.main()}
    />
  );
  const bookmarkButton = (
    <BookmarkButton collected={bookmark.collected} busy={bookmark.busy} onClick={() => void bookmark.toggle()} />
  );
  // A held course still renewable (course/info renew) offers renewal beside its main button.
  const renewButton = course.renew && (
    <button type="button" className="btn renew-button" onClick={() => void actions.renew()} data-testid="renew-button">
      {t('orders.renew')}
    </button>
  );
  const locked = !isFree(course) && !course.isbuy;
  const hotCourses = (hot.data?.course ?? [])
    .filter((item) => item.coid !== course.coid)
    .slice(0, mobile ? HOT_SHOWN.mobile : HOT_SHOWN.desktop);

  return (
    <div
      className={`intro${mobile ? ' is-mobile' : ''}${boot.isMiniprogram ? ' no-top-bar' : ''}`}
      data-testid="course-intro"
    >
      <CourseHero
        course={course}
        mobile={mobile}
        heroRef={heroRef}
        actions={
          <>
            {mainButton}
            {renewButton}
            {bookmarkButton}
          </>
        }
      />
      <RedeemEntry
        coid={course.coid}
        // A held course past its validity may take a code again (the server refuses one still valid).
        held={course.isbuy && course.courseStatus !== COURSE_STATUS.needsPurchase}
        onDone={(_result, message) => {
          toast(message);
          // The course is now held: its status and its chapters (no longer locked) change.
          onChanged();
          void chapters.mutate();
        }}
      />
      {!mobile && <FixedTopBar visible={pastHero} title={course.title} tabs={tabs} action={mainButton} />}
      <section ref={bodyRef} className="intro-body">
        <IntroTabs tabs={tabs} className={mobile ? 'is-sticky' : ''} />
        <div className="intro-panel" data-testid={`tab-${tab}`}>
          {tab === 'info' &&
            (graphic ? (
              <GraphicLead course={course} />
            ) : course.description ? (
              <RichText html={course.description} className="intro-text" testId="course-description" />
            ) : (
              <p className="catalogue-empty">{t('course.noDescription')}</p>
            ))}
          {tab === 'chapter' &&
            (chapters.data ? (
              <ChapterList
                chapters={chapters.data.chapters}
                paid={!isFree(course)}
                onOpen={(chapter) => void actions.openChapter(chapter)}
              />
            ) : (
              <Loading />
            ))}
          {tab === 'detail' && <GraphicDetail course={course} locked={locked} action={mainButton} />}
          {(tab === 'comment' || tab === 'addcomment') && <CommentsPanel course={course} />}
        </div>
      </section>
      {boot.model !== 'yks' && hotCourses.length > 0 && (
        <section className="intro-related" data-testid="hot-courses" aria-labelledby="hot-title">
          <h2 id="hot-title" className="home-section-title">
            {t('course.hot')}
          </h2>
          <CourseGrid courses={hotCourses} mobile={mobile} newTab={false} />
        </section>
      )}
      {mobile && (
        <MobileActionBar>
          <ShareButton />
          {bookmarkButton}
          {renewButton}
          <MainButton
            label={actionLabel(t, course.mainButton.action)}
            disabled={course.mainButton.disabled}
            onClick={() => void actions.main()}
            className="m-action-main"
          />
        </MobileActionBar>
      )}
    </div>
  );
}
