import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { isGraphic } from '../../../shared/rules/course-buttons';
import { useBootstrap } from '../../bootstrap';
import { Loading } from '../../components/Loading';
import { useCourseInfo } from '../../hooks/useCatalogue';
import { courseListPath } from '../../paths';

const LearnPage = lazy(() => import('../learn'));
const LivePage = lazy(() => import('../live'));

/** Actions 2-7 open the learning pages (videov2, pdfv2, imagev2, ppt, office, pptv3); 8 the live page. */
const LEARN_ACTIONS = [2, 3, 4, 5, 6, 7];
const LIVE_ACTION = 8;

/**
 * app.course, the entry route (spec 2 'Student site route names'): action 1, or a column address, opens the
 * introduce pages — detail for a graphic course (type 4), info otherwise; actions 2-7 the learning pages, 8
 * the live page.
 * Without a course (the school home page) it opens the catalogue.
 */
export default function CourseEntry() {
  const boot = useBootstrap();
  const columnAddress = boot.page === 'column' || window.location.pathname.startsWith('/u/column/');
  if (columnAddress) return <Navigate to="/introduce/info" replace />;
  if (boot.action === LIVE_ACTION) {
    return (
      <Suspense fallback={<Loading />}>
        <LivePage />
      </Suspense>
    );
  }
  if (boot.action !== null && LEARN_ACTIONS.includes(boot.action)) {
    return (
      <Suspense fallback={<Loading />}>
        <LearnPage />
      </Suspense>
    );
  }
  if (boot.page !== 'course' || !boot.params.coid) return <Navigate to={courseListPath(0)} replace />;
  return <IntroduceRedirect coid={boot.params.coid} />;
}

function IntroduceRedirect({ coid }: { coid: string }) {
  const { data, error } = useCourseInfo(coid);
  if (error) return <Navigate to="/introduce/info" replace />;
  if (!data) return <Loading />;
  return <Navigate to={isGraphic(data) ? '/introduce/detail' : '/introduce/info'} replace />;
}
