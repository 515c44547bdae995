import { useHomeSetting } from '../../hooks/useHomeSetting';
import { useT } from '../../i18n';
import { ROUTES } from '../../paths';
import { SiteLink } from '../layout/SiteLink';

/** The desktop nav's Information entry (spec 2): only when the school's home setting turns it on. */
export function InformationNavLink({ className }: { className: string }) {
  const t = useT();
  const { setting } = useHomeSetting();
  if (!setting?.showInformation) return null;
  return (
    <SiteLink to={ROUTES.articleList} activePrefix="/articledesc/" className={className}>
      {t('nav.information')}
    </SiteLink>
  );
}
