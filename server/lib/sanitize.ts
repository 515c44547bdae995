import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, safeUrl } from '../../shared/rules/sanitize';

const URL_ATTRIBUTES = ['href', 'src', 'poster'];

// allowedEmptyAttributes exists at run time but not in @types/sanitize-html.
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  // Scheme checks are done by safeUrl below, which also allows relative paths and hashes.
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'ftp', 'data'],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  // The spec empties an unsafe href or src rather than dropping it.
  allowedEmptyAttributes: ['alt', 'href', 'src'],
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => {
      const next = { ...attribs };
      for (const name of URL_ATTRIBUTES) if (name in next) next[name] = safeUrl(next[name]);
      if (tagName === 'a' && next.target === '_blank') next.rel = 'noopener noreferrer';
      return { tagName, attribs: next };
    },
  },
};

/**
 * Sanitises rich text on save (spec 5): only the rich-text tags and attributes stay, scripts,
 * event handlers and frames go, and every href/src follows the URL rule (unsafe ones are emptied).
 * The web app sanitises again with DOMPurify on display.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
