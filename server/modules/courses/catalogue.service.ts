import { sortCourses, type SortField } from '../../../shared/rules/catalogue-state';
import { HOT_COURSES, PAGE_NUM_MAX, type CourseCard, type CoursesByCategory } from '../../../shared/schemas/courses';
import type { AppContext } from '../../context';
import { categoryRange } from '../categories/categories.service';
import { hotCards, listableCards, type CardRow } from './catalogue.repository';
import { cachedReply } from '../../lib/catalogue-http';
import { toCourseCard } from './courses.presenter';

/**
 * Catalogue order (shared/rules/catalogue-state sortCourses, the same order the page applies): num by
 * learners, time by creation, def by count; asc flips num and time. In def, pinned courses come first
 * (higher pin first), the rest keep the rule's order.
 */
export function catalogueOrder(ctx: AppContext, rows: readonly CardRow[], sort: SortField, asc: boolean): CourseCard[] {
  const cards = rows.map((row) => ({ ...toCourseCard(ctx, row), top: row.top }));
  const sorted = sortCourses(cards, sort, asc, asc);
  if (sort === 'def') sorted.sort((a, b) => b.top - a.top);
  return sorted.map(({ top: _top, ...card }) => card);
}

/** The listed courses of a category subtree ('0' = all) matching a keyword, in catalogue order; [] for an unknown category. */
export async function coursesByCategory(
  ctx: AppContext,
  schoolId: string,
  input: Pick<CoursesByCategory, 'catid' | 'keyword' | 'sort' | 'asc'>,
): Promise<CourseCard[]> {
  const range = await categoryRange(ctx, schoolId, input.catid);
  if (range === 'missing') return [];
  return catalogueOrder(ctx, await listableCards(ctx.db, schoolId, range, input.keyword), input.sort, input.asc);
}

/** POST course/bycate as cached envelope text: one page of coursesByCategory with the total. */
export function coursesByCategoryReply(ctx: AppContext, schoolId: string, input: CoursesByCategory) {
  const key = `bycate:${input.catid}:${input.page}:${input.num}:${input.sort}:${input.asc ? 1 : 0}:${input.keyword}`;
  return cachedReply(ctx, schoolId, key, async () => {
    const all = await coursesByCategory(ctx, schoolId, input);
    const start = (input.page - 1) * input.num;
    return { courseData: all.slice(start, start + input.num), total: all.length };
  });
}

/** POST course/search as cached envelope text: the school's listed courses matching the keyword (at most 500, def order). */
export function searchReply(ctx: AppContext, schoolId: string, keyword: string) {
  return cachedReply(ctx, schoolId, `search:${keyword}`, async () => {
    const courses = await coursesByCategory(ctx, schoolId, { catid: '0', keyword, sort: 'def', asc: false });
    return { courses: courses.slice(0, PAGE_NUM_MAX) };
  });
}

/** GET watch/hot/{id} as cached envelope text: the school's hot courses (count, then learners). */
export function hotReply(ctx: AppContext, schoolId: string) {
  return cachedReply(ctx, schoolId, 'hot', async () => ({
    course: (await hotCards(ctx.db, schoolId, HOT_COURSES)).map((row) => toCourseCard(ctx, row)),
  }));
}
