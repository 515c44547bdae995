import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { resourceKindOf } from '../../../shared/rules/file-kind';
import {
  RESOURCE_ERRORS,
  RESOURCE_TITLE_MAX,
  type ResourceItem,
  type ResourceList,
  type ResourceUrls,
  type zAddResource,
  type zResourceListQuery,
} from '../../../shared/schemas/resources';
import type { AppContext, Auth } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { removeDerived } from '../media/derived-files';
import { cancelConversion, enqueueConversion, retryConversion } from '../media/media.service';
import { keepPrivateInStore } from '../uploads/direct-upload.service';
import { findFile, ownerOf, receiveMultipart, removeFile, setFileVisibility } from '../uploads/uploads.service';
import { folderWithDescendants, targetFolder } from './folders.service';
import * as repo from './resources.repository';
import type { ResourceWithFile } from './resources.repository';
import { posterOf, readOutputs, readSubtitles, toResourceItem } from './resources.presenter';

/**
 * The resource library (spec 7 'Resources'): one school's uploaded files as
 * resources in folders, with what conversion made of them. Every function takes the admin's school id;
 * another school's ids answer 404 like unknown ones.
 */

/** Library items for rows of one school: folder titles, chapter use counts and signed thumbnails. */
export async function presentResources(
  ctx: AppContext,
  schoolId: string,
  rows: readonly ResourceWithFile[],
): Promise<ResourceItem[]> {
  const titles = await repo.folderTitles(ctx.db, schoolId, [...new Set(rows.map((row) => row.resource.categoryId))]);
  const uses = new Map<string, number>();
  for (const use of await repo.chapterUses(
    ctx.db,
    rows.map((row) => row.resource.id),
  ))
    uses.set(use.rid, (uses.get(use.rid) ?? 0) + 1);
  return rows.map((row) =>
    toResourceItem(ctx, row, {
      folderTitle: titles.get(row.resource.categoryId) ?? '',
      usedBy: uses.get(row.resource.id) ?? 0,
    }),
  );
}

/** A resource of the school with its file, or 404 'resource not found'. */
export async function schoolResource(ctx: AppContext, schoolId: string, rid: string): Promise<ResourceWithFile> {
  const found = await repo.findResource(ctx.db, schoolId, rid);
  if (!found) throw notFound(RESOURCE_ERRORS.notFound);
  return found;
}

/** One library item by id (404 for another school's). */
export async function resourceItem(ctx: AppContext, schoolId: string, rid: string): Promise<ResourceItem> {
  return (await presentResources(ctx, schoolId, [await schoolResource(ctx, schoolId, rid)]))[0]!;
}

/**
 * GET resource/list: a page of a folder's resources ('0' = the top; showSub adds every folder below, so
 * '0' with showSub is the whole library), searched in titles and file names, filtered by kind.
 */
export async function listResources(
  ctx: AppContext,
  schoolId: string,
  query: z.output<typeof zResourceListQuery>,
  kinds: readonly string[] | null = query.fileType ? [query.fileType] : null,
): Promise<ResourceList> {
  await targetFolder(ctx, schoolId, query.cate);
  let folders: string[] | null = [query.cate];
  if (query.showSub)
    folders = query.cate === '0' ? null : folderWithDescendants(await repo.listFolders(ctx.db, schoolId), query.cate);
  const { rows, total } = await repo.listResources(
    ctx.db,
    { schoolId, folders, search: query.searchStr, kinds, order: query.order },
    query.num,
    (query.page - 1) * query.num,
  );
  return { list: await presentResources(ctx, schoolId, rows), total, page: query.page, num: query.num };
}

/** resource/listbyrid: the school's resources among these ids, in the order asked; unknown ids are left out. */
export async function listByRid(
  ctx: AppContext,
  schoolId: string,
  rids: readonly string[],
): Promise<{ list: ResourceItem[] }> {
  const items = await presentResources(ctx, schoolId, await repo.findResources(ctx.db, schoolId, [...new Set(rids)]));
  const byId = new Map(items.map((item) => [item.rid, item]));
  return { list: [...new Set(rids)].flatMap((rid) => byId.get(rid) ?? []) };
}

/** A title from a file name: the name without its extension, at most the title limit. */
export function titleFromName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).trim() || name.trim() || 'untitled';
  return Array.from(base).slice(0, RESOURCE_TITLE_MAX).join('');
}

/**
 * POST resource/add {fileId, title?, cate}: an uploaded file of the school becomes a library resource. The file
 * turns private (served only through signed /media URLs), the kind follows spec 5 (shared/rules/file-kind) and
 * the conversion its kind calls for is queued. With STORAGE=s3 (online release) every resource's upload is in
 * the object store, private, whichever way it arrived (keepPrivateInStore): its conversion reads from and
 * writes to the store, and /media redirects to signed URLs of it.
 */
export async function addResource(
  ctx: AppContext,
  auth: Auth & { role: 'admin' },
  input: z.output<typeof zAddResource>,
): Promise<ResourceItem> {
  const schoolId = auth.schoolId;
  const found = await findFile(ctx, input.fileId);
  if (!found || found.schoolId !== schoolId) throw notFound('file not found');
  const cate = await targetFolder(ctx, schoolId, input.cate);
  // Another resource's file stays where it is (its outputs are where its upload is).
  if (await repo.resourceOfFile(ctx.db, found.id)) throw conflict(RESOURCE_ERRORS.fileTaken);
  const file = await keepPrivateInStore(ctx, found);
  const rid = ctx.ids.next();
  const now = ctx.now();
  const kind = resourceKindOf(file.ext, file.mime);
  await ctx.db.transaction(async (tx) => {
    if (await repo.resourceOfFile(tx, file.id)) throw conflict(RESOURCE_ERRORS.fileTaken);
    await repo.insertResource(tx, {
      id: rid,
      schoolId,
      categoryId: cate,
      title: input.title ?? titleFromName(file.originalName),
      fileId: file.id,
      kind,
      status: kind === 'other' ? 'ready' : 'queued',
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
  });
  await setFileVisibility(ctx, file.id, 'private');
  try {
    await enqueueConversion(ctx, rid);
  } catch (error) {
    // The resource stays usable as uploaded; its status says the conversion could not be queued.
    ctx.log.error({ err: error, rid }, 'could not queue the conversion');
    await repo.updateResource(ctx.db, rid, {
      status: 'failed',
      statusMessage: `could not queue the conversion: ${(error as Error).message}`,
      updatedAt: ctx.now(),
    });
  }
  return await resourceItem(ctx, schoolId, rid);
}

/**
 * POST resource/upload (multipart, file field 'file-select'; cate and title in the query string): receives the
 * file and adds it in one call. The folder is checked before any byte is stored, and a refused add removes the file.
 */
export async function uploadResource(
  ctx: AppContext,
  request: FastifyRequest,
  auth: Auth & { role: 'admin' },
  fields: { cate: string; title?: string },
): Promise<ResourceItem> {
  await targetFolder(ctx, auth.schoolId, fields.cate);
  const file = await receiveMultipart(ctx, request, ownerOf(auth), { visibility: 'private' });
  try {
    return await addResource(ctx, auth, { fileId: file.id, title: fields.title, cate: fields.cate });
  } catch (error) {
    await removeFile(ctx, file.id);
    throw error;
  }
}

/** POST resource/rename {rid, title}. */
export async function renameResource(
  ctx: AppContext,
  schoolId: string,
  rid: string,
  title: string,
): Promise<ResourceItem> {
  await schoolResource(ctx, schoolId, rid);
  await repo.updateResource(ctx.db, rid, { title, updatedAt: ctx.now() });
  ctx.catalogueCache.bump(schoolId);
  return await resourceItem(ctx, schoolId, rid);
}

/** POST resource/move {rids, cate}: into a folder ('0' = top); every id must be the school's, else 404 and nothing moves. */
export async function moveResources(
  ctx: AppContext,
  schoolId: string,
  rids: readonly string[],
  cate: string,
): Promise<{ list: ResourceItem[] }> {
  await targetFolder(ctx, schoolId, cate);
  const unique = [...new Set(rids)];
  await ctx.db.transaction(async (tx) => {
    if ((await repo.findResources(tx, schoolId, unique)).length !== unique.length)
      throw notFound(RESOURCE_ERRORS.notFound);
    await repo.moveResources(tx, schoolId, unique, cate, ctx.now());
  });
  return await listByRid(ctx, schoolId, unique);
}

/**
 * POST resource/delete {rid, force?}: refused with 409 'resource in use' naming the chapters while a chapter
 * teaches it; with force (after the back office's confirm) it is detached from them first. Then the conversion
 * stops, the row goes, and the converted files and the upload are removed.
 */
export async function deleteResource(
  ctx: AppContext,
  schoolId: string,
  rid: string,
  force: boolean,
): Promise<{ rid: string; detached: number }> {
  const { resource, file } = await schoolResource(ctx, schoolId, rid);
  const uses = await repo.chapterUses(ctx.db, [rid]);
  if (uses.length > 0 && !force)
    throw conflict(RESOURCE_ERRORS.inUse, { chapters: uses.map(({ rid: _rid, ...use }) => use) });
  await cancelConversion(ctx, rid);
  let detached = 0;
  let schools: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await repo.chapterUses(tx, [rid]);
      if (current.length > 0 && !force)
        throw conflict(RESOURCE_ERRORS.inUse, { chapters: current.map(({ rid: _rid, ...use }) => use) });
      schools = await repo.schoolsUsing(tx, rid);
      detached = await repo.detachResource(tx, rid);
      await repo.deleteResourceRow(tx, rid);
    });
  } catch (error) {
    // A chapter took it meanwhile: the resource stays, so its conversion goes on.
    if (resource.status === 'queued' || resource.status === 'converting') await enqueueConversion(ctx, rid);
    throw error;
  }
  await removeDerived(ctx, rid, file.storage).catch((error) =>
    ctx.log.warn({ err: error, rid }, 'could not remove converted files'),
  );
  await removeFile(ctx, resource.fileId).catch((error) =>
    ctx.log.warn({ err: error, rid }, 'could not remove the upload'),
  );
  // Chapter lists are cached per school (a deleted course's chapters may belong to it too).
  for (const id of new Set([...schools, ...(detached > 0 ? [schoolId] : [])])) ctx.catalogueCache.bump(id);
  return { rid, detached };
}

/** POST resource/retry {rid}: converts again (after a failure, or once a missing tool is installed). */
export async function retryResource(ctx: AppContext, schoolId: string, rid: string): Promise<ResourceItem> {
  await schoolResource(ctx, schoolId, rid);
  await retryConversion(ctx, rid);
  return await resourceItem(ctx, schoolId, rid);
}

/** GET resource/url {rid, download?}: short-lived signed URLs (server/lib/media-url) for previewing in the back office. */
export async function resourceUrls(
  ctx: AppContext,
  schoolId: string,
  rid: string,
  download: boolean,
): Promise<ResourceUrls> {
  const { resource, file } = await schoolResource(ctx, schoolId, rid);
  const prefix = ctx.mediaSigner.prefix(rid, { download });
  const outputs = readOutputs(resource);
  const at = (path: string | undefined) => (path ? prefix + path : null);
  const token = prefix.split('/')[2] ?? '';
  return {
    rid,
    kind: resource.kind,
    status: resource.status,
    prefix,
    url: `${prefix}source`,
    mime: file.mime,
    hls: at(outputs.hls),
    mp4: at(outputs.mp4),
    audio: at(outputs.audio),
    pdf: at(outputs.pdf),
    poster: at(posterOf(outputs)),
    subtitles: readSubtitles(resource).map((entry) => ({
      label: entry.label,
      lang: entry.lang,
      url: prefix + entry.path,
    })),
    expiresAt: Number(token.split('.')[0]) * 1000,
  };
}

/** GET resource/hash {key}: the school's file behind a storage key, and the resource that owns it (if any). */
export async function resourceByKey(ctx: AppContext, schoolId: string, key: string) {
  const clean = key.trim().replace(/^\/+/, '');
  const file = await repo.fileOfSchoolByKey(ctx.db, schoolId, clean);
  if (!file) throw notFound('file not found');
  const owner = await repo.resourceOfFile(ctx.db, file.id);
  const found = owner && owner.schoolId === schoolId ? await repo.findResource(ctx.db, schoolId, owner.id) : undefined;
  return {
    fileId: file.id,
    key: file.key,
    name: file.originalName,
    size: file.size,
    ext: file.ext,
    mime: file.mime,
    visibility: file.visibility,
    resource: found ? (await presentResources(ctx, schoolId, [found]))[0]! : null,
  };
}
