import { useLocation } from 'react-router';
import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { courseListPath } from '../../paths';
import { InformationNavLink } from '../catalogue/InformationNavLink';
import { currentPath } from '../../urls';
import { SignInLinks } from './SignInLinks';
import { Brand } from './Brand';
import { DashboardBrand } from './DashboardBrand';
import { SearchBox } from './SearchBox';
import { SiteLink } from './SiteLink';
import { UserMenu } from './UserMenu';
import { NoticeBell } from '../notices/NoticeBell';

/** Desktop navigation bar: brand (the settings' logo on the dashboard), Home, Courses, search, and the user menu or Sign in / Sign up. */
export function DesktopNav() {
  const t = useT();
  const boot = useBootstrap();
  useLocation(); // re-render on hash changes so the sign-in return path stays current
  const loggedIn = boot.role !== 'guest';
  const yks = boot.model === 'yks';
  const here = currentPath();
  return (
    <header className="d-nav">
      <div className="container d-nav-inner">
        {/* The dashboard's top bar shows the school settings' logo and title (spec 2 'Student dashboard'). */}
        {boot.page === 'dashboard' ? <DashboardBrand /> : <Brand />}
        <nav className="d-nav-links" aria-label={t('nav.mainMenu')}>
          <SiteLink to="/" end className="d-nav-link">
            {t('nav.home')}
          </SiteLink>
          <SiteLink to={courseListPath(0)} activePrefix="/courselist/" className="d-nav-link">
            {t('nav.courses')}
          </SiteLink>
          <InformationNavLink className="d-nav-link" />
        </nav>
        <SearchBox className="d-nav-search" />
        <div className="d-nav-user">
          {loggedIn ? (
            <>
              {boot.role === 'student' && <NoticeBell />}
              <UserMenu />
            </>
          ) : (
            !yks && <SignInLinks here={here} signInClass="btn btn-text" testId="nav-sign-in" />
          )}
        </div>
      </div>
    </header>
  );
}
