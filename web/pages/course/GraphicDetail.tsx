import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { readingProgress } from '../../../shared/rules/learning';
import { filterTitle } from '../../../shared/rules/text';
import type { CourseInfo } from '../../../shared/schemas/courses';
import { RichText } from '../../components/catalogue/RichText';
import { sanitizeHtml, sanitizeWithHeadings } from '../../components/catalogue/sanitize-html';
import { useT } from '../../i18n';
import { Loading } from '../../components/Loading';
import { Toc } from '../../components/Toc';
import { useGraphicText } from '../../hooks/useCatalogue';
import { HEARTBEAT_GRAPHIC_MS, useHeartbeat } from '../../hooks/useHeartbeat';
import { useIsMobile } from '../../hooks/useIsMobile';

/** Characters of a graphic course's text shown as its introduction when it has no lead paragraph. */
const LEAD_CHARS = 120;

/**
 * The introduction of a graphic course (its info tab): the notes when set, else what comes before the
 * first heading, else the first characters — the whole text is the detail tab's, which may be locked.
 */
export function GraphicLead({ course }: { course: CourseInfo }) {
  const t = useT();
  const lead = useMemo(() => {
    const template = document.createElement('template');
    template.innerHTML = sanitizeHtml(course.description);
    const nodes = Array.from(template.content.childNodes);
    const firstHeading = nodes.findIndex((node) => node instanceof Element && /^H[1-4]$/.test(node.tagName));
    if (firstHeading > 0) {
      const holder = document.createElement('div');
      nodes.slice(0, firstHeading).forEach((node) => holder.append(node.cloneNode(true)));
      return { html: holder.innerHTML };
    }
    return { text: filterTitle(template.content.textContent?.replace(/\s+/g, ' ').trim() ?? '', LEAD_CHARS) };
  }, [course.description]);
  if (course.notes) return <p className="intro-lead">{course.notes}</p>;
  if ('html' in lead && lead.html) return <RichText html={lead.html} className="intro-text" />;
  if ('text' in lead && lead.text) return <p className="intro-lead">{lead.text}</p>;
  return <p className="catalogue-empty">{t('course.noDescription')}</p>;
}

/** Spec 9: scroll throttle 200 ms. */
const SCROLL_THROTTLE = 200;

/**
 * The reading heartbeat of the phone's detail page, as the desktop reader sends it (spec 4 'Graphic reading',
 * spec 9 every 10 s): the reading progress — (scroll position + viewport) / page height — measured on the
 * scroll throttle, a beat at once on reaching 1. The server decides what counts (and obtains a free course).
 */
function useReadingBeat(coid: string, enabled: boolean) {
  const progress = useRef(0);
  const beat = useHeartbeat({
    coid,
    cid: '0',
    intervalMs: HEARTBEAT_GRAPHIC_MS,
    tick: 'read',
    enabled,
    read: () => ({ played_time: progress.current, paused: document.hidden }),
  });
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let last = 0;
    let done = false;
    const measure = () => {
      timer = undefined;
      last = Date.now();
      const root = document.documentElement;
      progress.current = readingProgress(window.scrollY, window.innerHeight, root.scrollHeight);
      if (progress.current >= 1 && !done) {
        done = true;
        beat('read');
      }
    };
    const onScroll = () => {
      if (timer !== undefined) return;
      timer = window.setTimeout(measure, Math.max(0, SCROLL_THROTTLE - (Date.now() - last)));
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [enabled, beat]);
}

/**
 * The graphic detail (spec 2 app.introduce.detail): a table of contents from the level-3 and level-4
 * headings and the text; locked (with the main button) while a paid course is not bought.
 */
export function GraphicDetail({ course, locked, action }: { course: CourseInfo; locked: boolean; action: ReactNode }) {
  const t = useT();
  // course/info carries only the lead of a paid graphic course: the whole text comes from course/graphic.
  const text = useGraphicText(course.coid, !locked);
  // On a phone this tab is the reader (the desktop has #/graphic): it sends the reading heartbeat.
  const isMobile = useIsMobile();
  useReadingBeat(course.coid, isMobile && !locked && !!text.data);
  const { html, headings } = useMemo(
    () => sanitizeWithHeadings(text.data?.description ?? '', 'graphic'),
    [text.data?.description],
  );
  if (!locked && !text.data)
    return text.error ? <p className="catalogue-empty">{t('course.noDescription')}</p> : <Loading />;
  if (locked) {
    return (
      <div className="graphic-locked" data-testid="graphic-locked">
        <p>{t('course.graphicLocked')}</p>
        {action}
      </div>
    );
  }
  return (
    <div className="graphic-detail" data-testid="graphic-detail">
      {headings.length > 0 && <Toc headings={headings} label={t('course.toc')} className="graphic-toc" titleAs="h3" />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (sanitizeWithHeadings) */}
      <div className="rich-text graphic-text" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
