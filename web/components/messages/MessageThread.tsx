import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { ERRORS } from '../../../shared/envelope';
import { formatDateMinutes } from '../../../shared/rules/dates';
import {
  cleanMessageText,
  MESSAGE_MAX,
  MESSAGE_PAGE_SIZE,
  messageLength,
  messageTextRefusal,
} from '../../../shared/rules/messages';
import { messageCalls } from '../../../shared/calls/messages';
import type { Friend } from '../../../shared/schemas/messages';
import { request } from '../../api/client';
import { useCall } from '../../hooks/useCall';
import { useLocale, useT } from '../../i18n';
import { confirm, toast } from '../feedback';
import { Loading } from '../Loading';
import { MessageText } from './MessageText';
import { MESSAGE_SIDES, type MessageSide, useRefreshMessages } from './sides';

/** One page of a conversation (15, spec 9), shown oldest first. */
function ThreadPage({ side, friendid, page }: { side: MessageSide; friendid: string; page: number }) {
  const locale = useLocale();
  const t = useT();
  const { data } = useCall(MESSAGE_SIDES[side].thread, { query: { friendid, page, num: MESSAGE_PAGE_SIZE } });
  const refresh = useRefreshMessages();
  if (!data) return null;
  // Staff may remove a message of their own conversation (an abusive one, or their own).
  const remove = async (pmid: string) => {
    if (!(await confirm({ text: t('messages.removeConfirm'), okText: t('messages.remove') }))) return;
    const reply = await request(messageCalls.adminDelete, { body: { pmid } });
    if (reply.status !== 'ok') return toast(t('messages.removeFailed'));
    toast(t('messages.removed'));
    refresh();
  };
  return (
    <>
      {[...data.list].reverse().map((message) => (
        <li
          key={message.pmid}
          className={`pm-message${message.mine ? ' is-mine' : ''}`}
          data-testid="pm-message"
          data-mine={message.mine ? '1' : '0'}
        >
          <MessageText text={message.privatemsg} />
          <span className="pm-meta">
            <time dateTime={new Date(message.time).toISOString()}>{formatDateMinutes(message.time, locale)}</time>
            {message.mine && <span>{message.read ? t('messages.read') : t('messages.notRead')}</span>}
            {side === 'admin' && (
              <button
                type="button"
                className="pm-remove"
                onClick={() => void remove(message.pmid)}
                data-testid="pm-remove"
              >
                {t('messages.remove')}
              </button>
            )}
          </span>
        </li>
      ))}
    </>
  );
}

/** The composer: plain text with a counter; the rule is checked here and again by the server. */
function Composer({ side, friendid, onSent }: { side: MessageSide; friendid: string; onSent: () => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const length = messageLength(text);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const refusal = messageTextRefusal(text);
    if (refusal) {
      toast(t(`messages.error.${refusal}`));
      return;
    }
    setBusy(true);
    const reply = await request(MESSAGE_SIDES[side].send, { body: { friendid, privatemsg: cleanMessageText(text) } });
    setBusy(false);
    if (reply.status !== 'ok') {
      const said = (reply.data as { message?: unknown } | null)?.message;
      toast(
        reply.error === ERRORS.tooMany
          ? t('messages.error.tooMany')
          : typeof said === 'string'
            ? said
            : t('messages.loadError'),
      );
      return;
    }
    setText('');
    onSent();
  };
  return (
    <form className="pm-composer" onSubmit={(event) => void handleSubmit(event)} data-testid="pm-composer">
      <label className="visually-hidden" htmlFor="pm-input">
        {t('messages.placeholder')}
      </label>
      <textarea
        id="pm-input"
        className="pm-input"
        rows={3}
        value={text}
        placeholder={t('messages.placeholder')}
        onChange={(event) => setText(event.target.value)}
        data-testid="pm-input"
      />
      <div className="pm-composer-foot">
        <span className={`pm-counter${length > MESSAGE_MAX ? ' is-over' : ''}`} aria-live="polite">
          {t('messages.counter', { n: length, max: MESSAGE_MAX })}
        </span>
        <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="pm-send">
          {t('messages.send')}
        </button>
      </div>
    </form>
  );
}

/**
 * One conversation: the newest 15 messages (earlier ones on request), oldest at the top, marked read as it
 * opens (the unread counts then refetch), and the composer (not for a disabled account).
 */
export function MessageThread({
  side,
  friendid,
  picked,
  onBack,
}: {
  side: MessageSide;
  friendid: string;
  /** The person as the list or the contacts knew them, until the thread says. */
  picked?: Friend;
  /** The phone's way back to the list. */
  onBack?: () => void;
}) {
  const t = useT();
  const calls = MESSAGE_SIDES[side];
  const refresh = useRefreshMessages();
  const [pages, setPages] = useState(1);
  const first = useCall(calls.thread, { query: { friendid, page: 1, num: MESSAGE_PAGE_SIZE } });
  const friend = first.data?.friend ?? picked;
  const unread = first.data?.noreadcount ?? 0;
  const box = useRef<HTMLOListElement>(null);
  const newest = first.data?.list[0]?.pmid;

  // Opening a conversation reads it: the server marks the friend's messages read, then every count refetches.
  useEffect(() => {
    if (unread === 0) return;
    let live = true;
    void request(calls.read, { body: { friendid } }).then((reply) => {
      if (live && reply.status === 'ok') refresh();
    });
    return () => {
      live = false;
    };
  }, [unread, friendid, calls.read, refresh]);

  // The newest message in view when it arrives.
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [newest]);

  const total = first.data?.total ?? 0;
  return (
    <section className="pm-thread card" data-testid="pm-thread" data-friendid={friendid} aria-labelledby="pm-with">
      <header className="pm-thread-head">
        {onBack && (
          <button type="button" className="btn btn-small" onClick={onBack} data-testid="pm-back">
            ‹ {t('messages.back')}
          </button>
        )}
        <h2 id="pm-with" className="section-title">
          {friend?.name ?? ''}
        </h2>
        {friend && (
          <span className="badge">{friend.kind === 'admin' ? t('messages.staff') : t('messages.student')}</span>
        )}
        {friend?.disabled && <span className="badge badge-muted">{t('messages.disabled')}</span>}
      </header>
      {!first.data && !first.error && <Loading />}
      {first.error && !first.data && <p className="page-muted">{t('messages.loadError')}</p>}
      {first.data && (
        <ol className="pm-messages" ref={box} data-testid="pm-messages">
          {total > pages * MESSAGE_PAGE_SIZE && (
            <li className="pm-older">
              <button type="button" className="btn btn-small" onClick={() => setPages(pages + 1)}>
                {t('messages.older')}
              </button>
            </li>
          )}
          {Array.from({ length: pages }, (_, index) => pages - index).map((page) => (
            <ThreadPage key={page} side={side} friendid={friendid} page={page} />
          ))}
        </ol>
      )}
      {friend?.disabled ? (
        <p className="page-muted pm-cannot">{t('messages.cannotReply')}</p>
      ) : (
        <Composer side={side} friendid={friendid} onSent={refresh} />
      )}
    </section>
  );
}
