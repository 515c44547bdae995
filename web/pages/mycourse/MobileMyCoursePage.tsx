import { useEffect } from 'react';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { DASHBOARD_ROUTES } from '../../paths';
import { MyCourseList } from './MyCourseList';
import { useStudentGuard } from './useStudentGuard';

/** The dashboard's my-courses section, where a desktop visitor of a mobile-only page goes (spec 2). */
const DASHBOARD_COURSES = `/dashboard#${DASHBOARD_ROUTES.course}`;

/**
 * My courses on mobile (#/mycourse_m). Spec 2: "Mobile-only pages redirect desktop users to the matching
 * dashboard section", here dashboard#controller/course.
 */
export default function MobileMyCoursePage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  useEffect(() => {
    if (allowed && !isMobile) window.location.replace(DASHBOARD_COURSES);
  }, [allowed, isMobile]);
  if (!allowed || !isMobile) return <Loading />;
  return (
    <section className="mc-page mc-page-mobile" aria-labelledby="my-courses-title">
      <h1 id="my-courses-title" className="page-title">
        {t('myCourses.title')}
      </h1>
      <MyCourseList mobile />
    </section>
  );
}
