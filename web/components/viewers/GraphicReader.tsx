/**
 * The graphic article reader (spec 2 'Graphic article reader', spec 4 'Graphic reading'): a table of
 * contents from the level-3 and level-4 headings whose current item follows the scroll, the title and
 * update time, the text (sanitised again on display with DOMPurify; back to top is the shell's), and the reading
 * progress — (scroll position + viewport) / page height, two decimals — measured on the scroll throttle
 * of spec 9 (200 ms). The reading heartbeat reports it every 10 s (spec 9) and once more on reaching 1; the
 * server decides when the reading is complete (and obtains a free graphic course); the furthest progress is
 * also remembered in this browser.
 */
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { currentHeadingIndex, readingProgress } from '../../../shared/rules/learning';
import { formatDateTime } from '../../../shared/rules/dates';
import { sanitizeWithHeadings } from '../catalogue/sanitize-html';
import { useLocale, useT } from '../../i18n';
import { HEARTBEAT_GRAPHIC_MS, useHeartbeat } from '../../hooks/useHeartbeat';
import { Toc } from '../Toc';
import { recall, remember } from './memory';
import type { ViewerProps } from './types';

/** Spec 9: scroll throttle 200 ms. */
const SCROLL_THROTTLE = 200;
/** The reading line below the top of the window (the desktop nav bar is 64 px). */
const READING_LINE = 96;

export interface GraphicReaderProps {
  title: string;
  /** ms, or a 'yyyy-MM-dd HH:mm:ss' text. */
  updatedAt: number | string;
  html: string;
  /** Remembered progress per learner and chapter (or course). */
  memoryKey: string;
  /** The table of contents beside the text (desktop); on narrow screens it sits above the text. */
  toc?: boolean;
  /** The course and chapter ('0': a graphic course's own text) the reading heartbeat is about. */
  study?: { coid: string; cid: string };
  /** Below the text in the middle column (the graphic course's comments). */
  below?: ReactNode;
  /** A rail on the right (the graphic course's share, bookmark, comment, back to top). */
  rail?: ReactNode;
}

/** The reader itself, also used by the graphic course's reading route. */
export function GraphicReader({
  title,
  updatedAt,
  html,
  memoryKey,
  toc = true,
  study,
  below,
  rail,
}: GraphicReaderProps) {
  const t = useT();
  const locale = useLocale();
  const { html: clean, headings } = useMemo(() => sanitizeWithHeadings(html, 'gr'), [html]);
  const [progress, setProgress] = useState(0);
  const [current, setCurrent] = useState(-1);
  const text = useRef<HTMLDivElement>(null);
  const reading = useRef(0);
  reading.current = progress;
  const beat = useHeartbeat({
    coid: study?.coid ?? '',
    cid: study?.cid ?? '',
    intervalMs: HEARTBEAT_GRAPHIC_MS,
    tick: 'read',
    enabled: !!study,
    read: () => ({ played_time: reading.current, paused: document.hidden }),
  });
  // Spec 4: reaching 1 sends a heartbeat at once.
  useEffect(() => {
    if (progress >= 1) beat('read');
  }, [progress, beat]);

  useEffect(() => {
    let timer: number | undefined;
    let last = 0;
    const measure = () => {
      timer = undefined;
      last = Date.now();
      const root = document.documentElement;
      const scrollTop = window.scrollY;
      const value = readingProgress(scrollTop, window.innerHeight, root.scrollHeight);
      setProgress(value);
      if (value > (recall(memoryKey, 'read') ?? 0)) remember(memoryKey, 'read', value);
      const tops = headings.map(
        (heading) => (document.getElementById(heading.id)?.getBoundingClientRect().top ?? 0) + scrollTop,
      );
      setCurrent(currentHeadingIndex(tops, scrollTop, READING_LINE, value >= 1));
    };
    const onScroll = () => {
      if (timer !== undefined) return;
      timer = window.setTimeout(measure, Math.max(0, SCROLL_THROTTLE - (Date.now() - last)));
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    // Pictures change the height as they load.
    const images = Array.from(text.current?.querySelectorAll('img') ?? []);
    images.forEach((image) => image.addEventListener('load', onScroll));
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      images.forEach((image) => image.removeEventListener('load', onScroll));
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [headings, memoryKey, clean]);

  const percent = Math.round(progress * 100);
  return (
    <div
      className={`graphic-reader${toc && headings.length ? ' has-toc' : ''}${rail ? ' has-rail' : ''}`}
      data-testid="graphic-reader"
    >
      <div className="graphic-reader-bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      {toc && headings.length > 0 && (
        <Toc
          headings={headings}
          label={t('learn.toc')}
          className="graphic-reader-toc"
          current={current}
          testId="reader-toc"
        />
      )}
      <div className="graphic-reader-center">
        <article className="graphic-reader-main">
          <h1 className="graphic-reader-title">{title}</h1>
          <p className="graphic-reader-meta">
            <span>{t('learn.updated', { time: formatDateTime(updatedAt, locale) })}</span>
            <span data-testid="reading-progress" data-progress={progress}>
              {t('learn.progress', { percent })}
            </span>
          </p>
          {clean.trim() ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify
            <div ref={text} className="rich-text graphic-reader-text" dangerouslySetInnerHTML={{ __html: clean }} />
          ) : (
            <p className="catalogue-empty">{t('learn.noText')}</p>
          )}
        </article>
        {below}
      </div>
      {rail && <div className="graphic-reader-rail">{rail}</div>}
    </div>
  );
}

/** An image-text chapter on the learning page. */
export default function GraphicViewer({ ware, memoryKey }: ViewerProps) {
  return (
    <GraphicReader
      title={ware.title}
      updatedAt={ware.updatedAt}
      html={ware.html}
      memoryKey={memoryKey}
      study={{ coid: ware.coid, cid: ware.cid }}
    />
  );
}
