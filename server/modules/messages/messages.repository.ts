/**
 * Private messages' queries (the only place of the messages module that touches drizzle). A conversation is
 * every message between one person (kind + id) and another, either way; "me" is the reader.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, max, or, sql } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { admins, informSettings, privateMessages as pm, students } from '../../db/schema';
import type { PartyKind } from '../../../shared/rules/messages';

export type MessageRow = typeof pm.$inferSelect;

/** One side of a conversation. */
export interface Who {
  kind: PartyKind;
  id: string;
}

const sentBy = (who: Who) => and(eq(pm.senderKind, who.kind), eq(pm.senderId, who.id));
const sentTo = (who: Who) => and(eq(pm.recipientKind, who.kind), eq(pm.recipientId, who.id));
const between = (me: Who, friend: Who) => or(and(sentBy(me), sentTo(friend)), and(sentBy(friend), sentTo(me)));

/** The other side of a message of mine, as SQL (portable CASE). */
const friendKindOf = (me: Who) =>
  sql<PartyKind>`case when ${pm.senderKind} = ${me.kind} and ${pm.senderId} = ${me.id} then ${pm.recipientKind} else ${pm.senderKind} end`;
const friendIdOf = (me: Who) =>
  sql<string>`case when ${pm.senderKind} = ${me.kind} and ${pm.senderId} = ${me.id} then ${pm.recipientId} else ${pm.senderId} end`;

/** A page of my conversations, the most recent first: the other side, the last time, my unread from them. */
export async function conversationsPage(db: Db, schoolId: string, me: Who, limit: number, offset: number) {
  const friendKind = friendKindOf(me);
  const friendId = friendIdOf(me);
  const grouped = db
    .select({
      friendKind: sql<PartyKind>`${friendKind}`.as('friend_kind'),
      friendId: sql<string>`${friendId}`.as('friend_id'),
      lastAt: max(pm.createdAt).as('last_at'),
      unread:
        sql<number>`sum(case when ${pm.recipientKind} = ${me.kind} and ${pm.recipientId} = ${me.id} and ${pm.readAt} is null then 1 else 0 end)`.as(
          'unread',
        ),
    })
    .from(pm)
    .where(and(eq(pm.schoolId, schoolId), or(sentBy(me), sentTo(me))))
    // By position: PostgreSQL does not match the select's CASE to a copy of it with other parameter numbers.
    .groupBy(sql`1`, sql`2`)
    .as('conversations');
  const rows = await db
    .select()
    .from(grouped)
    .orderBy(desc(grouped.lastAt), asc(grouped.friendId))
    .limit(limit)
    .offset(offset);
  const total = first(await db.select({ n: count() }).from(grouped))?.n ?? 0;
  return { rows: rows.map((row) => ({ ...row, unread: Number(row.unread ?? 0) })), total };
}

/** The last message between me and a friend. */
export async function lastMessage(db: Db, me: Who, friend: Who): Promise<MessageRow | undefined> {
  return first(await db.select().from(pm).where(between(me, friend)).orderBy(desc(pm.createdAt), desc(pm.id)).limit(1));
}

/** A page of the messages between me and a friend, the newest first, with their count and my unread from them. */
export async function threadPage(db: Db, me: Who, friend: Who, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(pm)
    .where(between(me, friend))
    .orderBy(desc(pm.createdAt), desc(pm.id))
    .limit(limit)
    .offset(offset);
  const total = first(await db.select({ n: count() }).from(pm).where(between(me, friend)))?.n ?? 0;
  const unread =
    first(
      await db
        .select({ n: count() })
        .from(pm)
        .where(and(sentBy(friend), sentTo(me), isNull(pm.readAt))),
    )?.n ?? 0;
  return { rows, total, unread };
}

/** Every unread message to me. */
export async function unreadCount(db: Db, me: Who): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(pm)
        .where(and(sentTo(me), isNull(pm.readAt))),
    )?.n ?? 0
  );
}

/** Marks the friend's unread messages to me as read; answers how many. */
export async function markRead(db: Db, me: Who, friend: Who, at: number): Promise<number> {
  return affected(
    await db
      .update(pm)
      .set({ readAt: at })
      .where(and(sentBy(friend), sentTo(me), isNull(pm.readAt))),
  );
}

/** How many messages a sender wrote since a time (the throttle). */
export async function sentSince(db: Db, sender: Who, since: number): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(pm)
        .where(and(sentBy(sender), gte(pm.createdAt, since))),
    )?.n ?? 0
  );
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return first(await db.select().from(pm).where(eq(pm.id, id)));
}

export async function deleteMessage(db: Db, id: string): Promise<void> {
  await db.delete(pm).where(eq(pm.id, id));
}

export async function insertMessage(db: Db, row: typeof pm.$inferInsert): Promise<void> {
  await db.insert(pm).values(row);
}

/** The students among ids (any school: the caller keeps to its own). */
export async function studentsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return await db
    .select({
      id: students.id,
      schoolId: students.schoolId,
      name: students.name,
      username: students.username,
      disabled: students.disabled,
    })
    .from(students)
    .where(inArray(students.id, [...ids]));
}

/** What the rules read of an administrator (who may be written to, and by whom). */
const adminColumns = {
  id: admins.id,
  schoolId: admins.schoolId,
  name: admins.name,
  parentId: admins.parentId,
  permissions: admins.permissions,
  disabled: admins.disabled,
};

/** The administrators among ids (any school: the caller keeps to its own). */
export async function adminsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return await db
    .select(adminColumns)
    .from(admins)
    .where(inArray(admins.id, [...ids]));
}

/** The school's enabled administrators (the main admin first), to pick its staff from. */
export async function enabledAdmins(db: Db, schoolId: string) {
  return await db
    .select(adminColumns)
    .from(admins)
    .where(and(eq(admins.schoolId, schoolId), eq(admins.disabled, false)))
    .orderBy(sql`case when ${admins.parentId} is null then 0 else 1 end`, asc(admins.name));
}

/** Whether the school lets its students write to each other (inform_settings; off when there is no row). */
export async function allowStudentMessages(db: Db, schoolId: string): Promise<boolean> {
  return (
    first(
      await db
        .select({ allow: informSettings.allowStudentMessages })
        .from(informSettings)
        .where(eq(informSettings.schoolId, schoolId)),
    )?.allow ?? false
  );
}

/** Sets only allowStudentMessages (and updatedAt) of the school's inform settings; the rest of the row stays. */
export async function setAllowStudentMessages(db: Db, schoolId: string, allow: boolean, at: number): Promise<void> {
  await db
    .insert(informSettings)
    .values({ schoolId, allowStudentMessages: allow, updatedAt: at })
    .onConflictDoUpdate({ target: informSettings.schoolId, set: { allowStudentMessages: allow, updatedAt: at } });
}
