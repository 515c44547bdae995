import type { z } from 'zod';
import {
  columnMainButton,
  ownsColumn,
  subscribeFreeColumn,
  type ColumnBuyState,
} from '../../../shared/rules/course-buttons';
import { isFree } from '../../../shared/rules/course-status';
import type { ColumnCard, ColumnInfo, zColumnListQuery } from '../../../shared/schemas/columns';
import type { AppContext, Auth } from '../../context';
import { AppError, conflict, forbidden, noLogin, notFound } from '../../lib/errors';
import { isSchoolAdmin } from '../schools/viewer';
import { buyRefusal, holdsColumn } from '../access/policy';
import * as books from './column-books.repository';
import * as repo from './columns.repository';
import { toColumnCard } from './columns.presenter';
import { fenToYuan, toCourseCard } from './course-cards.presenter';

/** Stable error strings of the column calls (the client maps them to the spec's texts). */
export const COLUMN_ERRORS = {
  notFound: 'column not found',
  noCourses: 'column has no courses',
  notBought: 'column not bought',
} as const;

/** POST column/list: a page of the school's published columns of a category ('0' all), pinned first, then newest. */
export async function publicColumns(
  ctx: AppContext,
  schoolId: string,
  query: z.output<typeof zColumnListQuery>,
): Promise<{ list: ColumnCard[]; total: number }> {
  const { rows, total } = await repo.listColumns(ctx.db, {
    schoolId,
    catid: query.cates,
    publishedOnly: true,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  return { list: rows.map((row) => toColumnCard(ctx, row)), total };
}

/**
 * The column a call names by id or by its encoded code, as this viewer may see it: published, or any
 * state for an administrator of its school with the course permission; otherwise 404.
 */
async function visibleColumn(ctx: AppContext, auth: Auth, ref: string): Promise<repo.ColumnListRow> {
  const byId = /^\d{1,20}$/.test(ref) ? await repo.findColumn(ctx.db, ref) : undefined;
  const decoded = byId ? null : ctx.courseCodec.decode(ref);
  const row = byId ?? (decoded ? await repo.findColumn(ctx.db, decoded) : undefined);
  if (!row) throw notFound(COLUMN_ERRORS.notFound);
  if (!row.published && !(await isSchoolAdmin(ctx, auth, row.schoolId, 'course')))
    throw notFound(COLUMN_ERRORS.notFound);
  return row;
}

/**
 * The column's buy state for the viewer: isBook when subscribed or held another way (granted, a code's, a paid
 * order's: access policy holdsColumn); infinite when a paid column is held.
 */
async function buyState(
  ctx: AppContext,
  auth: Auth,
  row: repo.ColumnListRow,
): Promise<ColumnBuyState & { isBook: boolean; infinite: boolean }> {
  const isBook = await holdsColumn(ctx, auth, row.id);
  const actual = fenToYuan(row.actualFen);
  return { actual, isBook, infinite: !isFree({ actual }) && isBook, book_count: row.bookCount };
}

/** GET column/info/{id}: the column, its visible courses in order, the viewer's buy info and the main button (spec 4). */
export async function columnInfo(ctx: AppContext, auth: Auth, ref: string): Promise<ColumnInfo> {
  const row = await visibleColumn(ctx, auth, ref);
  const state = await buyState(ctx, auth, row);
  return {
    column: { ...toColumnCard(ctx, row), description: row.description },
    courses: (await repo.visibleColumnCourses(ctx.db, row.schoolId, row.id)).map((course) => toCourseCard(ctx, course)),
    buy: { isBook: state.isBook, infinite: state.infinite },
    button: columnMainButton(state),
  };
}

/**
 * The signed-in student acting on a column of their own school: 401 for a guest, 403 studentOnly for the
 * school owner or any account without a student id (spec 5, 6), 404 for another school's column.
 */
async function actingStudent(ctx: AppContext, auth: Auth, row: repo.ColumnListRow): Promise<string> {
  const refusal = await buyRefusal(ctx, auth, { schoolId: row.schoolId, authenticationGid: '' });
  if (refusal === 'noLogin') throw noLogin();
  if (refusal) throw forbidden(refusal);
  if (auth.role !== 'student') throw noLogin();
  if (auth.schoolId !== row.schoolId) throw notFound(COLUMN_ERRORS.notFound);
  return auth.userId;
}

/** GET column/collect/status: 1 when the signed-in student bookmarked the column; 0 for anyone else. */
export async function collectStatus(ctx: AppContext, auth: Auth, ref: string): Promise<{ collect: number }> {
  const row = await visibleColumn(ctx, auth, ref);
  if (auth.role !== 'student' || auth.schoolId !== row.schoolId) return { collect: 0 };
  return { collect: (await books.isColumnCollected(ctx.db, auth.userId, row.id)) ? 1 : 0 };
}

/** POST column/collect: bookmarks (1) or removes the bookmark (0); repeating is harmless. */
export async function collectColumn(
  ctx: AppContext,
  auth: Auth,
  ref: string,
  collect: number,
): Promise<{ collect: number }> {
  const row = await visibleColumn(ctx, auth, ref);
  const studentId = await actingStudent(ctx, auth, row);
  await books.setColumnCollected(ctx.db, studentId, row.id, collect === 1, ctx.now());
  return { collect };
}

/** POST column/visit: fire and forget; answers ok for a column the viewer may see (nothing is counted yet). */
export async function visitColumn(ctx: AppContext, auth: Auth, ref: string): Promise<null> {
  await visibleColumn(ctx, auth, ref);
  return null;
}

/**
 * POST column/book: subscribes the student to a free column (isBook, book_count + 1 once, its courses
 * enrolled through the column) in one transaction. Refused: 409 for a column with no visible courses,
 * 403 'column not bought' for a paid column not bought. Repeating answers the same state.
 */
export async function bookColumn(ctx: AppContext, auth: Auth, ref: string) {
  const row = await visibleColumn(ctx, auth, ref);
  const studentId = await actingStudent(ctx, auth, row);
  const result = await ctx.db.transaction(async (tx) => {
    const courseIds = (await repo.visibleColumnCourses(tx, row.schoolId, row.id)).map((course) => course.id);
    if (courseIds.length === 0) throw conflict(COLUMN_ERRORS.noCourses);
    const fresh = (await repo.findColumn(tx, row.id)) ?? row;
    const actual = fenToYuan(fresh.actualFen);
    const isBook = await holdsColumn(ctx, auth, row.id);
    const current = { actual, isBook, infinite: !isFree({ actual }) && isBook, book_count: fresh.bookCount };
    if (ownsColumn(current)) return current;
    if (!isFree(current)) throw new AppError(403, COLUMN_ERRORS.notBought);
    const next = subscribeFreeColumn(current);
    await books.insertBook(tx, studentId, row.id, ctx.now());
    const bookCount = await books.incrementBookCount(tx, row.id);
    await books.enrolThroughColumn(tx, [studentId], courseIds, ctx.now());
    return { ...next, book_count: bookCount };
  });
  if (result.book_count !== row.bookCount) ctx.catalogueCache.bump(row.schoolId);
  return {
    isBook: result.isBook,
    infinite: Boolean(result.infinite),
    book_count: result.book_count,
    button: columnMainButton(result),
  };
}
