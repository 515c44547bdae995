import {
  FOLDER_DEPTH_MAX,
  RESOURCE_ERRORS,
  type FolderTree,
  type ResourceFolder,
} from '../../../shared/schemas/resources';
import type { AppContext } from '../../context';
import { badInput, conflict, notFound } from '../../lib/errors';
import * as repo from './resources.repository';
import type { FolderRow } from './resources.repository';
import { eachAsync } from '../../lib/sequential';

/** A 400 naming the field, shaped like the validator's. */
const refused = (error: string, field: string) => badInput(error, { field, issues: [{ field, message: error }] });

/** The folder tree of the school's resource library (spec 7 resource/category), with resource counts. */
export async function folderTree(ctx: AppContext, schoolId: string): Promise<FolderTree> {
  const rows = await repo.listFolders(ctx.db, schoolId);
  const counts = await repo.countByFolder(ctx.db, schoolId);
  const byParent = new Map<string, FolderRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const build = (parentId: string, seen: Set<string>): ResourceFolder[] =>
    (byParent.get(parentId) ?? [])
      .filter((row) => !seen.has(row.id))
      .map((row) => ({
        id: row.id,
        parent_id: row.parentId,
        title: row.title,
        position: row.position,
        count: counts.get(row.id) ?? 0,
        children: build(row.id, new Set([...seen, row.id])),
      }));
  let total = 0;
  for (const n of counts.values()) total += n;
  return { categories: build('0', new Set()), rootCount: counts.get('0') ?? 0, total };
}

/** A folder of the school, or 404 'folder not found'. '0' (the top) is not a folder. */
export async function schoolFolder(ctx: AppContext, schoolId: string, id: string): Promise<FolderRow> {
  const folder = id === '0' ? undefined : await repo.findFolder(ctx.db, schoolId, id);
  if (!folder) throw notFound(RESOURCE_ERRORS.folderNotFound);
  return folder;
}

/** A folder id to put something in: '0' (the top) or a folder of the school; 404 otherwise. */
export async function targetFolder(ctx: AppContext, schoolId: string, id: string): Promise<string> {
  if (id !== '0') await schoolFolder(ctx, schoolId, id);
  return id;
}

/** The folder and every folder under it (ids), from the school's rows. */
export function folderWithDescendants(rows: readonly FolderRow[], id: string): string[] {
  const result = [id];
  for (let i = 0; i < result.length; i += 1) {
    for (const row of rows) if (row.parentId === result[i] && !result.includes(row.id)) result.push(row.id);
  }
  return result;
}

/** How deep a folder sits: 1 for a top folder. */
function depthOf(rows: readonly FolderRow[], id: string): number {
  let depth = 0;
  let current: string | undefined = id;
  const seen = new Set<string>();
  while (current && current !== '0' && !seen.has(current)) {
    seen.add(current);
    depth += 1;
    current = rows.find((row) => row.id === current)?.parentId;
  }
  return depth;
}

/** How many levels a folder's subtree spans: 1 for a folder without sub-folders. */
function heightOf(rows: readonly FolderRow[], id: string, seen = new Set<string>()): number {
  seen.add(id);
  const children = rows.filter((row) => row.parentId === id && !seen.has(row.id));
  return 1 + Math.max(0, ...children.map((child) => heightOf(rows, child.id, seen)));
}

/** POST resource/category/add {title, parent_id}: a folder at the end of its parent's folders. */
export async function addFolder(
  ctx: AppContext,
  schoolId: string,
  title: string,
  parentId: string,
): Promise<FolderTree & { id: string }> {
  await targetFolder(ctx, schoolId, parentId);
  const id = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.listFolders(tx, schoolId);
    if (depthOf(rows, parentId) + 1 > FOLDER_DEPTH_MAX) throw refused(RESOURCE_ERRORS.folderTooDeep, 'parent_id');
    await repo.insertFolder(tx, {
      id,
      schoolId,
      parentId,
      title,
      position: rows.filter((row) => row.parentId === parentId).length,
      createdAt: ctx.now(),
    });
  });
  return { id, ...(await folderTree(ctx, schoolId)) };
}

/** POST resource/category/rename {id, title}. */
export async function renameFolder(ctx: AppContext, schoolId: string, id: string, title: string): Promise<FolderTree> {
  await schoolFolder(ctx, schoolId, id);
  await repo.updateFolder(ctx.db, id, { title });
  return await folderTree(ctx, schoolId);
}

/** Writes positions 0..n-1 among the folders under a parent. */
async function renumber(
  db: Parameters<typeof repo.listFolders>[0],
  schoolId: string,
  parentId: string,
  exceptId?: string,
): Promise<void> {
  await eachAsync(
    (await repo.listFolders(db, schoolId)).filter((row) => row.parentId === parentId && row.id !== exceptId),
    async (row, position) => {
      if (row.position !== position) await repo.updateFolder(db, row.id, { position });
    },
  );
}

/** POST resource/category/move {id, parent_id}: under another folder ('0' = top), last; never into itself or below itself. */
export async function moveFolder(ctx: AppContext, schoolId: string, id: string, parentId: string): Promise<FolderTree> {
  const folder = await schoolFolder(ctx, schoolId, id);
  await targetFolder(ctx, schoolId, parentId);
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.listFolders(tx, schoolId);
    if (folderWithDescendants(rows, id).includes(parentId))
      throw refused(RESOURCE_ERRORS.folderIntoItself, 'parent_id');
    if (parentId === folder.parentId) return;
    if (depthOf(rows, parentId) + heightOf(rows, id) > FOLDER_DEPTH_MAX)
      throw refused(RESOURCE_ERRORS.folderTooDeep, 'parent_id');
    const position = rows.filter((row) => row.parentId === parentId).length;
    await repo.updateFolder(tx, id, { parentId, position });
    await renumber(tx, schoolId, folder.parentId);
  });
  return await folderTree(ctx, schoolId);
}

/** POST resource/category/delete {id}: refused (409 'folder not empty') while it holds resources or folders. */
export async function deleteFolder(ctx: AppContext, schoolId: string, id: string): Promise<FolderTree> {
  const folder = await schoolFolder(ctx, schoolId, id);
  await ctx.db.transaction(async (tx) => {
    const resources = (await repo.countByFolder(tx, schoolId)).get(id) ?? 0;
    const folders = await repo.countSubfolders(tx, schoolId, id);
    if (resources > 0 || folders > 0) throw conflict(RESOURCE_ERRORS.folderNotEmpty, { resources, folders });
    await repo.deleteFolder(tx, id);
    await renumber(tx, schoolId, folder.parentId);
  });
  return await folderTree(ctx, schoolId);
}
