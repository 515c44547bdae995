import { useBootstrap } from '../../bootstrap';
import { SiteLink } from '../../components/layout/SiteLink';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { ROUTES } from '../../paths';

/**
 * Asks a signed-in student to complete the school's required custom fields (bootstrap haveSetSfields false
 * while required fields exist), with a link to the information page. Nothing otherwise.
 */
export function RequiredFieldsNotice() {
  const t = useT();
  const boot = useBootstrap();
  const isMobile = useIsMobile();
  const needed = boot.role === 'student' && !boot.haveSetSfields && boot.fieldSet.some((field) => field.required);
  if (!needed) return null;
  return (
    <div className="account-notice" role="status" data-testid="required-fields-notice">
      <span>{t('account.info.incomplete')}</span>
      <SiteLink to={isMobile ? ROUTES.myInformationMobile : ROUTES.myInformation} className="btn btn-primary">
        {t('account.info.completeLink')}
      </SiteLink>
    </div>
  );
}
