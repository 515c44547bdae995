import { BACK_TO_TOP_PX } from '../../../shared/constants';
import { useScrolledPast } from '../../hooks/useScrolledPast';
import { useT } from '../../i18n';

/** Appears once the page is scrolled more than 600 px; scrolls back to the top. */
export function BackToTop() {
  const t = useT();
  const visible = useScrolledPast(BACK_TO_TOP_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label={t('common.backToTop')}
      title={t('common.backToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M6 14l6-6 6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
