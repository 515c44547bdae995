/**
 * Private messages (issue 16; spec 7 privatemessage): a student's conversations with the school's staff (and
 * other students when the school allows it), and the back office's side (permission 'student': the staff read
 * and answer their conversations with students, and set whether students may write to each other).
 */
import * as s from '../schemas/messages';
import { defineCall } from '../contract';

const tags = ['privatemessage'];
const admin = { access: { admin: 'student' }, tags: ['privatemessage (back office)'] } as const;

const SEND_REFUSALS =
  'Refusals carry the key as error: 400 emptyMessage / tooLong (more than 1000 characters after cleaning) / ' +
  'self; 404 noRecipient (unknown, or of another school); 403 senderDisabled / recipientDisabled (the ' +
  'messages stay readable), notStaff, studentsClosed (the school has not allowed students to write to each ' +
  'other), adminToAdmin; 429 at more than 10 a minute per sender.';

export const messageCalls = {
  list: defineCall({
    access: 'student',
    tags,
    noStore: true,
    method: 'GET',
    path: 'privatemessage',
    summary:
      "Get private messages for a user (spec 7, page 1 size 15): the signed-in student's conversations, the " +
      'newest first, each with the other person, the last message and its unread count; total (conversations) ' +
      'and noreadcount (every unread message to the student).',
    query: s.zConversationsQuery,
    reply: s.zConversationList,
  }),
  thread: defineCall({
    access: 'student',
    tags,
    noStore: true,
    method: 'GET',
    path: 'privatemessage/thread',
    summary:
      "A page of the student's conversation with friendid, the newest first (read as they are; marking read is " +
      'privatemessage/read). 404 for someone of another school or unknown.',
    query: s.zThreadQuery,
    reply: s.zThread,
  }),
  send: defineCall({
    access: 'student',
    tags,
    method: 'POST',
    path: 'privatemessage/send',
    summary: `Sends privatemsg (plain text) to friendid: a staff member of the school or, when allowed, another student. ${SEND_REFUSALS}`,
    body: s.zSendMessage,
    reply: s.zPrivateMessage,
  }),
  read: defineCall({
    access: 'student',
    tags,
    method: 'POST',
    path: 'privatemessage/read',
    summary: "Marks every message of friendid to the student as read; answers how many and the student's noreadcount.",
    body: s.zReadMessages,
    reply: s.zReadResult,
  }),
  contacts: defineCall({
    access: 'student',
    tags,
    noStore: true,
    method: 'GET',
    path: 'privatemessage/contacts',
    summary:
      "Whom the student may write to: the school's staff (main admin and sub-admins holding 'student'), and, when " +
      'the school allows students to write to each other, students matching keyword (by name or login name).',
    query: s.zContactsQuery,
    reply: s.zContacts,
  }),
  adminList: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'a/privatemessage',
    summary:
      "The administrator's conversations with the school's students, the newest first (page size 15); total and " +
      'noreadcount as for privatemessage.',
    query: s.zConversationsQuery,
    reply: s.zConversationList,
  }),
  adminThread: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'a/privatemessage/thread',
    summary: "A page of the administrator's conversation with a student of the school, the newest first.",
    query: s.zThreadQuery,
    reply: s.zThread,
  }),
  adminSend: defineCall({
    ...admin,
    method: 'POST',
    path: 'a/privatemessage/send',
    summary: `The administrator writes to a student of the school. ${SEND_REFUSALS}`,
    body: s.zSendMessage,
    reply: s.zPrivateMessage,
  }),
  adminRead: defineCall({
    ...admin,
    method: 'POST',
    path: 'a/privatemessage/read',
    summary:
      "Marks every message of the student to the administrator as read; answers the administrator's noreadcount.",
    body: s.zReadMessages,
    reply: s.zReadResult,
  }),
  adminDelete: defineCall({
    ...admin,
    method: 'POST',
    path: 'a/privatemessage/delete',
    summary:
      "Removes one message (pmid) of a conversation the administrator is in (a student's abusive message, or " +
      "their own); 404 for another's conversation or another school's message.",
    body: s.zDeleteMessage,
    reply: s.zDeleted,
  }),
  adminUnread: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'a/privatemessage/unread',
    summary: "How many students' messages to the administrator are unread (the back office's badge).",
    reply: s.zUnread,
  }),
  adminContacts: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'a/privatemessage/contacts',
    summary: 'Students of the school matching keyword (name or login name) to start a conversation with.',
    query: s.zContactsQuery,
    reply: s.zContacts,
  }),
  setting: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'a/privatemessage/setting',
    summary: "Whether the school's students may write to each other (off by default).",
    reply: s.zMessageSetting,
  }),
  saveSetting: defineCall({
    ...admin,
    method: 'POST',
    path: 'a/privatemessage/setting',
    summary:
      "Sets whether the school's students may write to each other (inform_settings.allowStudentMessages; the " +
      'rest of that row is the inform settings and stays as it is).',
    body: s.zMessageSetting,
    reply: s.zMessageSetting,
  }),
};
