import type { z } from 'zod';
import {
  validityError,
  type AdminColumn,
  type NewColumn,
  type UpdateColumn,
  type zColumnAdminListQuery,
} from '../../../shared/schemas/columns';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { badField } from '../../lib/catalogue-http';
import { assertColumnCate } from './column-cates.service';
import * as books from './column-books.repository';
import * as repo from './columns.repository';
import { toAdminColumn } from './columns.presenter';
import { schoolCourseIds } from './course-cards.repository';
import { yuanToFen } from './course-cards.presenter';

/** The column of the school (not deleted) as the back office sees it, or 404. */
export async function adminColumn(ctx: AppContext, schoolId: string, columnId: string): Promise<AdminColumn> {
  const row = await repo.findColumn(ctx.db, columnId);
  if (!row || row.schoolId !== schoolId) throw notFound('column not found');
  return toAdminColumn(ctx, row, (await repo.columnCourseIds(ctx.db, [row.id])).get(row.id) ?? []);
}

/** GET column/admin/list: the school's columns in any publish state, pinned first, then newest. */
export async function adminColumns(
  ctx: AppContext,
  schoolId: string,
  query: z.output<typeof zColumnAdminListQuery>,
): Promise<{ list: AdminColumn[]; total: number }> {
  const { rows, total } = await repo.listColumns(ctx.db, {
    schoolId,
    catid: query.cates,
    publishedOnly: false,
    keyword: query.keyword,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  const coids = await repo.columnCourseIds(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => toAdminColumn(ctx, row, coids.get(row.id) ?? [])), total };
}

/** POST column/new: an unpublished column with no courses; its description is sanitised. */
export async function createColumn(ctx: AppContext, schoolId: string, input: NewColumn): Promise<AdminColumn> {
  await assertColumnCate(ctx, schoolId, input.catid);
  const id = ctx.ids.next();
  const now = ctx.now();
  await repo.insertColumn(ctx.db, {
    id,
    schoolId,
    catid: input.catid,
    title: input.title,
    img: input.img,
    description: sanitizeRichText(input.description),
    actualFen: yuanToFen(input.actual),
    priceFen: yuanToFen(input.price),
    ceType: input.ce_type,
    ceTime: input.ce_type === 0 ? '' : input.ce_time,
    createdAt: now,
    updatedAt: now,
  });
  ctx.catalogueCache.bump(schoolId);
  return await adminColumn(ctx, schoolId, id);
}

/** POST column/save: replaces the fields given; validity is checked on the result (400 naming ce_time). */
export async function saveColumn(ctx: AppContext, schoolId: string, input: UpdateColumn): Promise<AdminColumn> {
  const current = await repo.findSchoolColumn(ctx.db, schoolId, input.column_id);
  if (!current) throw notFound('column not found');
  const ceType = input.ce_type ?? current.ceType;
  const ceTime = ceType === 0 ? '' : (input.ce_time ?? current.ceTime);
  const problem = validityError(ceType, ceTime);
  if (problem) throw badField('ce_time', problem);
  if (input.catid !== undefined) await assertColumnCate(ctx, schoolId, input.catid);
  await repo.updateColumn(ctx.db, current.id, {
    title: input.title,
    img: input.img,
    description: input.description === undefined ? undefined : sanitizeRichText(input.description),
    catid: input.catid,
    actualFen: input.actual === undefined ? undefined : yuanToFen(input.actual),
    priceFen: input.price === undefined ? undefined : yuanToFen(input.price),
    ceType,
    ceTime,
    updatedAt: ctx.now(),
  });
  ctx.catalogueCache.bump(schoolId);
  return await adminColumn(ctx, schoolId, current.id);
}

/** POST column/delete: soft-deletes every one of them, or none when any is not the school's (404). */
export async function deleteColumns(ctx: AppContext, schoolId: string, ids: string[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    if ((await repo.countSchoolColumns(tx, schoolId, unique)) !== unique.length) throw notFound('column not found');
    await repo.softDeleteColumns(tx, schoolId, unique, ctx.now());
  });
  ctx.catalogueCache.bump(schoolId);
  return { deleted: unique.length };
}

/** GET column/pub: publishes (1) or unpublishes (0) the column. */
export async function publishColumn(
  ctx: AppContext,
  schoolId: string,
  columnId: string,
  pub: number,
): Promise<AdminColumn> {
  if (!(await repo.findSchoolColumn(ctx.db, schoolId, columnId))) throw notFound('column not found');
  await repo.updateColumn(ctx.db, columnId, { published: pub === 1, updatedAt: ctx.now() });
  ctx.catalogueCache.bump(schoolId);
  return await adminColumn(ctx, schoolId, columnId);
}

/** POST column/top: pins the column above every other (top = highest + 1) or unpins it (0). */
export async function topColumn(
  ctx: AppContext,
  schoolId: string,
  columnId: string,
  top: number,
): Promise<AdminColumn> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findSchoolColumn(tx, schoolId, columnId))) throw notFound('column not found');
    await repo.updateColumn(tx, columnId, {
      top: top === 1 ? (await repo.maxTop(tx, schoolId)) + 1 : 0,
      updatedAt: ctx.now(),
    });
  });
  ctx.catalogueCache.bump(schoolId);
  return await adminColumn(ctx, schoolId, columnId);
}

/**
 * POST column/courses: the column's whole ordered course list. Every id must be a course of the school
 * (not deleted), else 404 and nothing changes. Students already subscribed get the added courses.
 */
export async function setColumnCourses(
  ctx: AppContext,
  schoolId: string,
  columnId: string,
  coids: string[],
): Promise<AdminColumn> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findSchoolColumn(tx, schoolId, columnId))) throw notFound('column not found');
    const known = await schoolCourseIds(tx, schoolId, coids);
    if (coids.some((id) => !known.has(id))) throw notFound('course not found');
    const before = new Set((await repo.columnCourseIds(tx, [columnId])).get(columnId));
    await repo.replaceColumnCourses(tx, columnId, coids);
    await repo.updateColumn(tx, columnId, { updatedAt: ctx.now() });
    const added = coids.filter((id) => !before.has(id));
    if (added.length > 0) await books.enrolThroughColumn(tx, await books.subscriberIds(tx, columnId), added, ctx.now());
  });
  ctx.catalogueCache.bump(schoolId);
  return await adminColumn(ctx, schoolId, columnId);
}
