import { useEffect } from 'react';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { DASHBOARD_ROUTES } from '../../paths';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { MyCollectList } from './MyCollectList';

/**
 * My bookmarks on a phone (#/mycollect, a personal page). A desktop visitor goes to the dashboard's matching
 * section, controller/collect (spec 2: mobile-only pages redirect desktop users).
 */
export default function MyCollectPage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  useEffect(() => {
    if (allowed && !isMobile) window.location.replace(`/dashboard#${DASHBOARD_ROUTES.collect}`);
  }, [allowed, isMobile]);
  if (!allowed || !isMobile) return <Loading />;
  return (
    <section className="mc-page mc-page-mobile" aria-labelledby="my-collect-title">
      <h1 id="my-collect-title" className="page-title">
        {t('members.myCollect')}
      </h1>
      <MyCollectList />
    </section>
  );
}
