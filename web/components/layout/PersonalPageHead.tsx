import { ROUTES } from '../../paths';
import { SiteLink } from './SiteLink';

/**
 * The head of a personal page (almostexpire, mynotes): a back chevron to the personal centre, named for screen
 * readers by `backLabel`, and the page's title as its h1 with `titleId` (the section's aria-labelledby).
 */
export function PersonalPageHead({ titleId, title, backLabel }: { titleId: string; title: string; backLabel: string }) {
  return (
    <header className="ae-head">
      <SiteLink to={ROUTES.personalCenter} className="ae-back">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="mc-sr">{backLabel}</span>
      </SiteLink>
      <h1 id={titleId} className="page-title">
        {title}
      </h1>
    </header>
  );
}
