/**
 * Display sanitising: DOMPurify with the server's tag and attribute lists and a hook
 * that empties href, src and poster values the spec's URL rule refuses (shared/rules/sanitize isSafeUrl),
 * so what is shown follows the same rule as what was saved.
 */
import DOMPurify from 'dompurify';
import { isSafeUrl, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../../shared/rules/sanitize';

const URL_ATTRIBUTES = ['href', 'src', 'poster'] as const;
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
let hooked = false;

function purifier() {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (!(node instanceof Element)) return;
      for (const name of URL_ATTRIBUTES) {
        const value = node.getAttribute(name);
        if (value !== null && !isSafeUrl(value)) node.setAttribute(name, '');
      }
      // Links that open another tab must not hand it this page.
      if (node.tagName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Rich text made safe to insert: allowed tags and attributes only, unsafe addresses emptied. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

export interface Heading {
  id: string;
  text: string;
  level: 3 | 4;
}

/** Sanitised HTML with ids on its h3 and h4 headings, and those headings as a table of contents. */
export function sanitizeWithHeadings(html: string, prefix = 'sec'): { html: string; headings: Heading[] } {
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(html);
  const headings: Heading[] = [];
  template.content.querySelectorAll('h3, h4').forEach((element, index) => {
    const id = `${prefix}-${index + 1}`;
    element.id = id;
    headings.push({ id, text: element.textContent?.trim() ?? '', level: element.tagName === 'H3' ? 3 : 4 });
  });
  return { html: template.innerHTML, headings };
}
