/** Options are edited as plain text: stored HTML shown as its text, typed text saved as escaped HTML (the server sanitises again). */

/** The text of (sanitised) HTML, read by the browser's own parser without running anything. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim();
}

/** Text as HTML: &, <, > and quotes escaped. */
export function textToHtml(text: string): string {
  return text.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
