import { useCallback, useEffect, useRef, useState } from 'react';
import type { Reply } from '../../../shared/envelope';
import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { bookmarkRefusal, useActionGuard } from './useActionGuard';

/**
 * The bookmark toggle (spec 4): collect 1/0, locked while its request is in flight. Guests and
 * accounts without a student id are refused first; a failed call shows nothing (spec 8) and keeps the state.
 */
export function useBookmark(options: {
  initial: boolean;
  ownerId: string;
  send: (collect: 0 | 1) => Promise<Reply<{ collect: number }>>;
}) {
  const boot = useBootstrap();
  const guard = useActionGuard();
  const [collected, setCollected] = useState(options.initial);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const { send, ownerId } = options;

  useEffect(() => setCollected(options.initial), [options.initial]);

  const toggle = useCallback(async () => {
    if (inFlight.current) return;
    if (!(await guard(bookmarkRefusal(boot, ownerId)))) return;
    inFlight.current = true;
    setBusy(true);
    const reply = await send(collected ? 0 : 1);
    inFlight.current = false;
    setBusy(false);
    if (reply.status === 'ok') setCollected(reply.data.collect === 1);
  }, [boot, guard, ownerId, send, collected]);

  return { collected, busy, toggle };
}

/** The bookmark button: a star, 收藏 / 已收藏, disabled while busy. */
export function BookmarkButton({
  collected,
  busy,
  onClick,
  className = '',
}: {
  collected: boolean;
  busy: boolean;
  onClick: () => void;
  className?: string;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className={`bookmark-button${collected ? ' is-on' : ''} ${className}`}
      aria-pressed={collected}
      aria-busy={busy}
      disabled={busy}
      onClick={onClick}
      data-testid="bookmark"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
          fill={collected ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
        />
      </svg>
      <span>{collected ? t('catalogue.bookmarked') : t('catalogue.bookmark')}</span>
    </button>
  );
}
