import { useState, type FormEvent } from 'react';
import { qaCalls } from '../../../../shared/calls/qa';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import { QA_TEXT_MAX, textRefusal } from '../../../../shared/rules/qa-notes';
import { formatClock } from '../../../../shared/rules/text';
import type { Question } from '../../../../shared/schemas/qa';
import type { Ware } from '../../../../shared/schemas/learning';
import { request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import { currentTime, seekTo, usePositionVersion } from '../../../components/viewers/position';
import { ApiError } from '../../../hooks/fetcher';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { talkFailure } from './talk-text';

const length = (text: string) => Array.from(text.trim()).length;

/** A textarea with its counter and send button (asking, answering, following up). */
function TextForm({
  placeholder,
  submitText,
  busy,
  onSubmit,
  testId,
  extra,
  onFocus,
}: {
  placeholder: string;
  submitText: string;
  busy: boolean;
  onSubmit: (text: string) => Promise<boolean>;
  testId: string;
  extra?: React.ReactNode;
  /** Writing begins (the ask form holds the video's time from then). */
  onFocus?: () => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const count = length(text);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const refusal = textRefusal(text, QA_TEXT_MAX);
    if (refusal) return toast(refusal === 'emptyText' ? t('qa.emptyText') : t('qa.tooLong', { max: QA_TEXT_MAX }));
    if (await onSubmit(text)) setText('');
  };
  return (
    <form
      className="talk-form"
      onSubmit={(event) => void handleSubmit(event)}
      onFocusCapture={onFocus}
      data-testid={testId}
    >
      <textarea
        className="talk-input"
        rows={2}
        value={text}
        aria-label={placeholder}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="talk-form-foot">
        {extra}
        <span className={`talk-counter${count > QA_TEXT_MAX ? ' is-over' : ''}`} aria-live="polite">
          {t('qa.counter', { count, max: QA_TEXT_MAX })}
        </span>
        <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
          {submitText}
        </button>
      </div>
    </form>
  );
}

/** The player's time as it moves, or the time held since the learner began writing. */
export function LiveClock({ held }: { held: number | null }) {
  usePositionVersion();
  return <span data-testid="live-time">{formatClock(held ?? currentTime() ?? 0)}</span>;
}

/** The button that seeks the video to a question's time. */
export function TimeButton({ seconds, testId }: { seconds: number; testId: string }) {
  const t = useT();
  const clock = formatClock(seconds);
  return (
    <button
      type="button"
      className="talk-time"
      onClick={() => seekTo(seconds)}
      aria-label={t('qa.seek', { time: clock })}
      data-testid={testId}
      data-seconds={seconds}
    >
      ▶ {clock}
    </button>
  );
}

function QuestionItem({
  question,
  video,
  courseAdmin,
  onChanged,
}: {
  question: Question;
  video: boolean;
  courseAdmin: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [replying, setReplying] = useState(false);
  const when = (seconds: number) => formatDateMinutes(seconds * 1000, locale);

  const act = async (work: () => ReturnType<typeof request>, done: string) => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(talkFailure(t, reply, QA_TEXT_MAX));
      return false;
    }
    toast(done);
    await onChanged();
    return true;
  };
  const handleAnswer = (body: string) =>
    act(
      () => request(qaCalls.answer, { body: { qid: question.qid, body } }),
      courseAdmin ? t('qa.answeredDone') : t('qa.asked'),
    ).then((done) => {
      if (done) setReplying(false);
      return done;
    });
  const handleDelete = async () => {
    if (!(await confirm({ text: t('qa.confirmDelete') }))) return;
    await act(() => request(qaCalls.remove, { body: { qid: question.qid } }), t('qa.deleted'));
  };
  const handleHide = () =>
    act(
      () => request(qaCalls.hide, { body: { qids: [question.qid], hidden: question.hidden ? 0 : 1 } }),
      question.hidden ? t('qa.show') : t('qa.hidden'),
    );

  return (
    <li className={`talk-item${question.hidden ? ' is-hidden' : ''}`} data-testid="qa-item" data-qid={question.qid}>
      <div className="talk-item-head">
        <span className="talk-name">{question.name}</span>
        <span className="talk-muted">{when(question.time)}</span>
        <span className={`talk-state${question.answered ? ' is-answered' : ''}`}>
          {question.hidden ? t('qa.hidden') : question.answered ? t('qa.answered') : t('qa.unanswered')}
        </span>
      </div>
      <p className="talk-body">
        {video && question.videoTime !== null && <TimeButton seconds={question.videoTime} testId="qa-time" />}
        {question.body}
      </p>
      {question.answers.length > 0 && (
        <ul className="talk-answers">
          {question.answers.map((answer) => (
            <li key={answer.aid} className={`talk-answer is-${answer.role}`} data-testid="qa-answer">
              <span className="talk-name">
                {answer.role === 'admin' && <span className="talk-teacher">{t('qa.teacher')}</span>}
                {answer.name}
              </span>
              <span className="talk-muted">{when(answer.time)}</span>
              <p className="talk-body">{answer.body}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="talk-actions">
        {question.canAnswer && (
          <button
            type="button"
            className="btn btn-text btn-small"
            aria-expanded={replying}
            onClick={() => setReplying(!replying)}
            data-testid="qa-reply"
          >
            {courseAdmin ? t('qa.answer') : t('qa.followUp')}
          </button>
        )}
        {courseAdmin && (
          <button type="button" className="btn btn-text btn-small" disabled={busy} onClick={() => void handleHide()}>
            {question.hidden ? t('qa.show') : t('qa.hide')}
          </button>
        )}
        {question.canDelete && (
          <button
            type="button"
            className="btn btn-text btn-small"
            disabled={busy}
            onClick={() => void handleDelete()}
            data-testid="qa-delete"
          >
            {t('qa.delete')}
          </button>
        )}
      </div>
      {replying && (
        <TextForm
          placeholder={courseAdmin ? t('qa.answerPlaceholder') : t('qa.followUpPlaceholder')}
          submitText={t('qa.send')}
          busy={busy}
          onSubmit={handleAnswer}
          testId="qa-reply-form"
        />
      )}
    </li>
  );
}

/**
 * The chapter's questions beside the player (issue 16): ask, optionally at the video's current time; the
 * questions with their answers, newest first; a question's time seeks the video there. The course's
 * administrators (previewing) answer, hide and delete here as in the back office.
 */
export function QaPanel({ ware }: { ware: Ware }) {
  const t = useT();
  const video = ware.kind === 'video' || ware.kind === 'audio';
  const { data, error, mutate } = useCall(qaCalls.list, { query: { coid: ware.coid, cid: ware.cid } });
  const [busy, setBusy] = useState(false);
  const [atTime, setAtTime] = useState(video);
  const [time, setTime] = useState<number | null>(null);

  // The time is read when the learner starts writing or ticks the box, so it is where they paused to ask.
  const captureTime = () => setTime(currentTime());

  const handleAsk = async (body: string) => {
    setBusy(true);
    const seconds = atTime ? (time ?? currentTime()) : null;
    const reply = await request(qaCalls.add, { body: { coid: ware.coid, cid: ware.cid, body, videoTime: seconds } });
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(talkFailure(t, reply, QA_TEXT_MAX));
      return false;
    }
    toast(t('qa.asked'));
    setTime(null);
    await mutate();
    return true;
  };

  if (error instanceof ApiError)
    return (
      <p className="talk-empty" data-testid="qa-refused">
        {error.reply.error === 'studentOnly' && !(error.reply.data as { refusal?: string } | null)?.refusal
          ? t('errors.studentOnly')
          : t('qa.cannotAsk')}
      </p>
    );
  if (error)
    return (
      <p className="talk-empty" role="alert">
        {t('qa.loadError')}{' '}
        <button type="button" className="btn btn-text btn-small" onClick={() => void mutate()}>
          {t('qa.retry')}
        </button>
      </p>
    );
  if (!data) return <p className="talk-empty">{t('common.loading')}</p>;
  return (
    <div className="talk-qa" data-testid="qa-panel">
      {data.courseAdmin && <p className="talk-hint">{t('qa.adminHint')}</p>}
      {data.canAsk && (
        <TextForm
          onFocus={video && time === null ? captureTime : undefined}
          placeholder={t('qa.placeholder')}
          submitText={t('qa.ask')}
          busy={busy}
          onSubmit={handleAsk}
          testId="qa-ask"
          extra={
            video && (
              <label className="talk-check">
                <input
                  type="checkbox"
                  checked={atTime}
                  onChange={(event) => {
                    setAtTime(event.target.checked);
                    captureTime();
                  }}
                  data-testid="qa-at-time"
                />
                {t('qa.atTime')} <LiveClock held={time} />
              </label>
            )
          }
        />
      )}
      {data.list.length === 0 ? (
        <p className="talk-empty">{t('qa.empty')}</p>
      ) : (
        <ul className="talk-list">
          {data.list.map((question) => (
            <QuestionItem
              key={question.qid}
              question={question}
              video={video}
              courseAdmin={data.courseAdmin}
              onChanged={() => mutate()}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
