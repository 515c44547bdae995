import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useBootstrap } from '../../bootstrap';
import { useDoubleTapGuard } from '../../hooks/useDoubleTapGuard';
import { useIsMobile } from '../../hooks/useIsMobile';
import { BackToTop } from './BackToTop';
import { DesktopNav } from './DesktopNav';
import { Footer, MobileFooter } from './Footer';
import { MobileTabBar } from './MobileTabBar';
import { MobileTopBar } from './MobileTopBar';
// Issue 16: a student's unread pinned announcement opens once on entering the site.
import { AnnouncementModal } from '../notices/AnnouncementModal';
// Issue 19: the messaging-app bind flow and the bind overlay.
import { asksToBind, useBindFlowGuard } from '../../hooks/useBindFlowGuard';
import { BindOverlay } from '../bind/BindOverlay';

/**
 * The student site's frame (spec 2 'Root shell and headers'). Desktop: navigation bar (not on the dashboard
 * in yks mode), routed view,
 * footer (a blank spacer in yks mode), back-to-top. Mobile: top bar (not in a mini-program),
 * routed view, bottom tabs; double-tap zoom is blocked.
 */
export function RootShell() {
  const boot = useBootstrap();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const yks = boot.model === 'yks';
  useDoubleTapGuard(isMobile);
  const leaving = useBindFlowGuard(boot);
  const bind = asksToBind(boot) && <BindOverlay />;
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (leaving) return null;
  if (isMobile) {
    return (
      <div className="app app-mobile">
        {!boot.isMiniprogram && <MobileTopBar />}
        <main className="m-main">
          <Outlet />
        </main>
        {!yks && <MobileFooter />}
        <BackToTop />
        <MobileTabBar />
        {boot.role === 'student' && <AnnouncementModal />}
        {bind}
      </div>
    );
  }
  return (
    <div className="app app-desktop">
      {/* Spec 2 'Student dashboard': "In yks mode the top bar and sidebar are hidden". */}
      {!(yks && boot.page === 'dashboard') && <DesktopNav />}
      <main className="d-main">
        <div className="container">
          <Outlet />
        </div>
      </main>
      {yks ? <div className="footer-spacer" data-testid="footer-spacer" /> : <Footer />}
      <BackToTop />
      {boot.role === 'student' && <AnnouncementModal />}
      {bind}
    </div>
  );
}
