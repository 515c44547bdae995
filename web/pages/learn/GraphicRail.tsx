import { useRef } from 'react';
import { courseCalls } from '../../../shared/calls/courses';
import type { CourseInfo } from '../../../shared/schemas/courses';
import { request } from '../../api/client';
import { useBootstrap } from '../../bootstrap';
import { BookmarkButton, useBookmark } from '../../components/catalogue/Bookmark';
import { copyText } from '../../components/catalogue/Share';
import { toast } from '../../components/feedback';
import { useT } from '../../i18n';

/**
 * The graphic reader's right rail (spec 2 'Graphic article reader': share, bookmark/bookmarked, comment, back to
 * top). Share copies this page's link (hidden in the lan release, as the intro's share is); the bookmark is the
 * course's collect call with its rules (useBookmark); comment brings the comments below the text into view and
 * puts the cursor in the box; back to top scrolls up.
 */
export function GraphicRail({ course, commentsId }: { course: CourseInfo; commentsId: string }) {
  const t = useT();
  const boot = useBootstrap();
  const link = useRef<HTMLInputElement>(null);
  const bookmark = useBookmark({
    initial: course.isCollect,
    ownerId: course.uid,
    send: (collect) => request(courseCalls.collect, { body: { uid: course.hashUID, coid: course.coid, collect } }),
  });

  const handleShare = async () => {
    const copied = await copyText(window.location.href, link.current);
    toast(copied ? t('learn.rail.copied') : t('learn.rail.copyFailed'));
  };
  const handleComment = () => {
    const comments = document.getElementById(commentsId);
    comments?.scrollIntoView({ block: 'start' });
    comments?.querySelector('textarea')?.focus({ preventScroll: true });
  };

  return (
    <nav className="graphic-rail" aria-label={t('learn.rail.label')} data-testid="graphic-rail">
      {boot.ver !== 'lan' && (
        <>
          <button
            type="button"
            className="graphic-rail-button"
            onClick={() => void handleShare()}
            data-testid="rail-share"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M15 5l4 4-4 4M19 9H9a5 5 0 0 0-5 5v4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{t('learn.rail.share')}</span>
          </button>
          <input
            ref={link}
            className="visually-hidden"
            readOnly
            tabIndex={-1}
            aria-hidden="true"
            value={window.location.href}
          />
        </>
      )}
      <BookmarkButton
        className="graphic-rail-button"
        collected={bookmark.collected}
        busy={bookmark.busy}
        onClick={() => void bookmark.toggle()}
      />
      <button type="button" className="graphic-rail-button" onClick={handleComment} data-testid="rail-comment">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        <span>{t('learn.rail.comment')}</span>
      </button>
      <button
        type="button"
        className="graphic-rail-button"
        aria-label={t('learn.rail.topLabel')}
        onClick={() => window.scrollTo({ top: 0 })}
        data-testid="rail-top"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M6 14l6-6 6 6M5 4h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span>{t('learn.rail.top')}</span>
      </button>
    </nav>
  );
}
