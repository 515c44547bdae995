import { useRouteError } from 'react-router';
import { useT } from '../i18n';

/** Shown by the router when a screen fails to render (instead of React Router's developer page). */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="auth-page">
      <main className="auth-card auth-message" role="alert">
        <p>{t('errors.page')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </main>
    </div>
  );
}
