import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

/** Course descriptions, articles and the footer's about text: sanitised again on display (DOMPurify). */
export function RichText({ html, className = '', testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: clean is DOMPurify's output
  return <div className={`rich-text ${className}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export default RichText;
