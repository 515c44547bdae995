import { useCallback } from 'react';
import { useBootstrap } from '../bootstrap';
import { confirm } from '../components/feedback';
import { useT } from '../i18n';
import { ROUTES } from '../paths';
import { currentPath, logoutHref, schoolHomePath } from '../urls';

/** Asks for confirmation, then goes through the logout page back to where the user was (the home page from personal pages). */
export function useLogout(): () => Promise<void> {
  const boot = useBootstrap();
  const t = useT();
  return useCallback(async () => {
    const sure = await confirm({ text: t('nav.logoutConfirm') });
    if (!sure) return;
    const personal = window.location.hash.startsWith(`#${ROUTES.personalCenter}`);
    window.location.assign(logoutHref(personal ? schoolHomePath(boot) : currentPath()));
  }, [boot, t]);
}
