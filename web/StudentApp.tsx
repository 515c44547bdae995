import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useBootstrap } from './bootstrap';
import { Loading } from './components/Loading';
import { useSessionPoll } from './hooks/useSessionPoll';
import { createStudentRouter } from './routes';

const LoginPage = lazy(() => import('./pages/login'));
const LogoutPage = lazy(() => import('./pages/logout'));

/** The student site: the server's page kind picks the screen (sign-in, logout, or the root shell with the hash router). */
export function StudentApp() {
  const boot = useBootstrap();
  const [router] = useState(() =>
    boot.page === 'login' || boot.page === 'logout' ? null : createStudentRouter(boot.page),
  );
  useSessionPoll(boot.role === 'student' && boot.page !== 'logout');

  if (!router) {
    const Screen = boot.page === 'login' ? LoginPage : LogoutPage;
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  }
  return <RouterProvider router={router} />;
}
