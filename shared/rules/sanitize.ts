/**
 * The sanitiser's URL rule (spec 5): href and src must begin with http, https, mailto, tel,
 * data:image, ftp, a relative path or a hash; anything else is emptied.
 */
export function isSafeUrl(url: string): boolean {
  const value = url.trim();
  if (value === '') return true;
  if (/^(https?:|mailto:|tel:|ftp:)/i.test(value)) return true;
  if (/^data:image\//i.test(value)) return true;
  if (value.startsWith('#')) return true;
  // A relative path: no scheme before the first slash, question mark or hash ('//host' counts as another site's scheme-relative URL).
  if (value.startsWith('//')) return false;
  return !/^[^/?#]*:/.test(value);
}

/** The URL as the sanitiser keeps it: itself when safe, else ''. */
export function safeUrl(url: string): string {
  return isSafeUrl(url) ? url.trim() : '';
}

/** Tags kept in rich text (course descriptions, articles, chapter descriptions). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'video',
  'audio',
  'source',
] as const;

/** Attributes kept per tag; style is kept for editor formatting (colours, alignment). */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = {
  '*': ['style', 'class', 'title', 'align'],
  a: ['href', 'target', 'rel', 'name'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'controls', 'poster', 'width', 'height'],
  audio: ['src', 'controls'],
  source: ['src', 'type'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
