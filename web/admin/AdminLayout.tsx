import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { logout } from '../api/auth';
import { useBootstrap } from '../bootstrap';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Loading } from '../components/Loading';
import { LicenceNotice } from './components/LicenceNotice';
import { useAdminProfile } from '../hooks/useAdminProfile';
import { useT } from '../i18n';
import { schoolHomePath } from '../urls';
import { isMainAdmin } from './menu';
import { Sidebar } from './Sidebar';
import { UnsavedChangesHost } from './hooks/useUnsavedChanges';

/**
 * The signed-in back office: top bar (school, admin, role, site link, language, logout), sidebar and the
 * routed screen (with the one unsaved-changes guard of its forms).
 */
export function AdminLayout() {
  const t = useT();
  const boot = useBootstrap();
  const { data: profile } = useAdminProfile();
  if (!profile) return <Loading />;

  const handleLogout = async () => {
    await logout('admin');
    window.location.assign(boot.adminPath);
  };

  return (
    <div className="admin">
      <header className="admin-top">
        <div className="admin-brand">
          <span className="brand-mark" aria-hidden="true">
            {Array.from(profile.school.name)[0]}
          </span>
          <span className="admin-school" data-testid="admin-school">
            {profile.school.name}
          </span>
          <span className="admin-title">{t('admin.title')}</span>
        </div>
        <div className="admin-user">
          <span className="admin-name" data-testid="admin-name">
            {profile.name}
          </span>
          <span className="badge" data-testid="admin-role">
            {isMainAdmin(profile) ? t('admin.role.main') : t('admin.role.sub')}
          </span>
          <a className="admin-link" href={schoolHomePath(profile.school)} target="_blank" rel="noopener">
            {t('admin.toSite')}
          </a>
          <LanguageSwitch />
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void handleLogout()}
            data-testid="admin-logout"
          >
            {t('admin.logout')}
          </button>
        </div>
      </header>
      <div className="admin-body">
        <Sidebar profile={profile} />
        <main className="admin-main">
          <LicenceNotice profile={profile} />
          <UnsavedChangesHost>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </UnsavedChangesHost>
        </main>
      </div>
    </div>
  );
}
