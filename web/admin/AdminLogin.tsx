import { useState } from 'react';
import { logout } from '../api/auth';
import { useBootstrap } from '../bootstrap';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { LoginForm } from '../components/LoginForm';
import { SsoSignIn } from '../components/SsoSignIn';
import { useT } from '../i18n';

/** Administrator sign-in; a signed-in student is told a student account cannot enter and may log out. */
export function AdminLogin() {
  const t = useT();
  const boot = useBootstrap();
  const [busy, setBusy] = useState(false);

  const handleStudentLogout = async () => {
    setBusy(true);
    await logout('student');
    window.location.reload();
  };

  return (
    <div className="auth-page auth-admin">
      <main className="auth-card">
        <div className="auth-school">
          <span className="brand-mark" aria-hidden="true">
            {Array.from(boot.schoolName || t('app.name'))[0]}
          </span>
          <span>{boot.schoolName || t('app.name')}</span>
        </div>
        <h1 className="auth-title">{t('login.adminTitle')}</h1>
        {boot.role === 'student' ? (
          <div className="auth-signed-in" data-testid="admin-student-note">
            <p>{t('admin.studentNote')}</p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={busy}
              onClick={() => void handleStudentLogout()}
            >
              {t('admin.studentLogout')}
            </button>
          </div>
        ) : (
          <SsoSignIn as="admin" school={boot.hashUID}>
            <LoginForm role="admin" />
          </SsoSignIn>
        )}
        <div className="auth-foot">
          <LanguageSwitch />
        </div>
      </main>
    </div>
  );
}
