import { formatDateTime } from '../../../../shared/rules/dates';
import type { Comment } from '../../../../shared/schemas/comments';
import { Avatar } from '../../../components/Avatar';
import { useLocale, useT } from '../../../i18n';

/**
 * One comment (spec 3 'Comment'): name, time, text, likes, and the school's replies under it. Text is
 * plain text: React escapes it, line breaks are kept by CSS (never HTML).
 */
export function CommentItem({
  comment,
  busy,
  onLike,
  onDelete,
}: {
  comment: Comment;
  busy: boolean;
  onLike: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const time = (seconds: number) => formatDateTime(seconds * 1000, locale);
  return (
    <li className="comment" data-testid="comment" data-cmid={comment.cmid}>
      <Avatar name={comment.name} size={36} />
      <div className="comment-main">
        <div className="comment-head">
          <span className="comment-name">{comment.name}</span>
          <time className="comment-time" dateTime={new Date(comment.time * 1000).toISOString()}>
            {time(comment.time)}
          </time>
        </div>
        <p className="comment-text" data-testid="comment-text">
          {comment.text}
        </p>
        <div className="comment-actions">
          <button
            type="button"
            className={`comment-like${comment.liked ? ' is-on' : ''}`}
            aria-pressed={comment.liked}
            aria-label={`${comment.liked ? t('comments.unlike') : t('comments.like')} (${comment.count})`}
            disabled={busy}
            onClick={onLike}
            data-testid="comment-like"
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.31l.95-4.57.03-.32a1.5 1.5 0 0 0-.44-1.06L13.17 1 6.59 7.59A1.98 1.98 0 0 0 6 9v10a2 2 0 0 0 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z"
              />
            </svg>
            <span data-testid="comment-likes">{comment.count}</span>
          </button>
          {comment.mine && (
            <button
              type="button"
              className="comment-delete"
              disabled={busy}
              onClick={onDelete}
              data-testid="comment-delete"
            >
              {t('comments.delete')}
            </button>
          )}
        </div>
        {comment.reply.length > 0 && (
          <ul className="comment-replies">
            {comment.reply.map((reply) => (
              <li key={reply.cmid} className="comment-reply" data-testid="comment-reply">
                <div className="comment-head">
                  <span className="badge comment-reply-badge">
                    {reply.role === 'admin' ? t('comments.schoolReply') : t('comments.reply')}
                  </span>
                  <span className="comment-name">{reply.name}</span>
                  <time className="comment-time">{time(reply.time)}</time>
                </div>
                <p className="comment-text">{reply.text}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
