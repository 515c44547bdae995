import { useEffect, useState } from 'react';
import { logout } from '../../api/auth';
import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { isSameSitePath, schoolHomePath } from '../../urls';

/** How long 'You have logged out' stays before the redirect. */
const REDIRECT_DELAY_MS = 800;

/** The logout page (/login/u/logout?courseurl=): ends the session, then goes back to courseurl or the school home. */
export default function LogoutPage() {
  const t = useT();
  const boot = useBootstrap();
  const [done, setDone] = useState(false);

  useEffect(() => {
    let timer = 0;
    const back = new URLSearchParams(window.location.search).get('courseurl');
    const target = isSameSitePath(back) ? back : schoolHomePath(boot);
    void logout(boot.role === 'admin' ? 'admin' : 'student').then(() => {
      setDone(true);
      timer = window.setTimeout(() => window.location.replace(target), REDIRECT_DELAY_MS);
    });
    return () => window.clearTimeout(timer);
  }, [boot]);

  return (
    <div className="auth-page">
      <main className="auth-card auth-message" aria-live="polite">
        <h1 className="auth-title">{t('logout.title')}</h1>
        <p data-testid="logout-status">{done ? t('logout.done') : t('logout.working')}</p>
      </main>
    </div>
  );
}
