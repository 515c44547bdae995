import type { Locale } from '../../shared/constants';
import { setLocale, useLocale, useT } from '../i18n';

const CHOICES: { locale: Locale; label: 'lang.zh' | 'lang.en' }[] = [
  { locale: 'zh-CN', label: 'lang.zh' },
  { locale: 'en-gb', label: 'lang.en' },
];

/** 中文 / English: stores the choice in the lx_locale cookie and reloads the page. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  return (
    <div
      className={`lang-switch ${className}`}
      role="group"
      aria-label={t('common.language')}
      data-testid="language-switch"
    >
      {CHOICES.map(({ locale, label }) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className={locale === current ? 'is-active' : ''}
          aria-pressed={locale === current}
          onClick={() => locale !== current && setLocale(locale)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}
