import { choiceIds, optionLetter, questionKind, SHORT_ANSWER_MAX } from '../../../shared/rules/grading';
import type { StudentQuestion } from '../../../shared/schemas/questions';
import { sanitizeHtml } from '../../components/catalogue/sanitize-html';
import { useT } from '../../i18n';

/** One question of a sitting: letters A to N (spec 9), true/false with '0' meaning true, a short answer up to 500 characters. */
export function QuestionCard({
  question,
  index,
  answer,
  disabled,
  onChange,
}: {
  question: StudentQuestion;
  index: number;
  answer: string;
  disabled: boolean;
  onChange: (answer: string) => void;
}) {
  const t = useT();
  const kind = questionKind(question.type);
  const chosen = new Set(choiceIds(answer));
  const name = `q-${question.qid}`;
  let body;
  if (kind === 'short') {
    body = (
      <textarea
        className="ex-short"
        aria-label={t('exams.question', { n: index + 1 })}
        maxLength={SHORT_ANSWER_MAX}
        placeholder={t('exams.shortPlaceholder')}
        value={answer}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    const options =
      kind === 'trueFalse'
        ? [
            { oid: '0', content: t('exams.true') },
            { oid: '1', content: t('exams.false') },
          ]
        : question.optiondata;
    body = (
      <ul className="ex-options">
        {options.map((option, i) => {
          const multiple = kind === 'multiple';
          const checked = kind === 'trueFalse' ? answer === option.oid : chosen.has(option.oid);
          const toggle = () => {
            if (!multiple) return onChange(option.oid);
            const next = new Set(chosen);
            if (next.has(option.oid)) next.delete(option.oid);
            else next.add(option.oid);
            onChange(choiceIds([...next]).join(','));
          };
          return (
            <li key={option.oid}>
              <label className={`ex-option${checked ? ' is-checked' : ''}`}>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={name}
                  value={option.oid}
                  checked={checked}
                  disabled={disabled}
                  onChange={toggle}
                />
                {kind !== 'trueFalse' && <span className="ex-letter">{`${optionLetter(i)}.`}</span>}
                {kind === 'trueFalse' ? (
                  <span>{option.content}</span>
                ) : (
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify
                  <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(option.content) }} />
                )}
              </label>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <article
      className="ex-question card"
      data-testid="exam-question"
      data-qid={question.qid}
      aria-labelledby={`${name}-title`}
    >
      <header className="ex-question-head">
        <h3 id={`${name}-title`}>
          {t('exams.question', { n: index + 1 })}{' '}
          <span className="ex-kind">
            {t(`exams.type.${Math.min(3, Math.max(0, question.type))}` as 'exams.type.0')}
          </span>
        </h3>
        <span className="ex-points">{t('exams.points', { point: question.point })}</span>
      </header>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify */}
      <div className="ex-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(question.content) }} />
      {body}
    </article>
  );
}
