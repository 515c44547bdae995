/**
 * The student's side of membership (issue 15 item 6, spec 2 'Personal pages'): the school's published plans with
 * the student's current membership of each (member/plan), my subscriptions (mybook: current memberships and
 * subscribed columns) and my bookmarks (mycollect: bookmarked courses and columns, available ones).
 */
import type { AppContext } from '../../context';
import { fenToYuanText, remainingDays } from '../../../shared/rules/membership';
import type { MyBook, MyCollect, StudentPlan } from '../../../shared/schemas/members';
import * as repo from './members.repository';
import * as mine from './mine.repository';
import { type Actor, categoriesOf, categoryIdsOf } from './members.service';
import { mapAsync } from '../../lib/sequential';

/** GET member/plan: the published plans with the student's current membership of each. */
export async function studentPlans(ctx: AppContext, student: Actor): Promise<{ list: StudentPlan[] }> {
  const now = ctx.now();
  const ends = new Map<string, number>();
  for (const row of await mine.currentMemberships(ctx.db, student.userId, now))
    ends.set(row.planId, Math.max(row.until, ends.get(row.planId) ?? 0));
  const list = await mapAsync(await repo.schoolPlans(ctx.db, student.schoolId, true), async (plan) => {
    const ids = categoryIdsOf(plan);
    const until = ends.get(plan.id) ?? null;
    return {
      id: plan.id,
      title: plan.title,
      description: plan.description,
      price_fen: plan.priceFen,
      price: fenToYuanText(plan.priceFen),
      days: plan.days,
      categories: await categoriesOf(ctx, student.schoolId, ids),
      course_count: await repo.planCourseCount(ctx.db, student.schoolId, ids),
      until,
      remaining_days: until === null ? 0 : remainingDays(until, now),
    };
  });
  return { list };
}

/** GET mybook: one entry per plan (its latest end), then the subscribed columns. */
export async function myBook(ctx: AppContext, student: Actor): Promise<MyBook> {
  const now = ctx.now();
  const byPlan = new Map<string, Awaited<ReturnType<typeof mine.currentMemberships>>[number]>();
  for (const row of await mine.currentMemberships(ctx.db, student.userId, now))
    if (!byPlan.has(row.planId)) byPlan.set(row.planId, row);
  const memberships = await mapAsync([...byPlan.values()], async (row) => ({
    id: row.id,
    plan_id: row.planId,
    title: row.title,
    since: row.since,
    until: row.until,
    remaining_days: remainingDays(row.until, now),
    via: row.via,
    categories: await categoriesOf(ctx, student.schoolId, categoryIdsOf(row)),
  }));
  const columns = (await mine.bookedColumns(ctx.db, student.userId)).map((row) => columnItem(ctx, row));
  return { memberships, columns };
}

const columnItem = (ctx: AppContext, row: { columnId: string; title: string; img: string; at: number }) => ({
  column_id: row.columnId,
  code: ctx.courseCodec.encode(row.columnId),
  title: row.title,
  img: row.img,
  at: row.at,
});

/** GET mycollect. */
export async function myCollect(ctx: AppContext, student: Actor): Promise<MyCollect> {
  const courses = (await mine.collectedCourses(ctx.db, student.userId)).map((row) => ({
    coid: row.courseId,
    code: ctx.courseCodec.encode(row.courseId),
    title: row.title,
    img: row.img,
    at: row.at,
  }));
  const columns = (await mine.collectedColumns(ctx.db, student.userId)).map((row) => columnItem(ctx, row));
  return { courses, columns };
}
