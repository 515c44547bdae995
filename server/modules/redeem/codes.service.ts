/**
 * Redeem code batches in the back office (issue 15 item 4): create a batch for a published course, column or
 * membership plan, list batches and codes with their redeemers, export a batch, disable a code or a batch.
 *
 * Rules chosen here:
 * - a course batch needs the course to be one the administrator manages (courses.service managedCourse);
 * - codes come from crypto.randomInt over shared/rules/redeem-code's alphabet; a text already taken (the
 *   unique index) is drawn again, inside the batch's transaction;
 * - the audit trail is kept as order_events rows (no foreign keys, who/when/before/after): action
 *   'batch.create' | 'batch.disable' | 'code.disable' with orderId the batch id, and 'key.set' with orderId
 *   the key id (keys.service). code/audit reads them by that id.
 */
import type { Db } from '../../db/client';
import { randomInt } from 'node:crypto';
import { dateToMs } from '../../../shared/rules/course-status';
import { formatCode, generateCode } from '../../../shared/rules/redeem-code';
import {
  REDEEM_ERRORS,
  type Batch,
  type CodeRow,
  type NewBatch,
  type RedeemKind,
} from '../../../shared/schemas/redeem';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { assertManageCourse, scopeFilter } from '../courses/course-access';
import { findCourse } from '../courses/courses.repository';
import { managedCourse } from '../courses/courses.service';
import type { Actor } from './keys.service';
import * as repo from './redeem.repository';

/** The item a batch may give, checked for the administrator; 404 for another school's or a removed one. */
async function itemFor(ctx: AppContext, actor: Actor, kind: RedeemKind, id: string) {
  if (kind === 'course') await managedCourse(ctx, actor.userId, id);
  const item = await repo.itemHead(ctx.db, kind, id);
  if (!item || item.deleted || item.schoolId !== actor.schoolId) throw notFound(REDEEM_ERRORS.itemRemoved);
  return item;
}

export function batchReply(row: repo.BatchRow & Partial<repo.BatchListRow>): Batch {
  return {
    id: row.id,
    kind: row.kind,
    target_id: row.targetId,
    title: row.title,
    count: row.count,
    uses_per_code: row.usesPerCode,
    days: row.days,
    expires_at: row.expiresAt,
    disabled_at: row.disabledAt,
    created_at: row.createdAt,
    created_by: row.createdByName ?? null,
    uses: row.uses ?? 0,
    codes_used: row.codesUsed ?? 0,
  };
}

/** GET code/items: a sub-admin's courses are those of their categories (course-access). */
export async function items(ctx: AppContext, actor: Actor, kind: RedeemKind, keyword: string) {
  const scope = kind === 'course' ? await scopeFilter(ctx, actor.userId) : undefined;
  return { list: await repo.publishedItems(ctx.db, actor.schoolId, kind, keyword, 50, scope) };
}

/** POST code/batch/add: the batch and its codes in one transaction, audited. */
export async function createBatch(ctx: AppContext, actor: Actor, input: NewBatch): Promise<Batch> {
  const item = await itemFor(ctx, actor, input.kind, input.id);
  if (!item.published) throw conflict(REDEEM_ERRORS.notPublished);
  const now = ctx.now();
  const expiresAt = input.expires_on === null ? null : dateToMs(input.expires_on, 'end');
  if (expiresAt !== null && expiresAt < now) throw new AppError(400, REDEEM_ERRORS.pastDate, { field: 'expires_on' });
  const row: repo.BatchRow = {
    id: ctx.ids.next(),
    schoolId: actor.schoolId,
    kind: input.kind,
    targetId: item.id,
    title: input.title || item.title,
    count: input.count,
    usesPerCode: input.uses,
    days: input.days,
    expiresAt,
    disabledAt: null,
    disabledBy: null,
    createdBy: actor.userId,
    createdAt: now,
  };
  await ctx.db.transaction(async (tx) => {
    await repo.insertBatch(tx, row);
    let missing = input.count;
    while (missing > 0) {
      const drawn = new Set<string>();
      while (drawn.size < missing) drawn.add(generateCode(randomInt));
      const codes = [...drawn].map((code) => ({
        id: ctx.ids.next(),
        schoolId: actor.schoolId,
        batchId: row.id,
        code,
        maxUses: input.uses,
        createdAt: now,
      }));
      missing -= (await repo.insertCodes(tx, codes)).size;
    }
    await audit(tx, ctx, actor, row.id, 'batch.create', null, batchState(row));
  });
  return batchReply(row);
}

const batchState = (row: repo.BatchRow) => ({
  kind: row.kind,
  target_id: row.targetId,
  title: row.title,
  count: row.count,
  uses_per_code: row.usesPerCode,
  days: row.days,
  expires_at: row.expiresAt,
  disabled_at: row.disabledAt,
});

async function audit(
  tx: Db,
  ctx: AppContext,
  actor: Actor,
  subjectId: string,
  action: string,
  before: object | null,
  after: object | null,
) {
  await repo.insertAudit(tx, {
    id: ctx.ids.next(),
    schoolId: actor.schoolId,
    orderId: subjectId,
    action,
    actorKind: 'admin',
    actorId: actor.userId,
    before: before ? JSON.stringify(before) : null,
    after: after ? JSON.stringify(after) : null,
    at: ctx.now(),
  });
}

/** GET code/batches. */
export async function listBatches(ctx: AppContext, actor: Actor, page: { page: number; num: number }) {
  const { rows, total } = await repo.batches(ctx.db, actor.schoolId, page.num, (page.page - 1) * page.num);
  return { total, list: rows.map(batchReply) };
}

/** The school's batch with its counts, or 404. */
async function batchOf(ctx: AppContext, actor: Actor, id: string): Promise<Batch> {
  const batch = await repo.findBatch(ctx.db, id);
  if (!batch || batch.schoolId !== actor.schoolId) throw notFound('batch not found');
  // The course's categories decide for a sub-admin, even once the course is deleted (its codes stay readable).
  if (batch.kind === 'course') await assertManageCourse(ctx, actor.userId, await findCourse(ctx.db, batch.targetId));
  return batchReply((await repo.batches(ctx.db, actor.schoolId, 1, 0, id)).rows[0] ?? batch);
}

/** Codes with their redeemers, as the list and the file show them. */
async function codeRows(ctx: AppContext, rows: repo.CodeRow[]): Promise<CodeRow[]> {
  const redeemers = new Map<string, CodeRow['redeemers']>();
  for (const r of await repo.redeemersOf(
    ctx.db,
    rows.filter((row) => row.used > 0).map((row) => row.id),
  )) {
    const list = redeemers.get(r.codeId) ?? [];
    list.push({ sid: r.studentId, username: r.username, name: r.name, at: r.at });
    redeemers.set(r.codeId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    code: formatCode(row.code),
    used: row.used,
    max_uses: row.maxUses,
    disabled_at: row.disabledAt,
    redeemers: redeemers.get(row.id) ?? [],
  }));
}

/** GET code/list. */
export async function listCodes(
  ctx: AppContext,
  actor: Actor,
  query: { batch: string; keyword: string; page: number; num: number },
) {
  const batch = await batchOf(ctx, actor, query.batch);
  const keyword = query.keyword.toUpperCase().replace(/[\s-]+/g, '');
  const { rows, total } = await repo.codesOf(ctx.db, batch.id, {
    keyword,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { batch, total, list: await codeRows(ctx, rows) };
}

/** Every code of a batch with its redeemers (code/export). */
export async function batchForExport(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ batch: Batch; codes: CodeRow[] }> {
  const batch = await batchOf(ctx, actor, id);
  return { batch, codes: await codeRows(ctx, (await repo.codesOf(ctx.db, batch.id, { keyword: '' })).rows) };
}

/** POST code/disable. */
export async function disableCode(ctx: AppContext, actor: Actor, id: string) {
  const code = await repo.findCode(ctx.db, id);
  if (!code || code.schoolId !== actor.schoolId) throw notFound('code not found');
  await batchOf(ctx, actor, code.batchId);
  const disabled = await ctx.db.transaction(async (tx) => {
    if (!(await repo.disableCode(tx, id, ctx.now()))) return false;
    const state = { code: formatCode(code.code), used: code.used, max_uses: code.maxUses };
    await audit(
      tx,
      ctx,
      actor,
      code.batchId,
      'code.disable',
      { ...state, disabled_at: null },
      {
        ...state,
        disabled_at: ctx.now(),
      },
    );
    return true;
  });
  return { id, disabled };
}

/** POST code/batch/disable. */
export async function disableBatch(ctx: AppContext, actor: Actor, id: string) {
  await batchOf(ctx, actor, id);
  const disabled = await ctx.db.transaction(async (tx) => {
    const before = (await repo.findBatch(tx, id)) as repo.BatchRow;
    if (!(await repo.disableBatch(tx, id, actor.userId, ctx.now()))) return false;
    await audit(
      tx,
      ctx,
      actor,
      id,
      'batch.disable',
      batchState(before),
      batchState((await repo.findBatch(tx, id)) as repo.BatchRow),
    );
    return true;
  });
  return { id, disabled };
}

/** GET code/audit: a batch's or a key's trail (404 when the id names neither of the school). */
export async function auditTrail(ctx: AppContext, actor: Actor, id: string) {
  const batch = await repo.findBatch(ctx.db, id);
  if (batch) await batchOf(ctx, actor, id);
  const rows = await repo.auditOf(ctx.db, actor.schoolId, id);
  if (!batch && rows.length === 0) throw notFound();
  const parse = (text: string | null) => (text ? JSON.parse(text) : null);
  return {
    list: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor_id: row.actorId,
      actor_name: row.actorName,
      at: row.at,
      before: parse(row.before),
      after: parse(row.after),
    })),
  };
}
