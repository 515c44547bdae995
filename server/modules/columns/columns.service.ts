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
export function adminColumn(ctx: AppContext, schoolId: string, columnId: string): AdminColumn {
  const row = repo.findColumn(ctx.db, columnId);
  if (!row || row.schoolId !== schoolId) throw notFound('column not found');
  return toAdminColumn(ctx, row, repo.columnCourseIds(ctx.db, [row.id]).get(row.id) ?? []);
}

/** GET column/admin/list: the school's columns in any publish state, pinned first, then newest. */
export function adminColumns(
  ctx: AppContext,
  schoolId: string,
  query: z.output<typeof zColumnAdminListQuery>,
): { list: AdminColumn[]; total: number } {
  const { rows, total } = repo.listColumns(ctx.db, {
    schoolId,
    catid: query.cates,
    publishedOnly: false,
    keyword: query.keyword,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  const coids = repo.columnCourseIds(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => toAdminColumn(ctx, row, coids.get(row.id) ?? [])), total };
}

/** POST column/new: an unpublished column with no courses; its description is sanitised. */
export function createColumn(ctx: AppContext, schoolId: string, input: NewColumn): AdminColumn {
  assertColumnCate(ctx, schoolId, input.catid);
  const id = ctx.ids.next();
  const now = ctx.now();
  repo.insertColumn(ctx.db, {
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
  return adminColumn(ctx, schoolId, id);
}

/** POST column/save: replaces the fields given; validity is checked on the result (400 naming ce_time). */
export function saveColumn(ctx: AppContext, schoolId: string, input: UpdateColumn): AdminColumn {
  const current = repo.findSchoolColumn(ctx.db, schoolId, input.column_id);
  if (!current) throw notFound('column not found');
  const ceType = input.ce_type ?? current.ceType;
  const ceTime = ceType === 0 ? '' : (input.ce_time ?? current.ceTime);
  const problem = validityError(ceType, ceTime);
  if (problem) throw badField('ce_time', problem);
  if (input.catid !== undefined) assertColumnCate(ctx, schoolId, input.catid);
  repo.updateColumn(ctx.db, current.id, {
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
  return adminColumn(ctx, schoolId, current.id);
}

/** POST column/delete: soft-deletes every one of them, or none when any is not the school's (404). */
export function deleteColumns(ctx: AppContext, schoolId: string, ids: string[]): { deleted: number } {
  const unique = [...new Set(ids)];
  ctx.db.transaction((tx) => {
    if (repo.countSchoolColumns(tx, schoolId, unique) !== unique.length) throw notFound('column not found');
    repo.softDeleteColumns(tx, schoolId, unique, ctx.now());
  });
  ctx.catalogueCache.bump(schoolId);
  return { deleted: unique.length };
}

/** GET column/pub: publishes (1) or unpublishes (0) the column. */
export function publishColumn(ctx: AppContext, schoolId: string, columnId: string, pub: number): AdminColumn {
  if (!repo.findSchoolColumn(ctx.db, schoolId, columnId)) throw notFound('column not found');
  repo.updateColumn(ctx.db, columnId, { published: pub === 1, updatedAt: ctx.now() });
  ctx.catalogueCache.bump(schoolId);
  return adminColumn(ctx, schoolId, columnId);
}

/** POST column/top: pins the column above every other (top = highest + 1) or unpins it (0). */
export function topColumn(ctx: AppContext, schoolId: string, columnId: string, top: number): AdminColumn {
  ctx.db.transaction((tx) => {
    if (!repo.findSchoolColumn(tx, schoolId, columnId)) throw notFound('column not found');
    repo.updateColumn(tx, columnId, { top: top === 1 ? repo.maxTop(tx, schoolId) + 1 : 0, updatedAt: ctx.now() });
  });
  ctx.catalogueCache.bump(schoolId);
  return adminColumn(ctx, schoolId, columnId);
}

/**
 * POST column/courses: the column's whole ordered course list. Every id must be a course of the school
 * (not deleted), else 404 and nothing changes. Students already subscribed get the added courses.
 */
export function setColumnCourses(ctx: AppContext, schoolId: string, columnId: string, coids: string[]): AdminColumn {
  ctx.db.transaction((tx) => {
    if (!repo.findSchoolColumn(tx, schoolId, columnId)) throw notFound('column not found');
    const known = schoolCourseIds(tx, schoolId, coids);
    if (coids.some((id) => !known.has(id))) throw notFound('course not found');
    const before = new Set(repo.columnCourseIds(tx, [columnId]).get(columnId));
    repo.replaceColumnCourses(tx, columnId, coids);
    repo.updateColumn(tx, columnId, { updatedAt: ctx.now() });
    const added = coids.filter((id) => !before.has(id));
    if (added.length > 0) books.enrolThroughColumn(tx, books.subscriberIds(tx, columnId), added, ctx.now());
  });
  ctx.catalogueCache.bump(schoolId);
  return adminColumn(ctx, schoolId, columnId);
}
