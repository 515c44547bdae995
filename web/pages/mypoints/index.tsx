import { useEffect } from 'react';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { DASHBOARD_ROUTES } from '../../paths';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { MyCredits } from './MyCredits';

/** The dashboard's credit section, where a desktop visitor of this mobile-only page goes (spec 2). */
const DASHBOARD_CREDIT = `/dashboard#${DASHBOARD_ROUTES.credit}`;

/**
 * My credits on a phone (#/mypoints_m, spec 2): study credits and points; a desktop visitor goes to
 * dashboard#controller/credit.
 */
export default function MyPointsPage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  useEffect(() => {
    if (allowed && !isMobile) window.location.replace(DASHBOARD_CREDIT);
  }, [allowed, isMobile]);
  if (!allowed || !isMobile) return <Loading />;
  return (
    <section className="pt-page pt-page-mobile" aria-labelledby="my-points-title">
      <h1 id="my-points-title" className="page-title">
        {t('points.title')}
      </h1>
      <MyCredits />
    </section>
  );
}
