import type { Locale } from '../../shared/constants';
import { addCatalogue } from '../../shared/i18n';

/**
 * Loads the student site's messages of one language (its own chunk, which the shell names with modulepreload
 * for the page's language, so it arrives with main.js). The other language is fetched only when the user
 * switches to it (setLocale reloads the page in that language).
 */
export async function loadCatalogue(locale: Locale): Promise<void> {
  const { messages } =
    locale === 'en-gb' ? await import('../../shared/i18n/site.en-gb') : await import('../../shared/i18n/site.zh-CN');
  addCatalogue(locale, messages);
}
