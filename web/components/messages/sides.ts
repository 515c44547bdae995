import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { messageCalls } from '../../../shared/calls/messages';

/** The calls of one side of private messages: the student's (privatemessage) or the staff's (a/privatemessage). */
export const MESSAGE_SIDES = {
  student: {
    list: messageCalls.list,
    thread: messageCalls.thread,
    send: messageCalls.send,
    read: messageCalls.read,
    contacts: messageCalls.contacts,
  },
  admin: {
    list: messageCalls.adminList,
    thread: messageCalls.adminThread,
    send: messageCalls.adminSend,
    read: messageCalls.adminRead,
    contacts: messageCalls.adminContacts,
  },
} as const;
export type MessageSide = keyof typeof MESSAGE_SIDES;

/** Told on window when messages were read or sent, so unread badges elsewhere on the page refetch. */
export const MESSAGES_CHANGED_EVENT = 'lanxue:messages-changed';

/** Refetches every private-message read of the page (lists, threads, unread counts) and tells the badges. */
export function useRefreshMessages(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    // The private-message reads and the badges' counts (notice/unread carries the unread messages).
    void mutate((key) => {
      const path = String(Array.isArray(key) ? key[0] : key);
      return path.includes('privatemessage') || path.includes('notice/unread');
    });
    window.dispatchEvent(new Event(MESSAGES_CHANGED_EVENT));
  }, [mutate]);
}
