import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { MyCourseList } from './MyCourseList';
import { useStudentGuard } from './useStudentGuard';

/** My courses (#/mycourse, spec 2): the signed-in student's courses; sign in first (spec 2 'Page guards'). */
export default function MyCoursePage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  if (!allowed) return <Loading />;
  return (
    <section className={isMobile ? 'mc-page mc-page-mobile' : 'card mc-page'} aria-labelledby="my-courses-title">
      <h1 id="my-courses-title" className="page-title">
        {t('myCourses.title')}
      </h1>
      <MyCourseList mobile={isMobile} />
    </section>
  );
}
