import { useState, type FormEvent } from 'react';
import { TOAST_MS } from '../../../../shared/constants';
import { isGraphic } from '../../../../shared/rules/course-buttons';
import { cleanCommentText, COMMENT_MAX, commentLength, commentRefusal } from '../../../../shared/rules/comments';
import { commentCalls } from '../../../../shared/calls/comments';
import type { CourseInfo } from '../../../../shared/schemas/courses';
import { request } from '../../../api/client';
import { useBootstrap } from '../../../bootstrap';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';

/**
 * The comment box (spec 2 addcomment; spec 5 'Course comment'): a textarea with a 256 counter. Submitting
 * runs the rule first (shared/rules/comments, the server runs it again) and shows its message as a 2 s
 * toast; success clears the text and the list goes to page 1 and reloads. A failed call shows no user
 * message (spec 8 'Collect and comment failures show no user message') and is logged.
 */
export function CommentBox({
  course,
  bought,
  onPosted,
}: {
  course: CourseInfo;
  bought: boolean;
  onPosted: () => void;
}) {
  const t = useT();
  const boot = useBootstrap();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const length = commentLength(text);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const refusal = commentRefusal({
      loggedIn: boot.role !== 'guest',
      text,
      bought,
      // The owner and every other account without a student id (spec 6).
      isOwner: boot.role !== 'student',
      graphic: isGraphic(course),
    });
    if (refusal) {
      toast(t(`comments.${refusal}`), TOAST_MS);
      return;
    }
    setBusy(true);
    // Spec 5: the text is sanitised before sending (plain text: control characters out, trimmed); the server does it again.
    const reply = await request(commentCalls.add, { body: { coid: course.coid, text: cleanCommentText(text) } });
    setBusy(false);
    if (reply.status !== 'ok') {
      console.error('comment/add failed:', reply.error, reply.data);
      return;
    }
    setText('');
    toast(t('comments.posted'));
    onPosted();
  };

  return (
    <form className="comment-box" onSubmit={(event) => void handleSubmit(event)} data-testid="comment-box">
      <label className="visually-hidden" htmlFor="comment-text">
        {t('comments.placeholder')}
      </label>
      <textarea
        id="comment-text"
        className="comment-input"
        value={text}
        rows={3}
        placeholder={t('comments.placeholder')}
        onChange={(event) => setText(event.target.value)}
        data-testid="comment-input"
      />
      <div className="comment-box-foot">
        <span
          className={`comment-counter${length > COMMENT_MAX ? ' is-over' : ''}`}
          data-testid="comment-counter"
          aria-live="polite"
        >
          {t('comments.counter', { n: length, max: COMMENT_MAX })}
        </span>
        <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="comment-submit">
          {t('comments.submit')}
        </button>
      </div>
    </form>
  );
}
