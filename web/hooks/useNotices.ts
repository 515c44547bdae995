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

/** The announcements the signed-in student sees now (GET systemAnnouncement/list). */
export function useMyAnnouncements() {
  const boot = useBootstrap();
  return useCall(announcementCalls.mine, boot.role === 'student' ? {} : null, { revalidateOnFocus: false });
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
