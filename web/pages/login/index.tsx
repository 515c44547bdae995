import { useEffect, useState } from 'react';
import { yksCalls } from '../../../shared/calls/yks';
import { request } from '../../api/client';
import { useBootstrap } from '../../bootstrap';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LoginForm } from '../../components/LoginForm';
import { SsoSignIn } from '../../components/SsoSignIn';
import { useT } from '../../i18n';
import { loginHref, logoutHref, schoolHomePath } from '../../urls';
import { RegisterForm } from './RegisterForm';

/**
 * The student sign-in page (/login/u/{hashUID}): a centred card on desktop, full width on mobile. When the
 * school takes sign-ups (bootstrap registerEnabled) a Sign up tab offers the sign-up form; ?register=1 opens it.
 */
export default function LoginPage() {
  const t = useT();
  const boot = useBootstrap();
  const name = boot.userData.sname || boot.userData.uname;
  const home = schoolHomePath(boot);
  const canRegister = boot.registerEnabled && boot.role === 'guest';
  const [tab, setTab] = useState<'login' | 'register'>(() =>
    canRegister && new URLSearchParams(window.location.search).get('register') === '1' ? 'register' : 'login',
  );
  // Issue 19, spec 6 'yks mode changes login': a guest signs in at the school's exam platform when it has one.
  useEffect(() => {
    if (boot.model !== 'yks' || boot.role !== 'guest') return;
    void request(yksCalls.status, { query: { uid: boot.hashUID } }).then((reply) => {
      if (reply.status === 'ok' && reply.data.enabled) window.location.replace(loginHref(boot, boot.returnUrl || home));
    });
  }, [boot, home]);
  return (
    <div className="auth-page">
      <main className="auth-card">
        <a className="auth-school" href={home}>
          <span className="brand-mark" aria-hidden="true">
            {Array.from(boot.schoolName || t('app.name'))[0]}
          </span>
          <span>{boot.schoolName || t('app.name')}</span>
        </a>
        <h1 className="auth-title">{tab === 'register' ? t('account.register.title') : t('login.title')}</h1>
        {/* Issue 19: the messaging-app bind flow (useBindFlowGuard) comes here with bind=1 and its return path. */}
        {boot.role === 'guest' && new URLSearchParams(window.location.search).get('bind') === '1' && (
          <p className="auth-hint" data-testid="bind-flow-hint">
            {t('bind.flowHint')}
          </p>
        )}
        {canRegister && (
          <div className="auth-tabs" role="tablist">
            <button
              type="button"
              role="tab"
              className="auth-tab"
              aria-selected={tab === 'login'}
              onClick={() => setTab('login')}
              data-testid="tab-login"
            >
              {t('account.register.loginTab')}
            </button>
            <button
              type="button"
              role="tab"
              className="auth-tab"
              aria-selected={tab === 'register'}
              onClick={() => setTab('register')}
              data-testid="tab-register"
            >
              {t('account.register.tab')}
            </button>
          </div>
        )}
        {boot.role !== 'guest' ? (
          <div className="auth-signed-in" data-testid="logged-in">
            <p>{t('login.loggedInAs', { name })}</p>
            <a className="btn btn-primary btn-block" href={boot.returnUrl || home}>
              {t('login.toHome')}
            </a>
            <a className="auth-link" href={logoutHref(window.location.pathname + window.location.search)}>
              {t('login.switchAccount')}
            </a>
          </div>
        ) : tab === 'register' && canRegister ? (
          <RegisterForm />
        ) : (
          <SsoSignIn as="student" school={boot.hashUID} returnUrl={boot.returnUrl}>
            <LoginForm role="student" school={boot.hashUID} returnUrl={boot.returnUrl} />
          </SsoSignIn>
        )}
        <div className="auth-foot">
          <LanguageSwitch />
        </div>
      </main>
    </div>
  );
}
