import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { LOCALE_COOKIE, type Locale } from '../../shared/constants';
import { translate, type MessageKey } from '../../shared/i18n';

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

interface I18nValue {
  locale: Locale;
  t: Translate;
}

const I18nContext = createContext<I18nValue>({ locale: 'zh-CN', t: (key, vars) => translate('zh-CN', key, vars) });

/** Gives the page's locale (from the bootstrap) to every component below. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = useCallback<Translate>((key, vars) => translate(locale, key, vars), [locale]);
  const value = useMemo(() => ({ locale, t }), [locale, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The translate function of the current locale: t('nav.home'), t('home.welcome', {school}). */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

/** Remembers the user's language for a year (the server reads it when rendering the shell) and reloads. */
export function setLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${365 * 24 * 60 * 60}; samesite=lax`;
  window.location.reload();
}
