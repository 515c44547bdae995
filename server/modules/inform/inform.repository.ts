import { and, asc, count, desc, eq, inArray, lt, lte, min, sql } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { prepared } from '../../db/prepared';
import { informOptouts, informQueue, informSettings, informTemplates, schools, students } from '../../db/schema';
import { mapAsync } from '../../lib/sequential';
import { ofDeadNodes } from '../cluster/nodes';

/** The only place the inform module touches the database: settings, templates, opt-outs and the queue. */

export type SettingsRow = typeof informSettings.$inferSelect;
export type TemplateRow = typeof informTemplates.$inferSelect;
export type QueueRow = typeof informQueue.$inferSelect;
export type NewQueueRow = typeof informQueue.$inferInsert;

/** Ids per IN (...) list: well under SQLite's bound-parameter limit. */
const CHUNK = 500;
/** Above this many ids, the school's students are read once and picked in memory (one scan, not many IN lists). */
const SCAN_ABOVE = 2000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function findSettings(db: Db, schoolId: string): Promise<SettingsRow | undefined> {
  return first(await db.select().from(informSettings).where(eq(informSettings.schoolId, schoolId)));
}

/** Writes the config, password and channels; allowStudentMessages (the messages module's) is left alone. */
export async function saveSettings(
  db: Db,
  row: Pick<SettingsRow, 'schoolId' | 'config' | 'smtpPassword' | 'channels' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(informSettings)
    .values(row)
    .onConflictDoUpdate({
      target: informSettings.schoolId,
      set: { config: row.config, smtpPassword: row.smtpPassword, channels: row.channels, updatedAt: row.updatedAt },
    });
}

export async function schoolName(db: Db, schoolId: string): Promise<string> {
  return first(await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId)))?.name ?? '';
}

export async function schoolTemplates(db: Db, schoolId: string): Promise<TemplateRow[]> {
  return await db.select().from(informTemplates).where(eq(informTemplates.schoolId, schoolId));
}

export async function saveTemplate(db: Db, row: TemplateRow): Promise<void> {
  await db
    .insert(informTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [informTemplates.schoolId, informTemplates.event, informTemplates.channel, informTemplates.locale],
      set: { subject: row.subject, body: row.body, updatedAt: row.updatedAt },
    });
}

export async function deleteTemplate(
  db: Db,
  key: Pick<TemplateRow, 'schoolId' | 'event' | 'channel' | 'locale'>,
): Promise<void> {
  await db
    .delete(informTemplates)
    .where(
      and(
        eq(informTemplates.schoolId, key.schoolId),
        eq(informTemplates.event, key.event),
        eq(informTemplates.channel, key.channel),
        eq(informTemplates.locale, key.locale),
      ),
    );
}

export interface Contact {
  id: string;
  name: string;
  email: string;
  phone: string;
  optedOut: boolean;
}

/** The school's enabled students among the ids, with their addresses and opt-out (other schools' ids drop out). */
export async function contactsOf(db: Db, schoolId: string, ids: readonly string[]): Promise<Contact[]> {
  const unique = [...new Set(ids)];
  const query = async (where: Awaited<ReturnType<typeof and>>) =>
    await db
      .select({
        id: students.id,
        name: students.name,
        email: students.email,
        phone: students.phone,
        optout: informOptouts.studentId,
      })
      .from(students)
      .leftJoin(informOptouts, eq(informOptouts.studentId, students.id))
      .where(where);
  const school = and(eq(students.schoolId, schoolId), eq(students.disabled, false));
  let rows: Awaited<ReturnType<typeof query>>;
  if (unique.length > SCAN_ABOVE) {
    const wanted = new Set(unique);
    rows = (await query(school)).filter((row) => wanted.has(row.id));
  } else {
    rows = (
      await mapAsync(chunks(unique, CHUNK), async (part) => await query(and(school, inArray(students.id, part))))
    ).flat();
  }
  return rows.map(({ optout, ...row }) => ({ ...row, optedOut: optout !== null }));
}

/** Inserts queued rows with one statement prepared per transaction (10,000 rows in well under a second). */
export async function insertQueued(db: Db, rows: readonly NewQueueRow[]): Promise<void> {
  if (rows.length === 0) return;
  const p = (name: string) => sql.placeholder(name);
  const insert = prepared(db, 'inform.insertQueued', (d) =>
    d
      .insert(informQueue)
      .values({
        id: p('id'),
        schoolId: p('schoolId'),
        channel: p('channel'),
        event: p('event'),
        studentId: p('studentId'),
        recipient: p('recipient'),
        subject: p('subject'),
        body: p('body'),
        status: p('status'),
        attempts: p('attempts'),
        nextAt: p('nextAt'),
        lastError: p('lastError'),
        createdAt: p('createdAt'),
      } as never)
      .prepare(),
  );
  for (const row of rows) await insert.run(row);
}

/**
 * Rows left 'sending' by a server that stopped mid-way (at start) or by a dead node (cluster/nodes.ts; alive:
 * the nodes whose rows stay theirs) go back to the queue (answers how many).
 */
export async function requeueSending(db: Db, at: number, alive: readonly string[] | null): Promise<number> {
  return affected(
    await db
      .update(informQueue)
      .set({ status: 'queued', nextAt: at, node: null })
      .where(and(eq(informQueue.status, 'sending'), ofDeadNodes(informQueue.node, alive))),
  );
}

/** Forgets the sent and failed rows queued before `before` (the delivery log's retention); answers how many. */
export async function purgeFinished(db: Db, before: number): Promise<number> {
  return affected(
    await db
      .delete(informQueue)
      .where(and(inArray(informQueue.status, ['sent', 'failed']), lt(informQueue.createdAt, before))),
  );
}

/** Rows taken but not sent (the worker stopping) go back to the queue as they were. */
export async function requeue(db: Db, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids, CHUNK))
    await db.update(informQueue).set({ status: 'queued' }).where(inArray(informQueue.id, part));
}

/** Takes up to `limit` due rows, oldest due first, and marks them 'sending'. */
export async function claimDue(db: Db, at: number, limit: number, node: string): Promise<QueueRow[]> {
  for (;;) {
    const due = await db
      .select({ id: informQueue.id })
      .from(informQueue)
      .where(and(eq(informQueue.status, 'queued'), lte(informQueue.nextAt, at)))
      .orderBy(asc(informQueue.nextAt))
      .limit(limit);
    if (due.length === 0) return [];
    // Only rows still queued are taken: of two workers at once (two nodes on one PostgreSQL), each row goes to
    // one; a worker that found all of them taken looks again.
    const taken = await db
      .update(informQueue)
      .set({ status: 'sending', node })
      .where(
        and(
          inArray(
            informQueue.id,
            due.map((row) => row.id),
          ),
          eq(informQueue.status, 'queued'),
        ),
      )
      .returning();
    if (taken.length > 0) return taken.sort((a, b) => a.nextAt - b.nextAt);
  }
}

/** When the next queued row is due, or null when none is queued. */
export async function nextDue(db: Db): Promise<number | null> {
  return (
    first(
      await db
        .select({ at: min(informQueue.nextAt) })
        .from(informQueue)
        .where(eq(informQueue.status, 'queued')),
    )?.at ?? null
  );
}

export async function finish(
  db: Db,
  id: string,
  patch: Pick<QueueRow, 'status' | 'attempts' | 'lastError' | 'nextAt'> & { sentAt?: number | null },
): Promise<void> {
  await db.update(informQueue).set(patch).where(eq(informQueue.id, id));
}

export async function findQueued(db: Db, schoolId: string, id: string): Promise<QueueRow | undefined> {
  return first(
    await db
      .select()
      .from(informQueue)
      .where(and(eq(informQueue.schoolId, schoolId), eq(informQueue.id, id))),
  );
}

export async function logPage(
  db: Db,
  schoolId: string,
  status: QueueRow['status'] | undefined,
  limit: number,
  offset: number,
): Promise<{ list: QueueRow[]; total: number }> {
  const where = status
    ? and(eq(informQueue.schoolId, schoolId), eq(informQueue.status, status))
    : eq(informQueue.schoolId, schoolId);
  const list = await db
    .select()
    .from(informQueue)
    .where(where)
    .orderBy(desc(informQueue.createdAt), desc(informQueue.id))
    .limit(limit)
    .offset(offset);
  const total = first(await db.select({ n: count() }).from(informQueue).where(where))?.n ?? 0;
  return { list, total };
}

export async function isOptedOut(db: Db, studentId: string): Promise<boolean> {
  return !!first(await db.select().from(informOptouts).where(eq(informOptouts.studentId, studentId)));
}

export async function setOptout(db: Db, studentId: string, optedOut: boolean, at: number): Promise<void> {
  if (optedOut) await db.insert(informOptouts).values({ studentId, createdAt: at }).onConflictDoNothing();
  else await db.delete(informOptouts).where(eq(informOptouts.studentId, studentId));
}
