import { useEffect } from 'react';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { DASHBOARD_ROUTES } from '../../paths';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { MyBookList } from './MyBookList';

/**
 * My subscriptions on a phone (#/mybook, a personal page). A desktop visitor goes to the dashboard's matching
 * section, controller/mybook (spec 2: mobile-only pages redirect desktop users).
 */
export default function MyBookPage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  useEffect(() => {
    if (allowed && !isMobile) window.location.replace(`/dashboard#${DASHBOARD_ROUTES.myBook}`);
  }, [allowed, isMobile]);
  if (!allowed || !isMobile) return <Loading />;
  return (
    <section className="mc-page mc-page-mobile" aria-labelledby="my-book-title">
      <h1 id="my-book-title" className="page-title">
        {t('members.myBook')}
      </h1>
      <MyBookList />
    </section>
  );
}
