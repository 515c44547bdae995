import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { ROUTES } from '../../paths';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { ExamList } from './ExamLists';

/** The desktop exams page (#/exams; spec 2: "exams (desktop only; mobile goes to myexam)"): categories, exams, Start / Continue. */
export default function ExamsPage() {
  const t = useT();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const allowed = useStudentGuard();
  useEffect(() => {
    if (isMobile) navigate(ROUTES.myExam, { replace: true });
  }, [isMobile, navigate]);
  if (!allowed || isMobile) return <Loading />;
  return (
    <section className="card ex-page" aria-labelledby="exams-title" data-testid="exams-page">
      <h1 id="exams-title" className="page-title">
        {t('exams.title')}
      </h1>
      <ExamList from="exams" />
    </section>
  );
}
