import { lazy, useEffect, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { ERRORS } from '../../shared/envelope';
import { NETWORK_ERROR } from '../api/client';
import { useBootstrap } from '../bootstrap';
import { Loading } from '../components/Loading';
import { RouteError } from '../components/RouteError';
import { ApiError } from '../hooks/fetcher';
import { useAdminProfile } from '../hooks/useAdminProfile';
import { useT } from '../i18n';
import { AdminLayout } from './AdminLayout';
import { AdminLogin } from './AdminLogin';

const OverviewPage = lazy(() => import('./pages/overview'));

/** A back-office hash route without a screen. */
function AdminNotFound() {
  const t = useT();
  return (
    <section className="card page-card" data-testid="not-found">
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p className="page-muted">{t('notFound.body')}</p>
      <a className="btn btn-primary" href="#/">
        {t('admin.menu.home')}
      </a>
    </section>
  );
}

const createAdminRouter = () =>
  createHashRouter([
    {
      path: '/',
      element: <AdminLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <OverviewPage /> },
        { path: '*', element: <AdminNotFound /> },
      ],
    },
  ]);

function SignedInAdmin() {
  const t = useT();
  const [router] = useState(createAdminRouter);
  const { data, error, mutate } = useAdminProfile();
  const sessionGone = error instanceof ApiError && (error.reply.error === ERRORS.noLogin || error.reply.error === ERRORS.forbidden);

  // The session ended (spec 8: 'no login' reloads the page, which then shows the sign-in form).
  useEffect(() => {
    if (sessionGone) window.location.reload();
  }, [sessionGone]);

  if (error && !sessionGone) {
    return (
      <div className="auth-page">
        <main className="auth-card auth-message" role="alert">
          <p>{error instanceof ApiError && error.reply.error !== NETWORK_ERROR ? t('errors.server') : t('common.networkError')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void mutate()}>
            {t('common.retry')}
          </button>
        </main>
      </div>
    );
  }
  if (!data) return <Loading />;
  return <RouterProvider router={router} />;
}

/** The back office (/learn/admin/): sign-in for guests and students, the admin layout for administrators. */
export default function AdminApp() {
  const boot = useBootstrap();
  return boot.role === 'admin' ? <SignedInAdmin /> : <AdminLogin />;
}
