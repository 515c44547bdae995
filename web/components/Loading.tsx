import { useT } from '../i18n';

/** The Suspense fallback while a page's code loads. */
export function Loading() {
  const t = useT();
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}
