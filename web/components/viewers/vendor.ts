/**
 * Files the viewers load beside their code: scripts/build.mjs copies them to /assets/vendor/{name}-{version}/
 * (pdf.js worker, cmaps, standard fonts, wasm, ICC profiles; video.js's stylesheet and icon font).
 */

/** The folder of a vendor library's files for the version bundled here. */
export const vendorBase = (name: 'pdfjs' | 'video.js', version: string) => `/assets/vendor/${name}-${version}/`;

/** Adds a stylesheet once (the video viewer's, so the main stylesheet stays light); resolves when it has loaded. */
export function ensureStylesheet(href: string): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(`link[data-viewer-css="${href}"]`);
  if (existing)
    return existing.dataset.loaded
      ? Promise.resolve()
      : new Promise((resolve) => existing.addEventListener('load', () => resolve(), { once: true }));
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.viewerCss = href;
  const loaded = new Promise<void>((resolve) => {
    const done = () => {
      link.dataset.loaded = '1';
      resolve();
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
  document.head.appendChild(link);
  return loaded;
}
