import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { courseListPath, ROUTES } from '../../paths';
import { loginHref, schoolRoutePath } from '../../urls';
import { SiteLink } from './SiteLink';

const icons: Record<'home' | 'courses' | 'exams' | 'mine', ReactNode> = {
  exams: <path d="M6 3h9l4 4v14H6zM9 10h7M9 14h7M9 18h4" />,
  home: <path d="M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1z" />,
  courses: <path d="M4 5h6a2 2 0 0 1 2 2v13a2 2 0 0 0-2-2H4zM20 5h-6a2 2 0 0 0-2 2v13a2 2 0 0 1 2-2h6z" />,
  mine: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </>
  ),
};

function Icon({ name }: { name: keyof typeof icons }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {icons[name]}
    </svg>
  );
}

/**
 * Mobile bottom tabs: Home, Courses, Mine. Courses and Mine lead to sign-in while logged out. Spec 2: "An Exams
 * tab is inserted at position 3 only when the user has exam categories and exam mode is on" (the bootstrap's
 * examModel says both: server/modules/exams examMode); it opens myexam.
 */
export function MobileTabBar() {
  const t = useT();
  const boot = useBootstrap();
  useLocation(); // keep the active tab in step with the hash
  const loggedIn = boot.role !== 'guest';
  const tab = (to: string, label: string, icon: keyof typeof icons, needsLogin: boolean, activePrefix?: string) => {
    if (needsLogin && !loggedIn) {
      return (
        <a className="m-tab" href={loginHref(boot, schoolRoutePath(boot, to))}>
          <Icon name={icon} />
          <span>{label}</span>
        </a>
      );
    }
    return (
      <SiteLink to={to} end={to === '/'} activePrefix={activePrefix} className="m-tab">
        <Icon name={icon} />
        <span>{label}</span>
      </SiteLink>
    );
  };
  return (
    <nav className="m-tabs" aria-label={t('nav.mainMenu')} data-testid="mobile-tabs">
      {tab('/', t('nav.home'), 'home', false)}
      {tab(courseListPath(0), t('nav.courses'), 'courses', true, '/courselist/')}
      {boot.examModel && tab(ROUTES.myExam, t('exams.title'), 'exams', true)}
      {tab(ROUTES.personalCenter, t('nav.mine'), 'mine', true)}
    </nav>
  );
}
