import { TAG_SECTION_COURSES, type TagSection } from '../../../shared/schemas/tags';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { schoolCourseIds } from '../columns/course-cards.repository';
import { toCourseCard } from '../columns/course-cards.presenter';
import * as repo from './tags.repository';

const NOT_FOUND = 'tag not found';
const EXISTS = 'tag exists';

/** GET tag/admin/list: the school's tags in order with their ordered course ids. */
export function adminTags(ctx: AppContext, schoolId: string) {
  const rows = repo.listTags(ctx.db, schoolId);
  const coids = repo.tagCourseIds(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    tags: rows.map((row) => ({ id: row.id, name: row.name, position: row.position, coids: coids.get(row.id) ?? [] })),
  };
}

/** Throws 409 when another tag of the school has this name (letter case ignored). */
function assertFreeName(ctx: AppContext, schoolId: string, name: string, exceptId?: string): void {
  const same = repo.findTagByName(ctx.db, schoolId, name);
  if (same && same.id !== exceptId) throw conflict(EXISTS);
}

/** POST tag/add: a tag at the end; names are unique in the school. */
export function addTag(ctx: AppContext, schoolId: string, name: string) {
  assertFreeName(ctx, schoolId, name);
  const id = ctx.ids.next();
  ctx.db.transaction((tx) => repo.insertTag(tx, { id, schoolId, name, position: repo.listTags(tx, schoolId).length }));
  ctx.catalogueCache.bump(schoolId);
  return { id, ...adminTags(ctx, schoolId) };
}

/** POST tag/rename. */
export function renameTag(ctx: AppContext, schoolId: string, tagId: string, name: string) {
  if (!repo.findSchoolTag(ctx.db, schoolId, tagId)) throw notFound(NOT_FOUND);
  assertFreeName(ctx, schoolId, name, tagId);
  repo.renameTag(ctx.db, tagId, name);
  ctx.catalogueCache.bump(schoolId);
  return adminTags(ctx, schoolId);
}

/** POST tag/delete: the tag and its course entries (the courses stay). */
export function deleteTag(ctx: AppContext, schoolId: string, tagId: string) {
  ctx.db.transaction((tx) => {
    if (!repo.findSchoolTag(tx, schoolId, tagId)) throw notFound(NOT_FOUND);
    repo.deleteTag(tx, tagId);
    repo.renumberTags(
      tx,
      repo.listTags(tx, schoolId).map((row) => row.id),
    );
  });
  ctx.catalogueCache.bump(schoolId);
  return adminTags(ctx, schoolId);
}

/** POST tag/courses: the tag's whole ordered course list; every id must be a course of the school (not deleted), else 404 and nothing changes. */
export function setTagCourses(ctx: AppContext, schoolId: string, tagId: string, coids: string[]) {
  ctx.db.transaction((tx) => {
    if (!repo.findSchoolTag(tx, schoolId, tagId)) throw notFound(NOT_FOUND);
    const known = schoolCourseIds(tx, schoolId, coids);
    if (coids.some((id) => !known.has(id))) throw notFound('course not found');
    repo.replaceTagCourses(tx, tagId, coids);
  });
  ctx.catalogueCache.bump(schoolId);
  return adminTags(ctx, schoolId);
}

/** GET tags/{uid}: the home page's tag sections: tags with visible courses, each with its first 8 cards. */
export function tagSections(ctx: AppContext, schoolId: string): { tags: TagSection[] } {
  const sections = new Map<string, TagSection>(
    repo.listTags(ctx.db, schoolId).map((row) => [row.id, { id: row.id, name: row.name, courses: [] }]),
  );
  for (const row of repo.visibleTagCourses(ctx.db, schoolId)) {
    const section = sections.get(row.tagId);
    if (section && section.courses.length < TAG_SECTION_COURSES) section.courses.push(toCourseCard(ctx, row));
  }
  return { tags: [...sections.values()].filter((section) => section.courses.length > 0) };
}
