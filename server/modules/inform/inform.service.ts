/**
 * Notices by e-mail and SMS (issue 16 'inform'): queuing for students (informStudents, called inside the
 * transaction of the event), the delivery log with retry, and a student's opt-out of non-essential e-mail.
 *
 * Rules chosen here:
 * - a notice goes on every channel the school turned on for its event, to the school's enabled students with
 *   an address on that channel (addressFor in shared/rules/inform); students of another school in the list are
 *   left out;
 * - the system notices (notify()) are all non-essential: each is also on the student's systemnotice page, so a
 *   student who opted out of e-mail misses nothing. A caller with something a student must not miss passes
 *   essential: true (the opt-out is then ignored);
 * - a retry from the back office queues a failed delivery again from the start (attempts back to 0).
 */
import type { z } from 'zod';
import { addressFor, channelsFor, OPTOUT_RATE, withinRate } from '../../../shared/rules/inform';
import {
  INFORM_ERRORS,
  zInformChannels,
  zInformConfig,
  type Delivery,
  type InformEvent,
  type zLogQuery,
} from '../../../shared/schemas/inform';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badInput, notFound, tooMany } from '../../lib/errors';
import { wakeWorker, wakeWorkers } from './inform-worker';
import * as repo from './inform.repository';
import { absoluteLink, templateMap, word, wordingOf } from './wording';
import { afterCommit } from '../../db/client';
import { addEvent, recentTimes } from '../throttles/recent-events';

export interface InformInput {
  schoolId: string;
  event: InformEvent;
  studentIds: readonly string[];
  /** The event's values for the wording (title ...); plain strings and numbers. */
  params?: Record<string, string | number>;
  /** The in-site path where the student acts ('' none); made absolute with the school's site address. */
  link?: string;
  /** Sent by e-mail even to students who opted out of non-essential e-mail. */
  essential?: boolean;
}

/** What informStudents needs of the app: ids and the time (notify() passes its own). */
export interface InformCaller {
  ids: { next(): string };
  now(): number;
}

/**
 * Queues the event's e-mails and SMS for these students inside the caller's transaction (one read of the
 * settings and templates, batched inserts); the worker is woken once the transaction is done. Answers how many
 * messages were queued.
 */
export async function informStudents(tx: Db, ctx: InformCaller, input: InformInput): Promise<{ queued: number }> {
  if (input.studentIds.length === 0) return { queued: 0 };
  const settings = await repo.findSettings(tx, input.schoolId);
  if (!settings) return { queued: 0 };
  const channels = channelsFor(zInformChannels.parse(JSON.parse(settings.channels)), input.event);
  if (channels.length === 0) return { queued: 0 };
  const config = zInformConfig.parse(JSON.parse(settings.config));
  const locale = config.locale ?? 'zh-CN';
  const templates = templateMap(await repo.schoolTemplates(tx, input.schoolId));
  const wordings = channels.map((channel) => ({
    channel,
    wording: wordingOf(templates, locale, input.event, channel),
  }));
  const common = {
    ...input.params,
    school: await repo.schoolName(tx, input.schoolId),
    link: absoluteLink(config.siteUrl, input.link ?? ''),
  };
  const at = ctx.now();
  const rows: repo.NewQueueRow[] = [];
  for (const student of await repo.contactsOf(tx, input.schoolId, input.studentIds)) {
    for (const { channel, wording } of wordings) {
      const recipient = addressFor(channel, student, input.essential === true);
      if (!recipient) continue;
      const { subject, body } = word(wording, channel, { ...common, name: student.name });
      rows.push({
        id: ctx.ids.next(),
        schoolId: input.schoolId,
        channel,
        event: input.event,
        studentId: student.id,
        recipient,
        subject,
        body,
        status: 'queued',
        attempts: 0,
        nextAt: at,
        lastError: '',
        createdAt: at,
      });
    }
  }
  await repo.insertQueued(tx, rows);
  // Woken once the caller's transaction commits: the workers see the rows then, and never join it.
  if (rows.length > 0) afterCommit(tx, wakeWorkers);
  return { queued: rows.length };
}

/** GET inform/log: the school's deliveries, newest first, by status. */
export async function deliveryLog(
  ctx: AppContext,
  schoolId: string,
  query: z.output<typeof zLogQuery>,
): Promise<{ list: Delivery[]; total: number }> {
  const { list, total } = await repo.logPage(ctx.db, schoolId, query.status, query.num, (query.page - 1) * query.num);
  return {
    total,
    list: list.map((row) => ({
      id: row.id,
      channel: row.channel,
      event: row.event,
      recipient: row.recipient,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt,
      nextAt: row.nextAt,
      sentAt: row.sentAt,
    })),
  };
}

/** POST inform/retry: a failed delivery of the school is queued again now. */
export async function retryDelivery(ctx: AppContext, schoolId: string, id: string): Promise<{ id: string }> {
  const row = await repo.findQueued(ctx.db, schoolId, id);
  if (!row) throw notFound('delivery not found');
  if (row.status !== 'failed') throw badInput(INFORM_ERRORS.notFailed);
  await repo.finish(ctx.db, id, { status: 'queued', attempts: 0, lastError: row.lastError, nextAt: ctx.now() });
  wakeWorker(ctx);
  return { id };
}

/** GET inform/optout. */
export async function optout(ctx: AppContext, studentId: string): Promise<{ optedOut: boolean }> {
  return { optedOut: await repo.isOptedOut(ctx.db, studentId) };
}

/**
 * 429 when the student changed the opt-out too often (OPTOUT_RATE); else counts this change (in the database,
 * throttles/recent-events.ts: every app node counts the same changes).
 */
async function countOptoutChange(ctx: AppContext, studentId: string): Promise<void> {
  const now = ctx.now();
  const key = `optout:${studentId}`;
  const { allowed } = withinRate(await recentTimes(ctx.db, key, now - OPTOUT_RATE.windowMs), now, OPTOUT_RATE);
  if (!allowed) throw tooMany(Math.ceil(OPTOUT_RATE.windowMs / 1000));
  await addEvent(ctx.db, [key], now, now - OPTOUT_RATE.windowMs);
}

/** POST inform/optout (throttled per student). */
export async function setOptout(ctx: AppContext, studentId: string, optedOut: boolean): Promise<{ optedOut: boolean }> {
  await countOptoutChange(ctx, studentId);
  await repo.setOptout(ctx.db, studentId, optedOut, ctx.now());
  return { optedOut };
}
