/**
 * Presentation chapters: the slide images the conversion made, one large with a strip of
 * thumbnails; the keyboard moves through them (arrows, PageUp/PageDown, space, Home/End) anywhere on the
 * page except while typing; the slide is remembered per chapter.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { clampPage, slideForKey } from '../../../shared/rules/learning';
import { useT } from '../../i18n';
import { HEARTBEAT_STUDY_MS, useHeartbeat, useLearnRecord } from '../../hooks/useHeartbeat';
import { recall, remember } from './memory';
import { announcePosition, registerPosition, takeSpot } from './position';
import { StatusPanel } from './StatusPanel';
import type { ViewerProps } from './types';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export default function SlidesViewer({ ware, memoryKey, onRetry }: ViewerProps) {
  const t = useT();
  const slides = ware.urls.slides;
  const [index, setIndex] = useState(() => clampPage((recall(memoryKey, 'slide') ?? 0) + 1, slides.length) - 1);
  const strip = useRef<HTMLOListElement>(null);
  // The server's record says where to resume; time on the slides goes to it with the slide shown (1-based).
  const record = useLearnRecord(ware.coid, ware.cid);
  const shown = useRef(index);
  shown.current = index;
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || record === undefined || slides.length === 0) return;
    resumed.current = true;
    // A note opened from My notes asks for its slide; otherwise the learner resumes where they left off.
    const asked = takeSpot(ware.cid)?.page;
    const target = asked ?? (record && record.position >= 1 ? record.position : null);
    if (target === null) return;
    shown.current = clampPage(target, slides.length) - 1;
    setIndex(shown.current);
  }, [record, slides.length, ware.cid]);
  // The heartbeat starts once the record is known (and after the resume above): a first beat sent before it
  // would report slide 1, and the server would forget where a returning student was.
  useHeartbeat({
    coid: ware.coid,
    cid: ware.cid,
    intervalMs: HEARTBEAT_STUDY_MS,
    enabled: slides.length > 0 && record !== undefined,
    read: () => ({ position: shown.current + 1, pages: slides.length, paused: document.hidden }),
  });

  const go = useCallback((next: number) => setIndex(Math.min(Math.max(0, next), slides.length - 1)), [slides.length]);
  // The notes beside the slides read the slide (1-based) and turn to one (web/components/viewers/position.ts).
  useEffect(() => registerPosition({ page: () => shown.current + 1, turn: (page) => go(page - 1) }), [go]);
  useEffect(() => announcePosition(), [index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      const next = slideForKey(event.key, index, slides.length);
      if (next === null) return;
      event.preventDefault();
      go(next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, slides.length, go]);

  useEffect(() => {
    remember(memoryKey, 'slide', index);
    strip.current?.children[index]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [index, memoryKey]);

  if (slides.length === 0) return <StatusPanel ware={ware} onRetry={onRetry} />;
  return (
    <div className="learn-slides" data-testid="slides-viewer">
      <div className="learn-slide-stage">
        <button
          type="button"
          className="learn-slide-nav is-prev"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t('learn.prevPage')}
        >
          ‹
        </button>
        <img
          src={slides[index]}
          alt={t('learn.slide', { n: index + 1 })}
          data-testid="slide-current"
          data-index={index}
        />
        <button
          type="button"
          className="learn-slide-nav is-next"
          onClick={() => go(index + 1)}
          disabled={index === slides.length - 1}
          aria-label={t('learn.nextPage')}
        >
          ›
        </button>
      </div>
      <p className="learn-slide-count" data-testid="slide-count">
        {t('learn.page', { page: index + 1, pages: slides.length })}
      </p>
      <ol className="learn-slide-strip" ref={strip} aria-label={t('learn.slides')}>
        {slides.map((src, at) => (
          <li key={src}>
            <button
              type="button"
              className={at === index ? 'is-current' : ''}
              aria-current={at === index ? 'true' : undefined}
              onClick={() => go(at)}
              aria-label={t('learn.slide', { n: at + 1 })}
            >
              <img src={src} alt="" loading="lazy" />
              <span>{at + 1}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
