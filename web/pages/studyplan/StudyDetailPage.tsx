import { useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { PlanDetail } from './PlanDetail';

/**
 * One of my study plans (#/study/detail/{coid}, spec 2 'study/detail (param coid)'; the dashboard's
 * studyplandetailstu shows the same detail, and sends a phone here). Where the study page refuses a lesson
 * (orderTip) it sends the student back here. Students only (else sign in).
 */
export default function StudyDetailPage() {
  const { coid = '' } = useParams();
  const allowed = useStudentGuard();
  if (!allowed) return <Loading />;
  return <PlanDetail coid={coid} place="site" />;
}
