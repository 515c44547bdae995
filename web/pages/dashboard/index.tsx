import { useEffect } from 'react';
import { useBootstrap } from '../../bootstrap';
import { Loading } from '../../components/Loading';
import { PendingPage } from '../../components/PendingPage';
import { useIsMobile } from '../../hooks/useIsMobile';
import { ROUTES } from '../../routes';
import { loginHref, schoolRoutePath } from '../../urls';

/**
 * The student dashboard (/dashboard). Guard (spec 2): only a signed-in student who is not the
 * school owner; others go to sign in. On mobile it is the personal centre.
 */
export default function DashboardPage() {
  const boot = useBootstrap();
  const isMobile = useIsMobile();
  const allowed = boot.role === 'student' && boot.userData.sid !== boot.uid;
  const target = !allowed ? loginHref(boot) : isMobile ? schoolRoutePath(boot, ROUTES.personalCenter) : null;
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  if (target) return <Loading />;
  return <PendingPage titleKey="page.dashboard.title" />;
}
