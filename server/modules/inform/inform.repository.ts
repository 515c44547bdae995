import { and, asc, count, desc, eq, inArray, lt, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { informOptouts, informQueue, informSettings, informTemplates, schools, students } from '../../db/schema';

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

export function findSettings(db: Db, schoolId: string): SettingsRow | undefined {
  return db.select().from(informSettings).where(eq(informSettings.schoolId, schoolId)).get();
}

/** Writes the config, password and channels; allowStudentMessages (the messages module's) is left alone. */
export function saveSettings(
  db: Db,
  row: Pick<SettingsRow, 'schoolId' | 'config' | 'smtpPassword' | 'channels' | 'updatedAt'>,
): void {
  db.insert(informSettings)
    .values(row)
    .onConflictDoUpdate({
      target: informSettings.schoolId,
      set: { config: row.config, smtpPassword: row.smtpPassword, channels: row.channels, updatedAt: row.updatedAt },
    })
    .run();
}

export function schoolName(db: Db, schoolId: string): string {
  return db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId)).get()?.name ?? '';
}

export function schoolTemplates(db: Db, schoolId: string): TemplateRow[] {
  return db.select().from(informTemplates).where(eq(informTemplates.schoolId, schoolId)).all();
}

export function saveTemplate(db: Db, row: TemplateRow): void {
  db.insert(informTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [informTemplates.schoolId, informTemplates.event, informTemplates.channel, informTemplates.locale],
      set: { subject: row.subject, body: row.body, updatedAt: row.updatedAt },
    })
    .run();
}

export function deleteTemplate(db: Db, key: Pick<TemplateRow, 'schoolId' | 'event' | 'channel' | 'locale'>): void {
  db.delete(informTemplates)
    .where(
      and(
        eq(informTemplates.schoolId, key.schoolId),
        eq(informTemplates.event, key.event),
        eq(informTemplates.channel, key.channel),
        eq(informTemplates.locale, key.locale),
      ),
    )
    .run();
}

export interface Contact {
  id: string;
  name: string;
  email: string;
  phone: string;
  optedOut: boolean;
}

/** The school's enabled students among the ids, with their addresses and opt-out (other schools' ids drop out). */
export function contactsOf(db: Db, schoolId: string, ids: readonly string[]): Contact[] {
  const unique = [...new Set(ids)];
  const query = (where: ReturnType<typeof and>) =>
    db
      .select({
        id: students.id,
        name: students.name,
        email: students.email,
        phone: students.phone,
        optout: informOptouts.studentId,
      })
      .from(students)
      .leftJoin(informOptouts, eq(informOptouts.studentId, students.id))
      .where(where)
      .all();
  const school = and(eq(students.schoolId, schoolId), eq(students.disabled, false));
  let rows: ReturnType<typeof query>;
  if (unique.length > SCAN_ABOVE) {
    const wanted = new Set(unique);
    rows = query(school).filter((row) => wanted.has(row.id));
  } else {
    rows = chunks(unique, CHUNK).flatMap((part) => query(and(school, inArray(students.id, part))));
  }
  return rows.map(({ optout, ...row }) => ({ ...row, optedOut: optout !== null }));
}

/** Inserts queued rows with one statement prepared per transaction (10,000 rows in well under a second). */
export function insertQueued(db: Db, rows: readonly NewQueueRow[]): void {
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
  for (const row of rows) insert.run(row);
}

/** Rows left 'sending' by a server that stopped mid-way go back to the queue (answers how many). */
export function requeueSending(db: Db, at: number): number {
  return db.update(informQueue).set({ status: 'queued', nextAt: at }).where(eq(informQueue.status, 'sending')).run()
    .changes;
}

/** Forgets the sent and failed rows queued before `before` (the delivery log's retention); answers how many. */
export function purgeFinished(db: Db, before: number): number {
  return db
    .delete(informQueue)
    .where(and(inArray(informQueue.status, ['sent', 'failed']), lt(informQueue.createdAt, before)))
    .run().changes;
}

/** Rows taken but not sent (the worker stopping) go back to the queue as they were. */
export function requeue(db: Db, ids: readonly string[]): void {
  for (const part of chunks(ids, CHUNK))
    db.update(informQueue).set({ status: 'queued' }).where(inArray(informQueue.id, part)).run();
}

/** Takes up to `limit` due rows, oldest due first, and marks them 'sending' (one transaction). */
export function claimDue(db: Db, at: number, limit: number): QueueRow[] {
  return db.transaction((tx) => {
    const rows = tx
      .select()
      .from(informQueue)
      .where(and(eq(informQueue.status, 'queued'), lte(informQueue.nextAt, at)))
      .orderBy(asc(informQueue.nextAt))
      .limit(limit)
      .all();
    if (rows.length === 0) return rows;
    tx.update(informQueue)
      .set({ status: 'sending' })
      .where(
        inArray(
          informQueue.id,
          rows.map((row) => row.id),
        ),
      )
      .run();
    return rows;
  });
}

/** When the next queued row is due, or null when none is queued. */
export function nextDue(db: Db): number | null {
  return (
    db
      .select({ at: min(informQueue.nextAt) })
      .from(informQueue)
      .where(eq(informQueue.status, 'queued'))
      .get()?.at ?? null
  );
}

export function finish(
  db: Db,
  id: string,
  patch: Pick<QueueRow, 'status' | 'attempts' | 'lastError' | 'nextAt'> & { sentAt?: number | null },
): void {
  db.update(informQueue).set(patch).where(eq(informQueue.id, id)).run();
}

export function findQueued(db: Db, schoolId: string, id: string): QueueRow | undefined {
  return db
    .select()
    .from(informQueue)
    .where(and(eq(informQueue.schoolId, schoolId), eq(informQueue.id, id)))
    .get();
}

export function logPage(
  db: Db,
  schoolId: string,
  status: QueueRow['status'] | undefined,
  limit: number,
  offset: number,
): { list: QueueRow[]; total: number } {
  const where = status
    ? and(eq(informQueue.schoolId, schoolId), eq(informQueue.status, status))
    : eq(informQueue.schoolId, schoolId);
  const list = db
    .select()
    .from(informQueue)
    .where(where)
    .orderBy(desc(informQueue.createdAt), desc(informQueue.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db.select({ n: count() }).from(informQueue).where(where).get()?.n ?? 0;
  return { list, total };
}

export function isOptedOut(db: Db, studentId: string): boolean {
  return !!db.select().from(informOptouts).where(eq(informOptouts.studentId, studentId)).get();
}

export function setOptout(db: Db, studentId: string, optedOut: boolean, at: number): void {
  if (optedOut) db.insert(informOptouts).values({ studentId, createdAt: at }).onConflictDoNothing().run();
  else db.delete(informOptouts).where(eq(informOptouts.studentId, studentId)).run();
}
