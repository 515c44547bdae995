import { useRef, useState, type KeyboardEvent } from 'react';
import {
  canConfirmRating,
  nextScore,
  RATING_COMMENT_MAX,
  RATING_SCORE_MAX,
  ratingLength,
  ratingRefusal,
  starPicture,
  type RatingRefusal,
} from '../../../shared/rules/rating';
import { feedbackCalls } from '../../../shared/calls/feedback';
import { FEEDBACK_ERRORS } from '../../../shared/schemas/feedback';
import { request } from '../../api/client';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { toast } from '../feedback';
import { useDialogFocus } from '../../hooks/useDialogFocus';

/**
 * The rating dialog (spec 4 'Rating dialog', spec 5 'Rating', spec 8 toasts, spec 9 'rating comment max 100').
 * Stars 0 to 5: clicking the current score lowers it by one, otherwise sets it; the picture above shows none,
 * one, three or all stars (shared/rules/rating starPicture). The comment is required and at most 100
 * characters with a counter (longer input is cut at 100). Confirm stays grey until text exists; pressing it
 * still says what is missing: 请先评分 without a score, 内容不能为空！ without text. A failed save: toast
 * 保存失败,请重新输入 (2 s). Saved, or rated already: onClose(true).
 */

const REFUSAL_TEXT = {
  noScore: 'feedback.rating.noScore',
  emptyContent: 'feedback.rating.emptyContent',
  tooLong: 'feedback.rating.tooLong',
} as const satisfies Record<RatingRefusal, string>;

/** At most 100 characters as the counter counts them (code points, so an emoji is never cut in half). */
const capText = (text: string) => {
  const chars = Array.from(text);
  return chars.length > RATING_COMMENT_MAX ? chars.slice(0, RATING_COMMENT_MAX).join('') : text;
};

function Star({ on, size }: { on: boolean; size: number }) {
  return (
    <svg
      className={`rate-star-icon${on ? ' is-on' : ''}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <path d="M12 2.6l2.9 6 6.5.9-4.7 4.6 1.1 6.5L12 17.5l-5.8 3.1 1.1-6.5L2.6 9.5l6.5-.9z" />
    </svg>
  );
}

export default function RatingDialog(props: { coid: string; cid: string; onClose: (rated: boolean) => void }) {
  const { coid, cid, onClose } = props;
  const t = useT();
  const isMobile = useIsMobile();
  const [score, setScore] = useState(0);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLFormElement>(null);
  const picture = starPicture(score);
  const confirmable = canConfirmRating(content);

  useDialogFocus(dialogRef);

  const handleSubmit = async () => {
    if (busy) return;
    const refusal = ratingRefusal({ score, content });
    if (refusal) return toast(t(REFUSAL_TEXT[refusal]));
    setBusy(true);
    const reply = await request(feedbackCalls.addGrade, { body: { coid, cid, score, content } });
    setBusy(false);
    if (reply.status === 'ok') return onClose(true);
    if (reply.error === FEEDBACK_ERRORS.rated) {
      toast(t('feedback.rating.rated'));
      return onClose(true);
    }
    toast(t('feedback.rating.failed'));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onClose(false);
    }
  };

  return (
    <div className={`dialog-mask rate-mask${isMobile ? ' is-mobile' : ''}`} data-testid="rating-mask">
      <form
        ref={dialogRef}
        className={`dialog rate-dialog${isMobile ? ' is-mobile' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="rate-title"
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
        data-testid="rating-dialog"
      >
        <h2 id="rate-title" className="dialog-title">
          {t('feedback.rating.title')}
        </h2>
        <div
          className={`rate-picture is-${picture}`}
          data-testid="rating-picture"
          data-stars={picture}
          aria-hidden="true"
        >
          {Array.from({ length: RATING_SCORE_MAX }, (_, i) => (
            <Star key={i} on={i < picture} size={i === 2 ? 40 : 30} />
          ))}
        </div>
        <div className="rate-stars" role="group" aria-label={t('feedback.rating.scoreLabel')}>
          {Array.from({ length: RATING_SCORE_MAX }, (_, i) => i + 1).map((value) => (
            <button
              key={value}
              type="button"
              className={`rate-star${value <= score ? ' is-on' : ''}`}
              aria-label={t('feedback.rating.star', { n: value })}
              aria-pressed={value <= score}
              disabled={busy}
              onClick={() => setScore((current) => nextScore(current, value))}
              data-testid={`rating-star-${value}`}
            >
              <Star on={value <= score} size={28} />
            </button>
          ))}
          <span className="rate-score" data-testid="rating-score">
            {score > 0 ? t('feedback.rating.scoreText', { n: score }) : t('feedback.rating.noScoreYet')}
          </span>
        </div>
        <label className="rate-field">
          <textarea
            aria-label={t('feedback.rating.comment')}
            rows={isMobile ? 4 : 5}
            value={content}
            placeholder={t('feedback.rating.placeholder')}
            disabled={busy}
            onChange={(event) => setContent(capText(event.target.value))}
            data-testid="rating-content"
          />
          <span className="rate-counter" data-testid="rating-counter" aria-live="polite">
            {t('feedback.rating.counter', { n: ratingLength(content), max: RATING_COMMENT_MAX })}
          </span>
        </label>
        <div className="dialog-actions">
          <button type="button" className="btn" disabled={busy} onClick={() => onClose(false)}>
            {t('feedback.rating.cancel')}
          </button>
          <button
            type="submit"
            className={`btn rate-confirm${confirmable ? ' btn-primary' : ' is-grey'}`}
            aria-disabled={!confirmable}
            disabled={busy}
            data-testid="rating-confirm"
          >
            {busy && <span className="spinner sig-spinner" aria-hidden="true" />}
            {t('feedback.rating.confirm')}
          </button>
        </div>
      </form>
    </div>
  );
}
