import { useState } from 'react';
import { SESSION_POLL_MS } from '../../../shared/constants';
import { formatDateMinutes } from '../../../shared/rules/dates';
import { MESSAGE_PAGE_SIZE } from '../../../shared/rules/messages';
import { filterTitle } from '../../../shared/rules/text';
import type { Friend } from '../../../shared/schemas/messages';
import { useCall } from '../../hooks/useCall';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLocale, useT } from '../../i18n';
import { Loading } from '../Loading';
import { MessageThread } from './MessageThread';
import { NewMessage } from './NewMessage';
import { MESSAGE_SIDES, type MessageSide } from './sides';

/** Characters of the last message shown in the list. */
const PREVIEW_CHARS = 40;

/**
 * Private messages (privatemessage; spec 9 page size 15), for a student or the staff: the conversations with
 * their unread marks and the total unread, a thread with a composer, and a new message to someone picked from
 * the contacts. Desktop: the list beside the thread. Phone: the list, or the thread with a way back.
 * The list refetches on the session poll's pace (30 s) so a new message shows without a reload.
 */
export function MessagesView({ side }: { side: MessageSide }) {
  const t = useT();
  const locale = useLocale();
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ friendid: string; friend?: Friend } | 'new' | null>(null);
  const list = useCall(
    MESSAGE_SIDES[side].list,
    { query: { page, num: MESSAGE_PAGE_SIZE } },
    { keepPreviousData: true, refreshInterval: SESSION_POLL_MS },
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / MESSAGE_PAGE_SIZE)) : 1;
  const openId = open && open !== 'new' ? open.friendid : null;
  const showList = !mobile || open === null;
  const showPane = !mobile || open !== null;

  return (
    <div className={`pm${mobile ? ' is-mobile' : ''}`} data-testid="pm">
      {showList && (
        <aside className="pm-side card" aria-labelledby="pm-conversations">
          <div className="pm-side-head">
            <h2 id="pm-conversations" className="section-title">
              {t('messages.conversations')}
              {list.data && list.data.noreadcount > 0 && (
                <span className="pm-unread-total" data-testid="pm-unread-total">
                  {t('messages.unreadTotal', { n: list.data.noreadcount })}
                </span>
              )}
            </h2>
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => setOpen('new')}
              data-testid="pm-new-open"
            >
              {t('messages.new')}
            </button>
          </div>
          {list.error && !list.data && (
            <div role="alert">
              <p className="page-muted">{t('messages.loadError')}</p>
              <button type="button" className="btn btn-small" onClick={() => void list.mutate()}>
                {t('messages.retry')}
              </button>
            </div>
          )}
          {!list.data && !list.error && <Loading />}
          {list.data && list.data.list.length === 0 && (
            <p className="page-muted" data-testid="pm-empty">
              {t('messages.empty')}
            </p>
          )}
          {list.data && list.data.list.length > 0 && (
            <ul className="pm-conversations">
              {list.data.list.map((c) => (
                <li key={c.friendid}>
                  <button
                    type="button"
                    className={`pm-conversation${openId === c.friendid ? ' is-active' : ''}${c.noreadcount ? ' is-unread' : ''}`}
                    aria-current={openId === c.friendid ? 'true' : undefined}
                    onClick={() => setOpen({ friendid: c.friendid, friend: c })}
                    data-testid="pm-conversation"
                    data-friendid={c.friendid}
                  >
                    <span className="pm-conversation-head">
                      <span className="pm-name">{c.name}</span>
                      {c.disabled && <span className="badge badge-muted">{t('messages.disabled')}</span>}
                      {c.noreadcount > 0 && (
                        <span className="pm-unread" data-testid="pm-unread">
                          {t('messages.unread', { n: c.noreadcount })}
                        </span>
                      )}
                    </span>
                    <span className="pm-preview">
                      {c.last.mine ? `${t('messages.me')}: ` : ''}
                      {filterTitle(c.last.privatemsg.replace(/\s+/g, ' '), PREVIEW_CHARS)}
                    </span>
                    <time className="pm-time">{formatDateMinutes(c.last.time, locale)}</time>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <div className="pm-pager">
              <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('points.prev')}
              </button>
              <span className="page-muted">{t('points.pageOf', { page, pages })}</span>
              <button
                type="button"
                className="btn btn-small"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                {t('points.next')}
              </button>
            </div>
          )}
        </aside>
      )}
      {showPane && (
        <div className="pm-pane">
          {open === 'new' ? (
            <div className="card">
              {mobile && (
                <button type="button" className="btn btn-small" onClick={() => setOpen(null)} data-testid="pm-back">
                  ‹ {t('messages.back')}
                </button>
              )}
              <NewMessage side={side} onPick={(friend) => setOpen({ friendid: friend.friendid, friend })} />
            </div>
          ) : open ? (
            <MessageThread
              key={open.friendid}
              side={side}
              friendid={open.friendid}
              picked={open.friend}
              onBack={mobile ? () => setOpen(null) : undefined}
            />
          ) : (
            <p className="card page-muted pm-pick">{t('messages.pick')}</p>
          )}
        </div>
      )}
    </div>
  );
}
