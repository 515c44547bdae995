import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { chapters, courses, files, resourceCategories, resources } from '../../db/schema';
import type { ResourceOrder } from '../../../shared/schemas/resources';
import { LIKE } from '../../db/sql-dialect';

export type ResourceRow = typeof resources.$inferSelect;
export type FolderRow = typeof resourceCategories.$inferSelect;

/** A resource with the columns of its uploaded file that the library shows, and where the file is. */
const resourceColumns = {
  resource: resources,
  file: {
    key: files.key,
    name: files.originalName,
    ext: files.ext,
    size: files.size,
    mime: files.mime,
    storage: files.storage,
  },
};
export type ResourceWithFile = {
  resource: ResourceRow;
  file: { key: string; name: string; ext: string; size: number; mime: string; storage: 'local' | 's3' };
};

// Folders.

/** The school's folders, parents before children in position order. */
export async function listFolders(db: Db, schoolId: string): Promise<FolderRow[]> {
  return await db
    .select()
    .from(resourceCategories)
    .where(eq(resourceCategories.schoolId, schoolId))
    .orderBy(asc(resourceCategories.parentId), asc(resourceCategories.position), asc(resourceCategories.createdAt));
}

export async function findFolder(db: Db, schoolId: string, id: string): Promise<FolderRow | undefined> {
  return first(
    await db
      .select()
      .from(resourceCategories)
      .where(and(eq(resourceCategories.schoolId, schoolId), eq(resourceCategories.id, id))),
  );
}

export async function insertFolder(db: Db, row: typeof resourceCategories.$inferInsert): Promise<void> {
  await db.insert(resourceCategories).values(row);
}

export async function updateFolder(
  db: Db,
  id: string,
  patch: Partial<Pick<FolderRow, 'title' | 'parentId' | 'position'>>,
): Promise<void> {
  await db.update(resourceCategories).set(patch).where(eq(resourceCategories.id, id));
}

export async function deleteFolder(db: Db, id: string): Promise<void> {
  await db.delete(resourceCategories).where(eq(resourceCategories.id, id));
}

/** How many sub-folders a folder has. */
export async function countSubfolders(db: Db, schoolId: string, parentId: string): Promise<number> {
  return (
    first(
      await db
        .select({ n: sql<number>`count(*)` })
        .from(resourceCategories)
        .where(and(eq(resourceCategories.schoolId, schoolId), eq(resourceCategories.parentId, parentId))),
    )?.n ?? 0
  );
}

/** Resources per folder id ('0' = top) of the school. */
export async function countByFolder(db: Db, schoolId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ cate: resources.categoryId, n: sql<number>`count(*)` })
    .from(resources)
    .where(and(eq(resources.schoolId, schoolId), eq(resources.deleted, false)))
    .groupBy(resources.categoryId);
  return new Map(rows.map((row) => [row.cate, row.n]));
}

// Resources.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER_BY: Record<ResourceOrder, SQL[]> = {
  new: [desc(resources.createdAt), desc(resources.id)],
  old: [asc(resources.createdAt), asc(resources.id)],
  title: [asc(resources.title), desc(resources.createdAt)],
  size: [desc(files.size), desc(resources.createdAt)],
};

export interface ResourceFilter {
  schoolId: string;
  /** Folder ids to include; null = every folder. */
  folders: string[] | null;
  search: string;
  kinds: readonly string[] | null;
  order: ResourceOrder;
}

function filterWhere(filter: ResourceFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(resources.schoolId, filter.schoolId), eq(resources.deleted, false)];
  if (filter.folders) parts.push(inArray(resources.categoryId, filter.folders));
  if (filter.kinds) parts.push(inArray(resources.kind, [...filter.kinds] as ResourceRow['kind'][]));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    parts.push(
      or(
        sql`${resources.title} ${LIKE} ${pattern} escape '\\'`,
        sql`${files.originalName} ${LIKE} ${pattern} escape '\\'`,
      ),
    );
  }
  return and(...parts);
}

/** One page of the school's resources matching the filter, with the total. */
export async function listResources(
  db: Db,
  filter: ResourceFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ResourceWithFile[]; total: number }> {
  const where = filterWhere(filter);
  const total =
    first(
      await db
        .select({ n: sql<number>`count(*)` })
        .from(resources)
        .innerJoin(files, eq(files.id, resources.fileId))
        .where(where),
    )?.n ?? 0;
  const rows = await db
    .select(resourceColumns)
    .from(resources)
    .innerJoin(files, eq(files.id, resources.fileId))
    .where(where)
    .orderBy(...ORDER_BY[filter.order])
    .limit(limit)
    .offset(offset);
  return { rows, total };
}

/** A resource of the school (not deleted) with its file. */
export async function findResource(db: Db, schoolId: string, rid: string): Promise<ResourceWithFile | undefined> {
  return first(
    await db
      .select(resourceColumns)
      .from(resources)
      .innerJoin(files, eq(files.id, resources.fileId))
      .where(and(eq(resources.id, rid), eq(resources.schoolId, schoolId), eq(resources.deleted, false))),
  );
}

/** The school's resources (not deleted) among these ids, in no order. */
export async function findResources(db: Db, schoolId: string, rids: readonly string[]): Promise<ResourceWithFile[]> {
  if (rids.length === 0) return [];
  return await db
    .select(resourceColumns)
    .from(resources)
    .innerJoin(files, eq(files.id, resources.fileId))
    .where(and(inArray(resources.id, [...rids]), eq(resources.schoolId, schoolId), eq(resources.deleted, false)));
}

/** The resource (any school, not deleted) that owns a file. */
export async function resourceOfFile(db: Db, fileId: string): Promise<ResourceRow | undefined> {
  return first(
    await db
      .select()
      .from(resources)
      .where(and(eq(resources.fileId, fileId), eq(resources.deleted, false))),
  );
}

export async function insertResource(db: Db, row: typeof resources.$inferInsert): Promise<void> {
  await db.insert(resources).values(row);
}

export async function updateResource(
  db: Db,
  rid: string,
  patch: Partial<
    Pick<ResourceRow, 'title' | 'categoryId' | 'outputs' | 'subtitles' | 'status' | 'statusMessage' | 'updatedAt'>
  >,
): Promise<void> {
  await db.update(resources).set(patch).where(eq(resources.id, rid));
}

/**
 * Merges keys into a resource's outputs JSON in one synchronous transaction (the conversion jobs write it
 * too, the same way), so neither side loses the other's keys.
 */
export async function patchOutputs(db: Db, rid: string, patch: Record<string, unknown>, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = first(await tx.select({ outputs: resources.outputs }).from(resources).where(eq(resources.id, rid)));
    if (!current) return;
    let outputs: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(current.outputs);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) outputs = parsed as Record<string, unknown>;
    } catch {
      outputs = {};
    }
    await tx
      .update(resources)
      .set({ outputs: JSON.stringify({ ...outputs, ...patch }), updatedAt: now })
      .where(eq(resources.id, rid));
  });
}

/** Moves the school's resources among rids to a folder; answers how many moved. */
export async function moveResources(
  db: Db,
  schoolId: string,
  rids: readonly string[],
  folderId: string,
  now: number,
): Promise<number> {
  return affected(
    await db
      .update(resources)
      .set({ categoryId: folderId, updatedAt: now })
      .where(and(inArray(resources.id, [...rids]), eq(resources.schoolId, schoolId), eq(resources.deleted, false))),
  );
}

/** Deletes the resource row (its conversion jobs go with it). */
export async function deleteResourceRow(db: Db, rid: string): Promise<void> {
  await db.delete(resources).where(eq(resources.id, rid));
}

// Chapters that teach resources.

/** The chapters of courses not deleted that teach one of these resources, with their course titles. */
export async function chapterUses(
  db: Db,
  rids: readonly string[],
): Promise<{ rid: string; cid: string; title: string; coid: string; courseTitle: string }[]> {
  if (rids.length === 0) return [];
  return await db
    .select({
      rid: chapters.resourceId,
      cid: chapters.id,
      title: chapters.title,
      coid: courses.id,
      courseTitle: courses.title,
    })
    .from(chapters)
    .innerJoin(courses, eq(courses.id, chapters.courseId))
    .where(and(inArray(chapters.resourceId, [...rids]), eq(courses.deleted, false)))
    .orderBy(asc(courses.title), asc(chapters.position));
}

/** Detaches a resource from every chapter that teaches it (deleted courses too); answers how many. */
export async function detachResource(db: Db, rid: string): Promise<number> {
  return affected(await db.update(chapters).set({ resourceId: '' }).where(eq(chapters.resourceId, rid)));
}

/** The school ids of the courses whose chapters teach the resource (to refresh their cached chapter lists). */
export async function schoolsUsing(db: Db, rid: string): Promise<string[]> {
  return (
    await db
      .selectDistinct({ schoolId: courses.schoolId })
      .from(chapters)
      .innerJoin(courses, eq(courses.id, chapters.courseId))
      .where(eq(chapters.resourceId, rid))
  ).map((row) => row.schoolId);
}

export async function setChapterResource(db: Db, cid: string, rid: string): Promise<void> {
  await db.update(chapters).set({ resourceId: rid }).where(eq(chapters.id, cid));
}

/** The attached resource of each chapter of a course (chapters without one are left out). */
export async function courseWares(
  db: Db,
  courseId: string,
): Promise<{ cid: string; resource: ResourceRow; name: string }[]> {
  return await db
    .select({ cid: chapters.id, resource: resources, name: files.originalName })
    .from(chapters)
    .innerJoin(resources, and(eq(resources.id, chapters.resourceId), eq(resources.deleted, false)))
    .innerJoin(files, eq(files.id, resources.fileId))
    .where(eq(chapters.courseId, courseId));
}

/** Folder titles by id for a set of ids. */
export async function folderTitles(db: Db, schoolId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id) => id !== '0');
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: resourceCategories.id, title: resourceCategories.title })
    .from(resourceCategories)
    .where(and(eq(resourceCategories.schoolId, schoolId), inArray(resourceCategories.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** A file of the school by storage key (read only: uploads own the files table). */
export async function fileOfSchoolByKey(
  db: Db,
  schoolId: string,
  key: string,
): Promise<typeof files.$inferSelect | undefined> {
  return first(
    await db
      .select()
      .from(files)
      .where(and(eq(files.key, key), eq(files.schoolId, schoolId))),
  );
}
