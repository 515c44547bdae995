import { useBootstrap } from '../../bootstrap';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LoginForm } from '../../components/LoginForm';
import { useT } from '../../i18n';
import { logoutHref, schoolHomePath } from '../../urls';

/** The student sign-in page (/login/u/{hashUID}): a centred card on desktop, full width on mobile. */
export default function LoginPage() {
  const t = useT();
  const boot = useBootstrap();
  const name = boot.userData.sname || boot.userData.uname;
  const home = schoolHomePath(boot);
  return (
    <div className="auth-page">
      <main className="auth-card">
        <a className="auth-school" href={home}>
          <span className="brand-mark" aria-hidden="true">
            {Array.from(boot.schoolName || t('app.name'))[0]}
          </span>
          <span>{boot.schoolName || t('app.name')}</span>
        </a>
        <h1 className="auth-title">{t('login.title')}</h1>
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
        ) : (
          <LoginForm role="student" school={boot.hashUID} returnUrl={boot.returnUrl} />
        )}
        <div className="auth-foot">
          <LanguageSwitch />
        </div>
      </main>
    </div>
  );
}
