import { useSWRConfig } from 'swr';
import { announcementCalls, noticeCalls } from '../../shared/calls/announcements';
import { useBootstrap } from '../bootstrap';
import { useCall } from './useCall';

/**
 * The badges' counts (GET notice/unread: notices, announcements, messages) for a signed-in student; nothing
 * is asked for a guest or an administrator. Every page that shows a badge shares the one SWR entry.
 */
export function useUnreadCounts() {
  const boot = useBootstrap();
  return useCall(noticeCalls.unread, boot.role === 'student' ? {} : null, { revalidateOnFocus: true });
}

/**
 * The announcements the signed-in student sees now (GET systemAnnouncement/list); with onlyUnread, asked only
 * when the badges' counts say some are not viewed yet (the entry modal on every page costs no call otherwise).
 */
export function useMyAnnouncements(onlyUnread = false) {
  const boot = useBootstrap();
  const unread = useUnreadCounts().data;
  const wanted = boot.role === 'student' && (!onlyUnread || (unread?.announcements ?? 0) > 0);
  return useCall(announcementCalls.mine, wanted ? {} : null, { revalidateOnFocus: false });
}

/** Refetches the badges, the notices and the announcements after a mark. */
export function useRevalidateNotices() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) => {
        const path = Array.isArray(key) ? key[0] : key;
        return typeof path === 'string' && (path.startsWith('notice/') || path.startsWith('systemAnnouncement/'));
      },
      undefined,
      { revalidate: true },
    );
}
