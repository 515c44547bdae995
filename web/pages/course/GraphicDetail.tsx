import { useMemo, type ReactNode } from 'react';
import { filterTitle } from '../../../shared/rules/text';
import type { CourseInfo } from '../../../shared/schemas/courses';
import { RichText } from '../../components/catalogue/RichText';
import { sanitizeHtml, sanitizeWithHeadings } from '../../components/catalogue/sanitize-html';
import { useT } from '../../i18n';
import { Loading } from '../../components/Loading';
import { Toc } from '../../components/Toc';
import { useGraphicText } from '../../hooks/useCatalogue';

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

/**
 * The graphic detail (spec 2 app.introduce.detail): a table of contents from the level-3 and level-4
 * headings and the text; locked (with the main button) while a paid course is not bought.
 */
export function GraphicDetail({ course, locked, action }: { course: CourseInfo; locked: boolean; action: ReactNode }) {
  const t = useT();
  // course/info carries only the lead of a paid graphic course: the whole text comes from course/graphic.
  const text = useGraphicText(course.coid, !locked);
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
