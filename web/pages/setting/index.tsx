import { useEffect, useState } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Loading } from '../../components/Loading';
import { PersonalPageHead } from '../../components/layout/PersonalPageHead';
import { SiteLink } from '../../components/layout/SiteLink';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLogout } from '../../hooks/useLogout';
import { useT } from '../../i18n';
import { DASHBOARD_ROUTES, ROUTES } from '../../paths';
import { AccountDialog, type AccountDialogKind, useCanChangePassword } from '../account/AccountDialogs';
import { useStudentGuard } from '../mycourse/useStudentGuard';

/**
 * Settings on a phone (#/setting_m, spec 2 'Personal pages'): my information, change avatar, change password
 * (when offered, spec 5), the language and logout. Students only (else sign in). Spec 2: "Mobile-only pages
 * redirect desktop users to the matching dashboard section": on a desktop these live in the dashboard's top
 * bar (the user name dropdown), so a desktop goes to the dashboard.
 */
export default function SettingMobilePage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  const handleLogout = useLogout();
  const canChangePassword = useCanChangePassword(allowed);
  const [dialog, setDialog] = useState<AccountDialogKind>(null);
  useEffect(() => {
    if (allowed && !isMobile) window.location.replace(`/dashboard#${DASHBOARD_ROUTES.controller}`);
  }, [allowed, isMobile]);
  if (!allowed || !isMobile) return <Loading />;
  return (
    <section className="personal" aria-labelledby="settings-title" data-testid="setting-page">
      <PersonalPageHead titleId="settings-title" title={t('personal.accountSettings')} backLabel={t('common.back')} />
      <div className="card personal-entries">
        <SiteLink to={ROUTES.myInformationMobile} className="info-row personal-entry">
          {t('account.menu.myInfo')}
        </SiteLink>
        <button
          type="button"
          className="info-row personal-entry personal-action"
          onClick={() => setDialog('avatar')}
          data-testid="setting-avatar"
        >
          {t('account.menu.changeAvatar')}
        </button>
        {canChangePassword && (
          <button
            type="button"
            className="info-row personal-entry personal-action"
            onClick={() => setDialog('password')}
            data-testid="setting-password"
          >
            {t('account.menu.changePassword')}
          </button>
        )}
        <div className="info-row">
          <span>{t('common.language')}</span>
          <LanguageSwitch />
        </div>
      </div>
      <button
        type="button"
        className="btn btn-danger-outline btn-block personal-logout"
        onClick={() => void handleLogout()}
      >
        {t('nav.logout')}
      </button>
      <AccountDialog kind={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
