import { useState } from 'react';
import { announcementCalls } from '../../../shared/calls/announcements';
import { formatDate } from '../../../shared/rules/dates';
import { request } from '../../api/client';
import { useMyAnnouncements, useRevalidateNotices } from '../../hooks/useNotices';
import { useT } from '../../i18n';
import { RichText } from '../catalogue/RichText';

/**
 * The announcements the student sees now, pinned first (the personal centre and the dashboard): each opens in
 * place and is marked viewed on opening.
 */
export function AnnouncementList() {
  const t = useT();
  const { data } = useMyAnnouncements();
  const revalidate = useRevalidateNotices();
  const [open, setOpen] = useState<string | null>(null);
  const list = data?.list ?? [];

  const handleOpen = async (id: string, viewed: boolean) => {
    setOpen((current) => (current === id ? null : id));
    if (viewed) return;
    await request(announcementCalls.viewed, { body: { id } });
    void revalidate();
  };

  return (
    <section className="card announce-list" aria-labelledby="announce-list-title" data-testid="announcement-list">
      <h2 id="announce-list-title" className="section-title">
        {t('announcement.title')}
        {data && data.unread > 0 && (
          <span className="announce-count">{t('notice.unreadCount', { count: data.unread })}</span>
        )}
      </h2>
      {data && list.length === 0 && <p className="page-muted">{t('announcement.empty')}</p>}
      <ul className="announce-items">
        {list.map((item) => (
          <li
            key={item.id}
            className={`announce-item${item.viewed ? '' : ' is-unread'}`}
            data-testid="announcement-item"
          >
            <button
              type="button"
              className="announce-head"
              aria-expanded={open === item.id}
              aria-label={t('announcement.open', { title: item.title })}
              onClick={() => void handleOpen(item.id, item.viewed)}
            >
              {item.pinned && <span className="announce-tag">{t('announcement.pinned')}</span>}
              {!item.viewed && <span className="announce-tag is-new">{t('announcement.new')}</span>}
              <span className="announce-title">{item.title}</span>
              <span className="announce-date">{formatDate(item.shownAt, 'yyyy-MM-dd')}</span>
            </button>
            {open === item.id && <RichText html={item.html} className="announce-text" testId="announcement-text" />}
          </li>
        ))}
      </ul>
    </section>
  );
}
