import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import type { ChapterList } from '../../../shared/schemas/chapters';
import type { Ware } from '../../../shared/schemas/learning';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { ChapterNav, type NavStudy } from './ChapterNav';
import { courseChapterHref, learnHref } from './links';

export interface LearnFrame {
  code: string;
  courseTitle: string;
  title: string;
  cid: string;
  chapters: ChapterList | undefined;
  prev?: Ware['prev'];
  next?: Ware['next'];
  download?: string | null;
  fileName?: string;
  preview?: boolean;
  /** The student's study: progress and locks in the chapter list. */
  study?: NavStudy;
  /** The next button runs the next chapter flow (spec 4) instead of only following its link. */
  onNext?: () => void;
  /** On the last chapter: the button that finishes the course (the same flow). */
  onFinish?: () => void;
  /** Every chapter is complete. */
  finished?: boolean;
}

/**
 * The frame of every learning page (spec 2): the course to go back to, the chapter's title, its download
 * when allowed (spec 6), the content, the previous and next chapters, and the chapter list beside the
 * content — a drawer on mobile.
 */
export function LearnLayout({
  frame,
  children,
  below,
}: {
  frame: LearnFrame;
  children: ReactNode;
  /** Under the content and its neighbours: the chapter's Q&A and notes. */
  below?: ReactNode;
}) {
  const t = useT();
  const isMobile = useIsMobile();
  const [drawer, setDrawer] = useState(false);
  const list = frame.chapters;

  useEffect(() => {
    if (!drawer) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawer(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  const nav = list ? (
    <ChapterNav chapters={list.chapters} code={frame.code} current={frame.cid} paid={!list.free} study={frame.study} />
  ) : null;
  const onNext = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!frame.onNext || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    frame.onNext();
  };
  return (
    <div className={`learn${isMobile ? ' is-mobile' : ''}`} data-testid="learn-page">
      <header className="learn-head">
        <div className="learn-head-main">
          <a className="learn-back" href={courseChapterHref(frame.code)}>
            ‹ {frame.courseTitle || t('learn.backToCourse')}
          </a>
          <h1 className="learn-title">{frame.title}</h1>
        </div>
        <div className="learn-head-actions">
          {frame.preview && <span className="learn-badge">{t('learn.preview')}</span>}
          {frame.finished && (
            <span className="learn-badge studyflow-finished" data-testid="study-finished">
              ✓ {t('learn.flow.finishedTitle')}
            </span>
          )}
          {frame.download && (
            <a
              className="btn btn-light btn-small"
              href={frame.download}
              download={frame.fileName || true}
              data-testid="learn-download"
            >
              {t('learn.download')}
            </a>
          )}
          {isMobile && list && (
            <button
              type="button"
              className="btn btn-light btn-small"
              onClick={() => setDrawer(true)}
              aria-expanded={drawer}
              data-testid="learn-open-chapters"
            >
              {t('learn.openChapters')}
            </button>
          )}
        </div>
      </header>
      <div className="learn-body">
        <section className="learn-content">
          {children}
          {(frame.prev || frame.next || frame.onFinish) && (
            <nav className="learn-neighbours" aria-label={t('learn.chapters')}>
              {frame.prev ? (
                <a
                  className="btn btn-light btn-small"
                  href={learnHref(frame.code, frame.prev.cid, frame.prev.learnType)}
                  data-testid="learn-prev"
                >
                  ‹ {t('learn.prev')}
                  <span className="learn-neighbour-title">：{frame.prev.title}</span>
                </a>
              ) : (
                <span />
              )}
              {frame.next && (
                <a
                  className="btn btn-light btn-small"
                  href={learnHref(frame.code, frame.next.cid, frame.next.learnType)}
                  onClick={onNext}
                  data-testid="learn-next"
                >
                  {t('learn.next')}
                  <span className="learn-neighbour-title">：{frame.next.title}</span> ›
                </a>
              )}
              {!frame.next && frame.onFinish && (
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  onClick={frame.onFinish}
                  data-testid="learn-finish"
                >
                  {t('learn.flow.finish')}
                </button>
              )}
            </nav>
          )}
          {below}
        </section>
        {!isMobile && nav && (
          <aside className="learn-aside" aria-label={t('learn.chapters')}>
            <h2>{t('learn.chapters')}</h2>
            {nav}
          </aside>
        )}
      </div>
      {isMobile && drawer && nav && (
        <div
          className="learn-drawer"
          role="dialog"
          aria-modal="true"
          aria-label={t('learn.chapters')}
          data-testid="learn-drawer"
        >
          <button
            type="button"
            className="learn-drawer-mask"
            aria-label={t('learn.closeChapters')}
            onClick={() => setDrawer(false)}
          />
          <div className="learn-drawer-panel">
            <header>
              <h2>{t('learn.chapters')}</h2>
              <button type="button" className="btn btn-text btn-small" onClick={() => setDrawer(false)}>
                {t('learn.closeChapters')}
              </button>
            </header>
            {nav}
          </div>
        </div>
      )}
    </div>
  );
}
