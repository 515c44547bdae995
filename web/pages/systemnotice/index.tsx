import { useState } from 'react';
import { noticeCalls } from '../../../shared/calls/announcements';
import { formatDateMinutes } from '../../../shared/rules/dates';
import { noticeLink, noticeWording } from '../../../shared/rules/notices';
import { NOTICE_PAGE_SIZE, type Notice } from '../../../shared/schemas/announcements';
import { request } from '../../api/client';
import { toast } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { useCall } from '../../hooks/useCall';
import { useRevalidateNotices } from '../../hooks/useNotices';
import { useLocale, useT } from '../../i18n';
import { useStudentGuard } from '../mycourse/useStudentGuard';

/**
 * System notices (#/systemnotice, desktop and phone): the platform telling the student about their own things,
 * newest first, each worded from its kind's template (shared/rules/notices) and a link where the student acts.
 * Opening one marks it read; Mark all as read marks the rest. The top bar's badge follows.
 */
export default function SystemNoticePage() {
  const t = useT();
  const locale = useLocale();
  const allowed = useStudentGuard();
  const [page, setPage] = useState(1);
  const revalidate = useRevalidateNotices();
  const notices = useCall(noticeCalls.list, allowed ? { query: { page, num: NOTICE_PAGE_SIZE } } : null, {
    keepPreviousData: true,
  });
  if (!allowed) return <Loading />;
  if (notices.error && !notices.data)
    return (
      <div className="nt-error" role="alert">
        <p>{t('notice.loadError')}</p>
        <button type="button" className="btn" onClick={() => void notices.mutate()}>
          {t('notice.retry')}
        </button>
      </div>
    );
  if (!notices.data) return <Loading />;
  const { list, total, unread } = notices.data;
  const pages = Math.max(1, Math.ceil(total / NOTICE_PAGE_SIZE));

  const handleOpen = async (notice: Notice) => {
    const link = noticeLink(notice.link);
    if (!notice.read) {
      await request(noticeCalls.read, { body: { id: notice.id } });
      await revalidate();
    }
    if (link) window.location.assign(link);
  };
  const handleReadAll = async () => {
    const reply = await request(noticeCalls.readAll, { body: {} });
    if (reply.status !== 'ok') return toast(t('common.networkError'));
    await revalidate();
    toast(t('notice.readAllDone'));
  };

  return (
    <section className="card nt-page" aria-labelledby="notice-title" data-testid="notice-page">
      <header className="nt-head">
        <h1 id="notice-title" className="page-title">
          {t('notice.title')}
        </h1>
        {unread > 0 && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void handleReadAll()}
            data-testid="notice-read-all"
          >
            {t('notice.readAll')}
          </button>
        )}
      </header>
      {list.length === 0 ? (
        <p className="page-muted" data-testid="notice-empty">
          {t('notice.empty')}
        </p>
      ) : (
        <ul className="nt-rows">
          {list.map((notice) => {
            const { key, vars } = noticeWording(notice.kind, notice.params);
            return (
              <li key={notice.id} className={`nt-row${notice.read ? '' : ' is-unread'}`}>
                <button
                  type="button"
                  className="nt-open"
                  onClick={() => void handleOpen(notice)}
                  data-testid="notice-row"
                  data-kind={notice.kind}
                  data-read={notice.read}
                >
                  {!notice.read && (
                    <>
                      <span className="nt-dot" aria-hidden="true" />
                      <span className="visually-hidden">{t('notice.unreadMark')}</span>
                    </>
                  )}
                  <span className="nt-text">{t(key, vars)}</span>
                  <span className="nt-time">{formatDateMinutes(notice.createdAt, locale)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <div className="nt-pager">
          <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('notice.prev')}
          </button>
          <span className="page-muted">
            {page} / {pages}
          </span>
          <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('notice.next')}
          </button>
        </div>
      )}
    </section>
  );
}
