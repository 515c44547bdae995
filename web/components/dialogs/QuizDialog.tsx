import { useEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { characters } from '../../../shared/rules/text';
import { choiceIds, optionLetter, questionKind, SHORT_ANSWER_MAX } from '../../../shared/rules/grading';
import { ANSWER_ROW, currentQuestion, initialQuiz, quizReducer, type QuizResult } from '../../../shared/rules/quiz';
import { EXERCISE_ERRORS, type ExerciseQuestion } from '../../../shared/schemas/exercises';
import type { MessageKey } from '../../../shared/i18n';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { RichText } from '../catalogue/RichText';
import { alert, toast } from '../feedback';
import { exerciseCalls } from '../../../shared/calls/exercises';
import { request } from '../../api/client';
import { emitExercisesUpdated } from './exercises-event';
import { useDialogFocus } from '../../hooks/useDialogFocus';

/**
 * The quiz dialog of chapter exercises (spec 4 'Quiz dialog'; spec 5 'Quiz'; spec 9 option letters A to N,
 * short answer 500). Its states are shared/rules/quiz quizReducer: this component renders them and performs
 * the one effect the machine asks for (a submit, graded on the server). 800x600 on a desktop, full screen
 * on a phone. Closing emits the exercises-updated event (exercises-event EXERCISES_UPDATED_EVENT).
 * Spec 5: the question window is refused to an administrator previewing the course: an alert asks to switch
 * to view mode (spec 8 'Question detail load failure: alert with a switch-to-view notice').
 */

const TOAST_TEXT = { choose: 'quiz.choose', tooLong: 'quiz.tooLong' } as const satisfies Record<string, MessageKey>;
const TYPE_TEXT: Record<ReturnType<typeof questionKind>, MessageKey> = {
  single: 'quiz.type.0',
  multiple: 'quiz.type.1',
  trueFalse: 'quiz.type.2',
  short: 'quiz.type.3',
};

/** An answer as the student reads it: option letters (A, C), True/False, or the text. */
function answerText(question: ExerciseQuestion, answer: string, t: ReturnType<typeof useT>): string {
  const kind = questionKind(question.type);
  if (kind === 'trueFalse') return answer === '0' ? t('quiz.true') : answer === '1' ? t('quiz.false') : answer;
  if (kind === 'short') return answer;
  return choiceIds(answer)
    .map((oid) => optionLetter(question.optiondata.findIndex((option) => option.oid === oid)) || oid)
    .join(', ');
}

/** The answer description after a submit (spec 4): the chosen answer marked right or wrong, then the correct answer and explanation when shown. */
function AnswerDescription({ question, result }: { question: ExerciseQuestion; result: QuizResult }) {
  const t = useT();
  const pending = result.status === 'pending';
  const mark = pending ? 'pending' : result.isRight ? 'right' : 'wrong';
  return (
    <div className={`quiz-description is-${mark}`} data-testid="quiz-description" data-result={mark}>
      <p>
        {t('quiz.yourAnswer')}
        <span className="quiz-given" data-testid="quiz-given">
          {answerText(question, result.given, t)}
        </span>{' '}
        <strong className="quiz-mark">
          {pending ? t('quiz.pendingMark') : result.isRight ? `✓ ${t('quiz.right')}` : `✗ ${t('quiz.wrong')}`}
        </strong>
      </p>
      {result.answer !== undefined && (
        <p data-testid="quiz-correct">
          {questionKind(question.type) === 'short' ? t('quiz.modelAnswer') : t('quiz.correctAnswer')}
          <span className="quiz-correct-answer">{answerText(question, result.answer, t)}</span>
        </p>
      )}
      {result.explanation && (
        <div className="quiz-explanation" data-testid="quiz-explanation">
          <span>{t('quiz.explanation')}</span>
          <RichText html={result.explanation} />
        </div>
      )}
    </div>
  );
}

function Options({
  question,
  answer,
  locked,
  onChoose,
}: {
  question: ExerciseQuestion;
  answer: string;
  locked: boolean;
  onChoose: (oid: string) => void;
}) {
  const t = useT();
  const kind = questionKind(question.type);
  const chosen = new Set(choiceIds(answer));
  const options =
    kind === 'trueFalse'
      ? [
          { oid: '0', content: t('quiz.true') },
          { oid: '1', content: t('quiz.false') },
        ]
      : question.optiondata;
  return (
    <div className="quiz-options" role={kind === 'multiple' ? 'group' : 'radiogroup'} data-testid="quiz-options">
      {options.map((option, index) => (
        <label
          key={option.oid}
          className={`quiz-option${chosen.has(option.oid) ? ' is-chosen' : ''}${locked ? ' is-locked' : ''}`}
          data-testid={`quiz-option-${option.oid}`}
        >
          <input
            type={kind === 'multiple' ? 'checkbox' : 'radio'}
            name={`quiz-${question.qid}`}
            checked={chosen.has(option.oid)}
            disabled={locked}
            onChange={() => onChoose(option.oid)}
          />
          {kind !== 'trueFalse' && <span className="quiz-letter">{optionLetter(index)}.</span>}
          {kind === 'trueFalse' ? (
            <span className="quiz-option-text">{option.content}</span>
          ) : (
            <RichText html={option.content} className="quiz-option-text" />
          )}
        </label>
      ))}
    </div>
  );
}

export default function QuizDialog({ coid, cid, onClose }: { coid: string; cid: string; onClose: () => void }) {
  const t = useT();
  const isMobile = useIsMobile();
  const [state, dispatch] = useReducer(quizReducer<ExerciseQuestion>, undefined, () => initialQuiz<ExerciseQuestion>());
  const dialogRef = useRef<HTMLDivElement>(null);
  const question = currentQuestion(state);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per opening
  useEffect(() => {
    let live = true;
    void request(exerciseCalls.list, { body: { coid, cid } }).then((reply) => {
      if (!live) return;
      if (reply.status !== 'ok') {
        if (reply.error === EXERCISE_ERRORS.viewMode) {
          void alert({ text: t('quiz.viewMode') }).then(onClose);
          return;
        }
        return dispatch({ type: 'loadFailed', error: reply.error });
      }
      // The questions still pending; none left is the machine's 'empty' failure.
      const { questions, pending } = reply.data;
      dispatch({ type: 'loaded', questions: questions.filter((q) => pending.includes(q.qid)), pending });
    });
    return () => {
      live = false;
    };
  }, [coid, cid]);

  // Focus goes back to the opener on close; each new phase takes it into the dialog again.
  useDialogFocus(dialogRef);
  useEffect(() => {
    dialogRef.current?.focus();
  }, [state.phase]);

  // Spec 5: the 2-second toast (the toast's own length) when nothing is chosen or typed (again on every press).
  useEffect(() => {
    if (state.toast) toast(t(TOAST_TEXT[state.toast.reason]));
  }, [state.toast, t]);

  // The machine's one effect: the submit, graded on the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer sent, with that question's ids
  useEffect(() => {
    const sending = state.sending;
    if (!sending || !question) return;
    const body = { coid, cid, qid: sending.qid, answer: sending.answer, type: question.type };
    void request(exerciseCalls.answer, { body }).then((reply) =>
      dispatch(
        reply.status === 'ok' ? { type: 'answered', result: reply.data } : { type: 'sendFailed', error: reply.error },
      ),
    );
  }, [state.sending]);

  const closed = useRef(false);
  useEffect(() => {
    if (state.phase !== 'closed' || closed.current) return;
    closed.current = true;
    emitExercisesUpdated({ coid, cid, pending: state.pending });
    onClose();
  }, [state.phase, state.pending, coid, cid, onClose]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !state.sending) {
      event.preventDefault();
      dispatch({ type: 'close' });
    }
  };

  const kind = question ? questionKind(question.type) : null;
  const locked = state.submitted || state.sending !== null;
  const length = characters(state.answer).length;
  const buttonText =
    state.row === ANSWER_ROW.close ? 'quiz.close' : state.row === ANSWER_ROW.next ? 'quiz.next' : 'quiz.submit';

  return (
    <div className={`dialog-mask quiz-mask${isMobile ? ' is-mobile' : ''}`} data-testid="quiz-mask">
      <div
        ref={dialogRef}
        className={`dialog quiz-dialog${isMobile ? ' is-mobile' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="quiz-title"
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        data-testid="quiz-dialog"
        data-phase={state.phase}
      >
        <header className="quiz-head">
          <h2 id="quiz-title" className="dialog-title">
            {t('quiz.title')}
            {question && state.questions.length > 1 && (
              <span className="quiz-progress" data-testid="quiz-progress">
                {t('quiz.progress', { n: state.index + 1, total: state.questions.length })}
              </span>
            )}
          </h2>
          <button
            type="button"
            className="btn btn-text btn-small quiz-x"
            aria-label={t('quiz.close')}
            disabled={state.sending !== null}
            onClick={() => dispatch({ type: 'close' })}
            data-testid="quiz-x"
          >
            ✕
          </button>
        </header>
        <div className="quiz-body">
          {state.phase === 'loading' && (
            <p className="quiz-loading" role="status" data-testid="quiz-loading">
              {t('quiz.loading')}
            </p>
          )}
          {state.phase === 'failed' && (
            <p className="quiz-failed" role="alert" data-testid="quiz-failed">
              {state.error === 'empty' ? t('quiz.noQuestions') : t('quiz.loadFailed')}
            </p>
          )}
          {state.phase === 'question' && question && kind && (
            <div className="quiz-question" data-testid="quiz-question" data-qid={question.qid} data-row={state.row}>
              <p className="quiz-kind">
                <span>{t(TYPE_TEXT[kind])}</span>
                <span className="quiz-points">{t('quiz.points', { n: question.point })}</span>
              </p>
              <RichText html={question.content} className="quiz-content" testId="quiz-content" />
              {kind === 'short' ? (
                <div className="quiz-short">
                  <textarea
                    value={state.answer}
                    disabled={locked}
                    placeholder={t('quiz.shortPlaceholder')}
                    rows={6}
                    onChange={(event) => dispatch({ type: 'typed', text: event.target.value })}
                    data-testid="quiz-textarea"
                  />
                  <span
                    className={`quiz-counter${length > SHORT_ANSWER_MAX ? ' is-over' : ''}`}
                    data-testid="quiz-counter"
                  >
                    {t('quiz.counter', { n: length, max: SHORT_ANSWER_MAX })}
                  </span>
                </div>
              ) : (
                <Options
                  question={question}
                  answer={state.answer}
                  locked={locked}
                  onChoose={(oid) => dispatch({ type: 'choose', oid })}
                />
              )}
              {state.submitted && state.result && <AnswerDescription question={question} result={state.result} />}
              {state.error && (
                <p className="quiz-error" role="alert" data-testid="quiz-error">
                  {t('quiz.sendFailed', { error: state.error })}
                </p>
              )}
            </div>
          )}
        </div>
        <div className="dialog-actions quiz-actions">
          {state.phase === 'question' ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={state.sending !== null}
              onClick={() => dispatch({ type: 'press' })}
              data-testid="quiz-button"
              data-row={state.row}
            >
              {t(buttonText)}
            </button>
          ) : (
            state.phase === 'failed' && (
              <button
                type="button"
                className="btn btn-light"
                onClick={() => dispatch({ type: 'close' })}
                data-testid="quiz-button"
              >
                {t('quiz.close')}
              </button>
            )
          )}
        </div>
      </div>
    </div>
  );
}
