import type { Ware } from '../../../shared/schemas/learning';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n';
import { examCalls } from '../../../shared/calls/exams';
import { EXAM_READS } from '../../api/exams';
import { useCall } from '../../hooks/useCall';
import { ExamAttempts, ExamGoButton } from '../exams/ExamCard';

/**
 * The study page of an exam chapter: the chapter's exam with my attempts and best result,
 * and Start / Continue to the sitting page through the sealed exam URL (returnURL back to this chapter).
 */
export default function ExamChapter({ ware }: { ware: Ware; onRetry: () => void }) {
  const t = useT();
  const attached = ware.exams.find((exam) => exam.cid === ware.cid);
  const wanted = Boolean(attached) && ware.study.recorded && ware.coid !== '';
  const list = useCall(examCalls.chapterExams, wanted ? { query: { coid: ware.coid } } : null, EXAM_READS);
  const exam = list.data?.list.find((item) => item.cid === ware.cid);
  if (!attached)
    return (
      <div className="learn-status" role="status" data-testid="learn-exam" data-cid={ware.cid}>
        <p>{t('exams.chapter.none')}</p>
      </div>
    );
  if (list.isLoading) return <Loading />;
  return (
    <section
      className="ex-chapter card"
      data-testid="learn-exam"
      data-cid={ware.cid}
      aria-labelledby="exam-chapter-title"
    >
      <h2 id="exam-chapter-title">{exam?.title ?? ware.title}</h2>
      {exam ? (
        <>
          <p className="ex-line">
            <span>{t('exams.duration', { minutes: Math.round(exam.durationSec / 60) })}</span>
            <ExamAttempts exam={exam} />
          </p>
          <p className={`ex-state ex-state-${exam.state}`}>{t(`exams.state.${exam.state}`)}</p>
          <ExamGoButton
            exam={exam}
            target={{ coid: ware.coid, cid: ware.cid }}
            from="learn"
            className="btn btn-primary ex-chapter-go"
          />
        </>
      ) : (
        <p>{t('exams.chapter.locked')}</p>
      )}
    </section>
  );
}
