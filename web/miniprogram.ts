import type { Bootstrap } from '../shared/schemas/bootstrap';

const KEY = 'lanxue.miniprogram';

/**
 * Spec 1, 2 (isMiniprogram=1): the mini-program's web view opens the first page with isMiniprogram=1; the pages
 * it reaches by links are loaded without it, so the tab remembers it (sessionStorage: this web view only);
 * isMiniprogram=0 forgets it.
 */
export function withMiniprogram(data: Bootstrap): Bootstrap {
  try {
    if (data.isMiniprogram) sessionStorage.setItem(KEY, '1');
    else if (new URLSearchParams(window.location.search).get('isMiniprogram') === '0') sessionStorage.removeItem(KEY);
    else if (sessionStorage.getItem(KEY) === '1') return { ...data, isMiniprogram: true };
  } catch {
    // No storage (a locked-down web view): only the page opened with the parameter hides the bar.
  }
  return data;
}
