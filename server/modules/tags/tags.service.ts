import { TAG_SECTION_COURSES, type TagSection } from '../../../shared/schemas/tags';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { schoolCourseIds } from '../columns/course-cards.repository';
import { toCourseCard } from '../columns/course-cards.presenter';
import * as repo from './tags.repository';

const NOT_FOUND = 'tag not found';
const EXISTS = 'tag exists';

/** GET tag/admin/list: the school's tags in order with their ordered course ids. */
export async function adminTags(ctx: AppContext, schoolId: string) {
  const rows = await repo.listTags(ctx.db, schoolId);
  const coids = await repo.tagCourseIds(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    tags: rows.map((row) => ({ id: row.id, name: row.name, position: row.position, coids: coids.get(row.id) ?? [] })),
  };
}

/** Throws 409 when another tag of the school has this name (letter case ignored). */
async function assertFreeName(ctx: AppContext, schoolId: string, name: string, exceptId?: string): Promise<void> {
  const same = await repo.findTagByName(ctx.db, schoolId, name);
  if (same && same.id !== exceptId) throw conflict(EXISTS);
}

/** POST tag/add: a tag at the end; names are unique in the school. */
export async function addTag(ctx: AppContext, schoolId: string, name: string) {
  await assertFreeName(ctx, schoolId, name);
  const id = ctx.ids.next();
  await ctx.db.transaction(
    async (tx) =>
      await repo.insertTag(tx, { id, schoolId, name, position: (await repo.listTags(tx, schoolId)).length }),
  );
  ctx.catalogueCache.bump(schoolId);
  return { id, ...(await adminTags(ctx, schoolId)) };
}

/** POST tag/rename. */
export async function renameTag(ctx: AppContext, schoolId: string, tagId: string, name: string) {
  if (!(await repo.findSchoolTag(ctx.db, schoolId, tagId))) throw notFound(NOT_FOUND);
  await assertFreeName(ctx, schoolId, name, tagId);
  await repo.renameTag(ctx.db, tagId, name);
  ctx.catalogueCache.bump(schoolId);
  return await adminTags(ctx, schoolId);
}

/** POST tag/delete: the tag and its course entries (the courses stay). */
export async function deleteTag(ctx: AppContext, schoolId: string, tagId: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findSchoolTag(tx, schoolId, tagId))) throw notFound(NOT_FOUND);
    await repo.deleteTag(tx, tagId);
    await repo.renumberTags(
      tx,
      (await repo.listTags(tx, schoolId)).map((row) => row.id),
    );
  });
  ctx.catalogueCache.bump(schoolId);
  return await adminTags(ctx, schoolId);
}

/** POST tag/courses: the tag's whole ordered course list; every id must be a course of the school (not deleted), else 404 and nothing changes. */
export async function setTagCourses(ctx: AppContext, schoolId: string, tagId: string, coids: string[]) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findSchoolTag(tx, schoolId, tagId))) throw notFound(NOT_FOUND);
    const known = await schoolCourseIds(tx, schoolId, coids);
    if (coids.some((id) => !known.has(id))) throw notFound('course not found');
    await repo.replaceTagCourses(tx, tagId, coids);
  });
  ctx.catalogueCache.bump(schoolId);
  return await adminTags(ctx, schoolId);
}

/** GET tags/{uid}: the home page's tag sections: tags with visible courses, each with its first 8 cards. */
export async function tagSections(ctx: AppContext, schoolId: string): Promise<{ tags: TagSection[] }> {
  const sections = new Map<string, TagSection>(
    (await repo.listTags(ctx.db, schoolId)).map((row) => [row.id, { id: row.id, name: row.name, courses: [] }]),
  );
  for (const row of await repo.visibleTagCourses(ctx.db, schoolId)) {
    const section = sections.get(row.tagId);
    if (section && section.courses.length < TAG_SECTION_COURSES) section.courses.push(toCourseCard(ctx, row));
  }
  return { tags: [...sections.values()].filter((section) => section.courses.length > 0) };
}
