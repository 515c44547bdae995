/**
 * Private messages (issue 16; spec 3 'Private messages: total with noreadcount'; spec 7 privatemessage): a
 * student's conversations with the school's staff (or other students when the school allows it) and the
 * staff's side in the back office. Who may write to whom is shared/rules/messages messageRefusal; this
 * service finds the people, asks the rule, throttles per sender and writes.
 *
 * Rules chosen here:
 * - a conversation belongs to its two people: an administrator reads the conversations they are in (a student
 *   writes to one chosen staff member), not every administrator's;
 * - someone of another school, or an unknown id, is 404 noRecipient (nothing says the id exists elsewhere);
 * - a disabled account's messages stay readable by the other side; a disabled account neither sends nor is
 *   written to (403 senderDisabled / recipientDisabled);
 * - the text is stored cleaned (plain text); pages show it as text with only http(s) links made links;
 * - at most MESSAGE_RATE.perMinute messages per sender a minute (429), counted from the table as comments are.
 */
import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import {
  cleanMessageText,
  MESSAGE_RATE,
  messageRefusal,
  messageTextRefusal,
  type Party,
  type PartyKind,
} from '../../../shared/rules/messages';
import {
  type ConversationList,
  type Friend,
  type PrivateMessage,
  type Thread,
  type zContactsQuery,
  type zConversationsQuery,
  type zThreadQuery,
  MESSAGE_CONTACTS_MAX,
  MESSAGE_ERRORS,
} from '../../../shared/schemas/messages';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, notFound, tooMany } from '../../lib/errors';
import { adminPermissions } from '../admins/admins.service';
import { searchStudents } from '../students/students.repository';
import * as repo from './messages.repository';
import { mapAsync } from '../../lib/sequential';

/** The reader or writer: the signed-in student or administrator (route()'s caller). */
export interface Me {
  kind: PartyKind;
  id: string;
  schoolId: string;
}

/** A person as the rule and the pages see them. */
type Person = Party & { name: string; username: string };

type Key = keyof typeof MESSAGE_ERRORS;
const STATUS: Record<Key, number> = {
  noRecipient: 404,
  self: 400,
  senderDisabled: 403,
  recipientDisabled: 403,
  notStaff: 403,
  studentsClosed: 403,
  adminToAdmin: 403,
  emptyMessage: 400,
  tooLong: 400,
};

/** A refusal: the key as the error, {key, message, field?} as data (the message in the caller's language). */
function refused(key: Key, locale: Locale): AppError {
  const message = translate(locale, `messages.error.${key}`);
  const field = key === 'emptyMessage' || key === 'tooLong' ? { field: 'privatemsg' } : {};
  return new AppError(STATUS[key], MESSAGE_ERRORS[key], { key, message, ...field });
}

const isStaff = (admin: { parentId: string | null; permissions: string }) =>
  adminPermissions(admin).includes('student');

/** The people among ids, by id (students and administrators of any school: callers keep to their own). */
async function peopleOf(ctx: AppContext, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, Person>();
  for (const s of await repo.studentsByIds(ctx.db, unique))
    found.set(s.id, {
      kind: 'student',
      id: s.id,
      schoolId: s.schoolId,
      disabled: s.disabled,
      name: s.name,
      username: s.username,
    });
  for (const a of await repo.adminsByIds(ctx.db, unique))
    found.set(a.id, {
      kind: 'admin',
      id: a.id,
      schoolId: a.schoolId,
      disabled: a.disabled,
      staff: isStaff(a),
      name: a.name,
      username: '',
    });
  return found;
}

/** The person of an id in my school, or 404 noRecipient. An administrator talks only with students. */
async function friendOf(ctx: AppContext, me: Me, friendid: string, locale: Locale): Promise<Person> {
  const friend = (await peopleOf(ctx, [friendid])).get(friendid);
  if (!friend || friend.schoolId !== me.schoolId) throw refused('noRecipient', locale);
  if (me.kind === 'admin' && friend.kind !== 'student') throw refused('noRecipient', locale);
  return friend;
}

const toFriend = (person: Person, me: Me): Friend => ({
  friendid: person.id,
  kind: person.kind,
  name: person.name,
  // A student sees no administrator's login name, nor another student's.
  username: me.kind === 'admin' ? person.username : '',
  disabled: person.disabled,
});

const toMessage = (row: repo.MessageRow, me: Me): PrivateMessage => ({
  pmid: row.id,
  privatemsg: row.body,
  time: row.createdAt,
  mine: row.senderKind === me.kind && row.senderId === me.id,
  read: row.readAt !== null,
});

/** GET privatemessage / a/privatemessage: my conversations, the newest first. */
export async function conversations(
  ctx: AppContext,
  me: Me,
  query: z.output<typeof zConversationsQuery>,
): Promise<ConversationList> {
  const { rows, total } = await repo.conversationsPage(
    ctx.db,
    me.schoolId,
    me,
    query.num,
    (query.page - 1) * query.num,
  );
  const people = await peopleOf(
    ctx,
    rows.map((row) => row.friendId),
  );
  const list = (
    await mapAsync(rows, async (row) => {
      const person = people.get(row.friendId);
      const last = person && (await repo.lastMessage(ctx.db, me, { kind: row.friendKind, id: row.friendId }));
      if (!person || !last) return [];
      return [{ ...toFriend(person, me), last: toMessage(last, me), noreadcount: row.unread }];
    })
  ).flat();
  return { total, noreadcount: await repo.unreadCount(ctx.db, me), list };
}

/** GET privatemessage/thread: a page of one conversation, the newest first. */
export async function thread(
  ctx: AppContext,
  me: Me,
  query: z.output<typeof zThreadQuery>,
  locale: Locale,
): Promise<Thread> {
  const friend = await friendOf(ctx, me, query.friendid, locale);
  const page = await repo.threadPage(ctx.db, me, friend, query.num, (query.page - 1) * query.num);
  return {
    friend: toFriend(friend, me),
    total: page.total,
    noreadcount: page.unread,
    list: page.rows.map((row) => toMessage(row, me)),
  };
}

/** POST privatemessage/send: the rule, the text, the throttle, then the row. */
export async function send(
  ctx: AppContext,
  me: Me,
  input: { friendid: string; privatemsg: string },
  locale: Locale,
): Promise<PrivateMessage> {
  const self = (await peopleOf(ctx, [me.id])).get(me.id);
  const recipient = (await peopleOf(ctx, [input.friendid])).get(input.friendid) ?? null;
  const sender: Party = self ?? { kind: me.kind, id: me.id, schoolId: me.schoolId, disabled: true };
  const refusal = messageRefusal(sender, recipient, await repo.allowStudentMessages(ctx.db, me.schoolId));
  if (refusal) throw refused(refusal, locale);
  const textRefusal = messageTextRefusal(input.privatemsg);
  if (textRefusal) throw refused(textRefusal, locale);
  const now = ctx.now();
  if ((await repo.sentSince(ctx.db, me, now - MESSAGE_RATE.windowMs)) >= MESSAGE_RATE.perMinute)
    throw tooMany(Math.ceil(MESSAGE_RATE.windowMs / 1000));
  const row = {
    id: ctx.ids.next(),
    schoolId: me.schoolId,
    senderKind: me.kind,
    senderId: me.id,
    recipientKind: (recipient as Person).kind,
    recipientId: input.friendid,
    body: cleanMessageText(input.privatemsg),
    createdAt: now,
    readAt: null,
  };
  await repo.insertMessage(ctx.db, row);
  return toMessage(row, me);
}

/** POST privatemessage/read: the friend's messages to me are read. */
export async function markRead(ctx: AppContext, me: Me, friendid: string, locale: Locale) {
  const friend = await friendOf(ctx, me, friendid, locale);
  const read = await repo.markRead(ctx.db, me, friend, ctx.now());
  return { read, noreadcount: await repo.unreadCount(ctx.db, me) };
}

/**
 * POST a/privatemessage/delete: the administrator removes a message of one of their own conversations (what a
 * student wrote to them, or what they wrote); anything else is 404, as if it did not exist.
 */
export async function removeMessage(
  ctx: AppContext,
  me: Me,
  pmid: string,
): Promise<{ pmid: string; deleted: boolean }> {
  const row = await repo.findMessage(ctx.db, pmid);
  const mine =
    row?.schoolId === me.schoolId &&
    ((row.senderKind === me.kind && row.senderId === me.id) ||
      (row.recipientKind === me.kind && row.recipientId === me.id));
  if (!mine) throw notFound('message not found');
  await repo.deleteMessage(ctx.db, pmid);
  return { pmid, deleted: true };
}

/** GET a/privatemessage/unread. */
export const unread = async (ctx: AppContext, me: Me) => ({ noreadcount: await repo.unreadCount(ctx.db, me) });

/** GET privatemessage/contacts / a/privatemessage/contacts: whom I may write to now. */
export async function contacts(
  ctx: AppContext,
  me: Me,
  query: z.output<typeof zContactsQuery>,
): Promise<{ list: Friend[]; students: boolean }> {
  const list: Friend[] = [];
  if (me.kind === 'student') {
    for (const admin of await repo.enabledAdmins(ctx.db, me.schoolId)) {
      if (isStaff(admin)) list.push(toFriend({ kind: 'admin', ...admin, username: '', staff: true }, me));
    }
  }
  const students = me.kind === 'admin' || (await repo.allowStudentMessages(ctx.db, me.schoolId));
  if (!students || !query.keyword) return { list, students };
  const found = (await searchStudents(ctx.db, me.schoolId, query.keyword, MESSAGE_CONTACTS_MAX + 1))
    .filter((s) => s.sid !== me.id)
    .slice(0, MESSAGE_CONTACTS_MAX);
  const people = await peopleOf(
    ctx,
    found.map((s) => s.sid),
  );
  for (const s of found) {
    const person = people.get(s.sid);
    if (person && !person.disabled) list.push(toFriend(person, me));
  }
  return { list, students };
}

/** GET a/privatemessage/setting. */
export const messageSetting = async (ctx: AppContext, schoolId: string) => ({
  allowStudentMessages: await repo.allowStudentMessages(ctx.db, schoolId),
});

/** POST a/privatemessage/setting: only that column of the school's inform settings. */
export async function saveMessageSetting(ctx: AppContext, schoolId: string, allow: boolean) {
  await repo.setAllowStudentMessages(ctx.db, schoolId, allow, ctx.now());
  return await messageSetting(ctx, schoolId);
}
