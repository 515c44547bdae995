import { useLocation } from 'react-router';
import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { ROUTES } from '../../paths';
import { currentPath, loginHref, schoolHomePath, schoolRoutePath } from '../../urls';
import { SignInLinks } from './SignInLinks';
import { Avatar } from '../Avatar';
import { NoticeBell } from '../notices/NoticeBell';

/**
 * Mobile top bar: back link with the school title (to the school home; nothing in yks mode) and,
 * on the right, the avatar (signed in or yks) or Sign in / Sign up.
 */
export function MobileTopBar() {
  const t = useT();
  const boot = useBootstrap();
  useLocation();
  const yks = boot.model === 'yks';
  const loggedIn = boot.role !== 'guest';
  const here = currentPath();
  const title = boot.schoolName || t('app.name');

  const handleAvatar = () => {
    if (loggedIn) window.location.assign(schoolRoutePath(boot, ROUTES.personalCenter));
    else window.location.assign(loginHref(boot, here));
  };

  return (
    <header className="m-top" data-testid="mobile-top-bar">
      {yks ? (
        <span className="m-back">
          <span className="m-title">{title}</span>
        </span>
      ) : (
        <a className="m-back" href={schoolHomePath(boot)} aria-label={`${t('common.back')}: ${title}`}>
          <svg className="m-chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="m-title">{title}</span>
        </a>
      )}
      <div className="m-top-right">
        {loggedIn && boot.role === 'student' && <NoticeBell />}
        {loggedIn || yks ? (
          <button
            type="button"
            className="m-avatar"
            onClick={handleAvatar}
            aria-label={loggedIn ? t('nav.personalCenter') : t('nav.signIn')}
          >
            <Avatar
              name={boot.userData.sname || boot.userData.uname || t('common.visitor')}
              image={boot.userData.imageurl}
              size={30}
            />
          </button>
        ) : (
          <SignInLinks here={here} signInClass="btn btn-text btn-small" testId="m-sign-in" />
        )}
      </div>
    </header>
  );
}
