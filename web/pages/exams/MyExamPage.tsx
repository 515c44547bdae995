import { Loading } from '../../components/Loading';
import { useT } from '../../i18n';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { ExamList } from './ExamLists';

/** My papers on mobile (#/myexam, spec 2; the Exams tab and the personal centre lead here): the exams I may sit. */
export default function MyExamPage() {
  const t = useT();
  const allowed = useStudentGuard();
  if (!allowed) return <Loading />;
  return (
    <section className="ex-page ex-page-mobile" aria-labelledby="myexam-title" data-testid="myexam-page">
      <h1 id="myexam-title" className="page-title">
        {t('exams.myPapers')}
      </h1>
      <ExamList from="myexam" />
    </section>
  );
}
