import createDOMPurify from 'dompurify';
import { isSafeUrl, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../../shared/rules/sanitize';

/** The editor's own DOMPurify instance (its hook must not touch anyone else's), with the server sanitiser's tags, attributes and URL rule. */
const purifier = createDOMPurify(window);
purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if ((data.attrName === 'href' || data.attrName === 'src' || data.attrName === 'poster') && !isSafeUrl(data.attrValue))
    data.attrValue = '';
});
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** Rich text cleaned in the browser the way the server cleans it on save (spec 5): for loading into the editor and for pasting. */
export function cleanHtml(html: string): string {
  return purifier.sanitize(html, { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

/** '' for an editor holding no text and no image (a lone <br> or empty paragraphs), else the HTML. */
export function normaliseEditorHtml(root: HTMLElement): string {
  const hasText = (root.textContent ?? '').trim() !== '';
  const hasMedia = root.querySelector('img, video, audio, hr, table') !== null;
  return hasText || hasMedia ? root.innerHTML : '';
}
