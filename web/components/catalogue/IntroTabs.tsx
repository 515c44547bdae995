import { NavLink } from 'react-router';
import { useT } from '../../i18n';

export interface IntroTab {
  /** The hash sub-route: info, chapter, detail. */
  name: string;
  label: string;
  /** A small tag beside the label (the audition tag). */
  tag?: string;
}

/** The intro page tabs as hash routes #/introduce/{tab} (spec 2 app.introduce). */
export function IntroTabs({
  tabs,
  className = '',
  testId = 'intro-tabs',
}: {
  tabs: IntroTab[];
  className?: string;
  testId?: string;
}) {
  const t = useT();
  return (
    <nav className={`intro-tabs ${className}`} aria-label={t('course.tabs')} data-testid={testId}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.name}
          to={`/introduce/${tab.name}`}
          replace
          className={({ isActive }) => `intro-tab${isActive ? ' is-active' : ''}`}
        >
          {tab.label}
          {tab.tag && <span className="intro-tab-tag">{tab.tag}</span>}
        </NavLink>
      ))}
    </nav>
  );
}
