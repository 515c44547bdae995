/**
 * Private messages (issue 16; spec 3 'Private messages: total with noreadcount', payload names pmid, friendid,
 * privatemsg; spec 7 privatemessage, 'private messages page 1 size 15'; spec 9 page size 15).
 */
import * as z from 'zod';
import { MESSAGE_MAX, MESSAGE_PAGE_SIZE } from '../rules/messages';
import { zId, zQueryPage, zQueryNum } from './common';

/** Most rows a page of conversations or messages holds. */
export const MESSAGE_PAGE_MAX = 50;
/** Most people one contacts answer lists. */
export const MESSAGE_CONTACTS_MAX = 50;

/** Stable error strings of the message calls (the rule's keys of shared/rules/messages, plus the text's). */
export const MESSAGE_ERRORS = {
  noRecipient: 'noRecipient',
  self: 'self',
  senderDisabled: 'senderDisabled',
  recipientDisabled: 'recipientDisabled',
  notStaff: 'notStaff',
  studentsClosed: 'studentsClosed',
  adminToAdmin: 'adminToAdmin',
  emptyMessage: 'emptyMessage',
  tooLong: 'tooLong',
} as const;

export const zPartyKind = z.enum(['student', 'admin']);

/** One message as its reader sees it: mine (I sent it) or theirs; read: the recipient has read it. */
export const zPrivateMessage = z.object({
  pmid: z.string(),
  privatemsg: z.string(),
  /** ms since the epoch. */
  time: z.number(),
  mine: z.boolean(),
  read: z.boolean(),
});
export type PrivateMessage = z.infer<typeof zPrivateMessage>;

/** The person at the other end of a conversation. */
export const zFriend = z.object({
  friendid: z.string(),
  kind: zPartyKind,
  name: z.string(),
  /** Their login name (administrators see students'; students see '' for administrators). */
  username: z.string(),
  disabled: z.boolean(),
});
export type Friend = z.infer<typeof zFriend>;

/** A conversation in the list: the other person, the last message and how many of theirs I have not read. */
export const zConversation = zFriend.extend({
  last: zPrivateMessage,
  noreadcount: z.number().int(),
});
export type Conversation = z.infer<typeof zConversation>;

/** GET privatemessage / a/privatemessage: a page of conversations, the newest first. */
export const zConversationsQuery = z.object({
  page: zQueryPage,
  num: zQueryNum(MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE),
});
/** total: conversations; noreadcount: every unread message to me (spec 3 'total with noreadcount'). */
export const zConversationList = z.object({
  total: z.number().int(),
  noreadcount: z.number().int(),
  list: z.array(zConversation),
});
export type ConversationList = z.infer<typeof zConversationList>;

/** GET privatemessage/thread: a page of one conversation's messages, the newest first. */
export const zThreadQuery = z.object({
  friendid: zId,
  page: zQueryPage,
  num: zQueryNum(MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE),
});
/** total: messages in the conversation; noreadcount: theirs I have not read. */
export const zThread = z.object({
  friend: zFriend,
  total: z.number().int(),
  noreadcount: z.number().int(),
  list: z.array(zPrivateMessage),
});
export type Thread = z.infer<typeof zThread>;

/** POST privatemessage/send. The length is checked after cleaning (400 tooLong), so the schema allows some slack. */
export const zSendMessage = z.object({
  friendid: zId,
  privatemsg: z.string().max(MESSAGE_MAX * 4),
});
export type SendMessage = z.infer<typeof zSendMessage>;

/** POST privatemessage/read: marks every message of the friend to me as read. */
export const zReadMessages = z.object({ friendid: zId });
/** POST a/privatemessage/delete: one message (pmid) of a conversation the administrator is in. */
export const zDeleteMessage = z.object({ pmid: zId });
export const zDeleted = z.object({ pmid: z.string(), deleted: z.boolean() });
export const zReadResult = z.object({ read: z.number().int(), noreadcount: z.number().int() });

/** GET privatemessage/contacts: whom I may write to (a keyword searches students by name or login name). */
export const zContactsQuery = z.object({ keyword: z.string().trim().max(50).default('') });
/** list: the staff (for a student) and the students matching the keyword; students: whether a keyword finds students. */
export const zContacts = z.object({ list: z.array(zFriend), students: z.boolean() });

/** GET a/privatemessage/unread: the administrator's unread messages. */
export const zUnread = z.object({ noreadcount: z.number().int() });

/** GET/POST a/privatemessage/setting: whether the school's students may write to each other. */
export const zMessageSetting = z.object({ allowStudentMessages: z.boolean() });
