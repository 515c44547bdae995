import { choiceIds, optionLetter, questionKind } from '../../../shared/rules/grading';
import type { Sitting } from '../../../shared/schemas/exams';
import type { StudentQuestion } from '../../../shared/schemas/questions';
import { sanitizeHtml } from '../../components/catalogue/sanitize-html';
import { useT } from '../../i18n';

/** An answer as the student reads it: option letters for choices, True/False, the text of a short answer. */
function answerText(question: StudentQuestion | undefined, answer: string, t: ReturnType<typeof useT>): string {
  if (!question) return answer;
  const kind = questionKind(question.type);
  if (kind === 'short') return answer;
  if (kind === 'trueFalse') return answer === '0' ? t('exams.true') : answer === '1' ? t('exams.false') : '';
  return choiceIds(answer)
    .map((oid) => optionLetter(question.optiondata.findIndex((option) => option.oid === oid)))
    .join('');
}

/** The result of a submitted sitting, as far as the exam shows it: the score, and the answers if allowed. */
export function ExamResult({ sitting }: { sitting: Sitting }) {
  const t = useT();
  const result = sitting.result;
  if (!result) return null;
  const byQid = new Map(sitting.questions.map((q) => [q.qid, q]));
  return (
    <section className="ex-result card" data-testid="exam-result" aria-labelledby="exam-result-title">
      <h2 id="exam-result-title">{t('exams.result.title')}</h2>
      {sitting.closedBy === 'deadline' && (
        <p className="ex-note" data-testid="exam-closed-by-deadline">
          {t('exams.closedByDeadline')}
        </p>
      )}
      {result.score === null ? (
        <p data-testid="exam-result-hidden">{t('exams.result.hidden')}</p>
      ) : (
        <div className="ex-score">
          <strong data-testid="exam-score">
            {t('exams.result.score', { score: result.score, total: result.totalScore })}
          </strong>
          <span>{t('exams.result.passLine', { pass: result.passScore })}</span>
          {result.pendingMarks > 0 ? (
            <span className="ex-badge">{t('exams.result.pending', { count: result.pendingMarks })}</span>
          ) : (
            <span className={`ex-badge ${result.passed ? 'is-pass' : 'is-fail'}`} data-testid="exam-passed">
              {result.passed ? t('exams.result.passed') : t('exams.result.failed')}
            </span>
          )}
        </div>
      )}
      {result.answers && (
        <ol className="ex-review">
          {result.answers.map((answer, index) => {
            const question = byQid.get(answer.qid);
            return (
              <li
                key={answer.qid}
                className="ex-review-item"
                data-testid="exam-review"
                data-right={answer.isRight ? '1' : '0'}
              >
                <div className="ex-review-head">
                  <span>{t('exams.question', { n: index + 1 })}</span>
                  <span
                    className={
                      answer.status === 'pending' ? 'ex-badge' : `ex-badge ${answer.isRight ? 'is-pass' : 'is-fail'}`
                    }
                  >
                    {answer.status === 'pending'
                      ? t('exams.result.awaiting')
                      : answer.isRight
                        ? t('exams.result.right')
                        : t('exams.result.wrong')}
                  </span>
                </div>
                {question && (
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify
                  <div className="ex-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(question.content) }} />
                )}
                <p>
                  {t('exams.result.yourAnswer', {
                    answer: answer.given ? answerText(question, answer.given, t) : t('exams.result.none'),
                  })}
                </p>
                {answer.answer !== undefined && (
                  <p>{t('exams.result.correctAnswer', { answer: answerText(question, answer.answer, t) })}</p>
                )}
                {answer.explanation && (
                  <div className="ex-explanation">
                    <strong>{t('exams.result.explanation')}</strong>
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify */}
                    <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(answer.explanation) }} />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
