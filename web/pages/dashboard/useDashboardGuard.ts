import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { dashboardDetour } from '../../../shared/rules/dashboard';
import { useBootstrap } from '../../bootstrap';
import { useIsMobile } from '../../hooks/useIsMobile';
import { ROUTES, studyDetailPath } from '../../paths';
import { loginHref, schoolRoutePath } from '../../urls';

/**
 * Spec 2 'Page guards' for the dashboard (shared/rules/dashboard dashboardDetour): a guest, an administrator
 * or the owner goes to sign in (and comes back); a phone goes to the personal centre, or from
 * studyplandetailstu?coid= to that plan's study detail page. Returns whether the dashboard may show.
 */
export function useDashboardGuard(): boolean {
  const boot = useBootstrap();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const detour = dashboardDetour({
    role: boot.role,
    sid: boot.userData.sid,
    ownerId: boot.uid,
    mobile: isMobile,
    pathname,
    coid: search.get('coid') ?? '',
  });
  const target =
    detour === null
      ? null
      : detour.to === 'login'
        ? loginHref(boot)
        : detour.to === 'studyDetail'
          ? schoolRoutePath(boot, studyDetailPath(detour.coid))
          : schoolRoutePath(boot, ROUTES.personalCenter);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  return target === null;
}
