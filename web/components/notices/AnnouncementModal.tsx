import { useRef, useState, type KeyboardEvent } from 'react';
import { announcementCalls } from '../../../shared/calls/announcements';
import { modalAnnouncement } from '../../../shared/rules/announcements';
import type { StudentAnnouncement } from '../../../shared/schemas/announcements';
import { request } from '../../api/client';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useMyAnnouncements, useRevalidateNotices } from '../../hooks/useNotices';
import { useT } from '../../i18n';
import { RichText } from '../catalogue/RichText';

/**
 * The announcement modal (spec 2 dialogs, 480x700 on a desktop, full width on a phone): on entering the site a
 * student with an unread pinned announcement sees it once (shared/rules/announcements modalAnnouncement);
 * closing marks it viewed, so a reload does not show it again. The list is asked for only while the badges'
 * counts say an announcement is not viewed.
 */
export function AnnouncementModal() {
  const { data } = useMyAnnouncements(true);
  const [closed, setClosed] = useState<string[]>([]);
  const showing = modalAnnouncement((data?.list ?? []).filter((item) => !closed.includes(item.id)));
  if (!showing) return null;
  return <ModalBox key={showing.id} item={showing} onClosed={(id) => setClosed((ids) => [...ids, id])} />;
}

function ModalBox({ item, onClosed }: { item: StudentAnnouncement; onClosed: (id: string) => void }) {
  const t = useT();
  const isMobile = useIsMobile();
  const revalidate = useRevalidateNotices();
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, '.announce-close');

  const handleClose = async () => {
    onClosed(item.id);
    await request(announcementCalls.viewed, { body: { id: item.id } });
    void revalidate();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      void handleClose();
    }
  };

  return (
    <div className={`dialog-mask announce-mask${isMobile ? ' is-mobile' : ''}`}>
      <div
        ref={ref}
        className={`dialog announce-dialog${isMobile ? ' is-mobile' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="announce-title"
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        data-testid="announcement-modal"
        data-id={item.id}
      >
        <p className="announce-kicker">{t('announcement.title')}</p>
        <h2 id="announce-title" className="dialog-title">
          {item.title}
        </h2>
        <div className="announce-body">
          <RichText html={item.html} testId="announcement-modal-text" />
        </div>
        <div className="dialog-actions">
          <button
            type="button"
            className="btn btn-primary announce-close"
            onClick={() => void handleClose()}
            data-testid="announcement-close"
          >
            {t('announcement.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
