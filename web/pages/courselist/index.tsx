import { useSearchParams } from 'react-router';
import { PendingPage } from '../../components/PendingPage';
import { useT } from '../../i18n';

/** The course catalogue (#/courselist/:catid?key=): the list itself arrives with the catalogue. */
export default function CourseListPage() {
  const t = useT();
  const [params] = useSearchParams();
  const key = params.get('key')?.trim();
  return <PendingPage titleKey="courseList.title" detail={key ? t('courseList.searchFor', { key }) : undefined} />;
}
