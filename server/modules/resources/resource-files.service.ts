import fsp from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { resourceKindOf } from '../../../shared/rules/file-kind';
import { RESOURCE_ERRORS, SUBTITLE_MAX_BYTES } from '../../../shared/schemas/resources';
import type { AppContext, Auth } from '../../context';
import { AppError, badInput, notFound } from '../../lib/errors';
import { loadSharp } from '../../lib/heavy-modules';
import { readDerivedFile, removeDerivedPath, type Storage, writeDerivedFile } from '../media/derived-files';
import { atStore, withLocalCopy } from '../uploads/direct-upload.service';
import {
  absolutePath,
  findFile,
  ownerOf,
  receiveMultipart,
  removeFile,
  type StoredFile,
} from '../uploads/uploads.service';
import { schoolResource } from './resources.service';
import * as repo from './resources.repository';
import { posterOf, readOutputs, readSubtitles, type SubtitleEntry } from './resources.presenter';
import { toWebVtt } from './subtitles';

/**
 * A resource's own files besides the upload (spec 7 resource/subtitle, poster, ppt, ppt/cover): subtitles
 * and a chosen poster of a video, the slides and cover of a presentation. They live in files/derived/{rid}/
 * (on the data folder, or in the object store when the resource's upload is there: media/derived-files.ts)
 * and are served, like the rest, only through signed /media URLs. A file sent with these calls is only read
 * (a subtitle, a poster image): it stays on the data folder while used and is removed, in either storage.
 */

const refused = (error: string, field = 'rid') => badInput(error, { field, issues: [{ field, message: error }] });

/** Receives one multipart file for a resource, hands it to `use`, and always removes the upload afterwards. */
async function withUpload<T>(
  ctx: AppContext,
  request: FastifyRequest,
  auth: Auth & { role: 'admin' },
  use: (file: StoredFile, file_path: string) => Promise<T>,
): Promise<T> {
  const file = await receiveMultipart(ctx, request, ownerOf(auth), { visibility: 'private' });
  try {
    return await use(file, absolutePath(ctx, file.key));
  } finally {
    await removeFile(ctx, file.id).catch((error) =>
      ctx.log.warn({ err: error, fileId: file.id }, 'could not remove a used upload'),
    );
  }
}

async function videoOrAudio(ctx: AppContext, schoolId: string, rid: string) {
  const found = await schoolResource(ctx, schoolId, rid);
  if (found.resource.kind !== 'video' && found.resource.kind !== 'audio') throw refused(RESOURCE_ERRORS.notVideo);
  return found;
}

/** The subtitles of a video or audio resource. */
export async function listSubtitles(ctx: AppContext, schoolId: string, rid: string) {
  const { resource } = await videoOrAudio(ctx, schoolId, rid);
  return { rid, subtitles: readSubtitles(resource).map((entry, index) => ({ index, ...entry })) };
}

/**
 * POST resource/subtitle (multipart .vtt or .srt; rid, label, lang in the query): stored as WebVTT at
 * files/derived/{rid}/subtitles/{id}.vtt and listed in the resource's subtitles. A file without cues is refused.
 */
export async function addSubtitle(
  ctx: AppContext,
  request: FastifyRequest,
  auth: Auth & { role: 'admin' },
  fields: { rid: string; label: string; lang: string },
) {
  await videoOrAudio(ctx, auth.schoolId, fields.rid);
  return withUpload(ctx, request, auth, async (file, filePath) => {
    if ((file.ext !== 'VTT' && file.ext !== 'SRT') || file.size > SUBTITLE_MAX_BYTES)
      throw refused(RESOURCE_ERRORS.badSubtitle, 'file');
    const vtt = toWebVtt(await fsp.readFile(filePath, 'utf8'));
    if (!vtt) throw refused(RESOURCE_ERRORS.badSubtitle, 'file');
    const label = fields.label || file.originalName.replace(/\.[^.]+$/, '').slice(0, 30) || fields.lang;
    await storeSubtitle(ctx, auth.schoolId, fields.rid, { label, lang: fields.lang }, vtt);
    return await listSubtitles(ctx, auth.schoolId, fields.rid);
  });
}

/**
 * Stores WebVTT text as a subtitle of a video or audio resource at files/derived/{rid}/subtitles/{id}.vtt and
 * lists it (the upload above, and the demo school's shipped subtitles). 404 when the resource went meanwhile.
 */
export async function storeSubtitle(
  ctx: AppContext,
  schoolId: string,
  rid: string,
  track: { label: string; lang: string },
  vtt: string,
): Promise<void> {
  const relative = `subtitles/${ctx.ids.next()}.vtt`;
  const storage = (await schoolResource(ctx, schoolId, rid)).file.storage;
  await atStore(() => writeDerivedFile(ctx, rid, storage, relative, vtt));
  const added = await ctx.db.transaction(async (tx) => {
    const found = await repo.findResource(tx, schoolId, rid);
    if (!found) return false;
    const entries: SubtitleEntry[] = [...readSubtitles(found.resource), { ...track, path: relative }];
    await repo.updateResource(tx, rid, { subtitles: JSON.stringify(entries), updatedAt: ctx.now() });
    return true;
  });
  if (!added) {
    // Deleted while the file arrived.
    await atStore(() => removeDerivedPath(ctx, rid, storage, 'subtitles/'));
    throw notFound(RESOURCE_ERRORS.notFound);
  }
}

/** POST resource/subtitle/delete {rid, index}: removes one subtitle and its file. */
export async function deleteSubtitle(ctx: AppContext, schoolId: string, rid: string, index: number) {
  const { resource, file } = await videoOrAudio(ctx, schoolId, rid);
  const entries = readSubtitles(resource);
  const entry = entries[index];
  if (!entry) throw notFound('subtitle not found');
  await repo.updateResource(ctx.db, rid, {
    subtitles: JSON.stringify(entries.filter((_, i) => i !== index)),
    updatedAt: ctx.now(),
  });
  if (entry.path.startsWith('subtitles/')) await atStore(() => removeDerivedPath(ctx, rid, file.storage, entry.path));
  return await listSubtitles(ctx, schoolId, rid);
}

const POSTER = 'poster-custom.jpg';

/** Makes the poster file from an image; 400 when it is not an image sharp can read. */
async function writePoster(ctx: AppContext, rid: string, storage: Storage, source: string): Promise<void> {
  const sharp = await loadSharp();
  let jpeg: Buffer;
  try {
    jpeg = await sharp(source)
      .rotate()
      .resize({ width: 1280, height: 720, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw refused(RESOURCE_ERRORS.notImage, 'file');
  }
  await atStore(() => writeDerivedFile(ctx, rid, storage, POSTER, jpeg));
  await repo.patchOutputs(ctx.db, rid, { posterCustom: POSTER, poster: POSTER }, ctx.now());
}

const posterReply = async (ctx: AppContext, schoolId: string, rid: string) => {
  const poster = posterOf(readOutputs((await schoolResource(ctx, schoolId, rid)).resource));
  return { rid, poster: poster ? ctx.mediaSigner.prefix(rid) + poster : '' };
};

/** POST resource/poster, multipart: an uploaded image (rid in the query) becomes the video's poster. */
export async function uploadPoster(
  ctx: AppContext,
  request: FastifyRequest,
  auth: Auth & { role: 'admin' },
  rid: string,
) {
  const { storage } = (await videoOrAudio(ctx, auth.schoolId, rid)).file;
  await withUpload(ctx, request, auth, async (file, filePath) => {
    if (resourceKindOf(file.ext, file.mime) !== 'image') throw refused(RESOURCE_ERRORS.notImage, 'file');
    await writePoster(ctx, rid, storage, filePath);
  });
  return await posterReply(ctx, auth.schoolId, rid);
}

/** POST resource/poster {rid, fileId}: an image already uploaded by the school becomes the poster (the upload stays). */
export async function setPoster(ctx: AppContext, schoolId: string, rid: string, fileId: string) {
  const { storage } = (await videoOrAudio(ctx, schoolId, rid)).file;
  const file = await findFile(ctx, fileId);
  if (!file || file.schoolId !== schoolId) throw notFound('file not found');
  if (resourceKindOf(file.ext, file.mime) !== 'image') throw refused(RESOURCE_ERRORS.notImage, 'fileId');
  await withLocalCopy(ctx, file, (image) => writePoster(ctx, rid, storage, image));
  return await posterReply(ctx, schoolId, rid);
}

async function presentation(ctx: AppContext, schoolId: string, rid: string) {
  const found = await schoolResource(ctx, schoolId, rid);
  if (found.resource.kind !== 'ppt') throw refused(RESOURCE_ERRORS.notPpt);
  return found;
}

/** GET resource/ppt {rid}: the slide images of a converted presentation (empty until converted), signed. */
export async function pptSlides(ctx: AppContext, schoolId: string, rid: string) {
  const { resource } = await presentation(ctx, schoolId, rid);
  const outputs = readOutputs(resource);
  const prefix = ctx.mediaSigner.prefix(rid);
  return {
    rid,
    status: resource.status,
    cover: outputs.cover ?? 0,
    pdf: outputs.pdf ? prefix + outputs.pdf : null,
    slides: (outputs.slides ?? []).map((slide, index) => ({ index, url: prefix + slide })),
  };
}

const COVER = 'cover.jpg';

/** POST resource/ppt/cover {rid, index}: a slide (0-based) becomes the presentation's picture in lists. */
export async function setPptCover(ctx: AppContext, schoolId: string, rid: string, index: number) {
  const { resource, file } = await presentation(ctx, schoolId, rid);
  const slides = readOutputs(resource).slides ?? [];
  if (slides.length === 0) throw refused(RESOURCE_ERRORS.noSlides);
  const slide = slides[index];
  if (!slide) throw refused(`index must be below ${slides.length}`, 'index');
  const sharp = await loadSharp();
  let jpeg: Buffer;
  try {
    const image = await atStore(() => readDerivedFile(ctx, rid, file.storage, slide));
    jpeg = await sharp(image).resize({ width: 480, withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer();
  } catch (error) {
    // The store out of reach is not the slide's fault.
    if (error instanceof AppError) throw error;
    ctx.log.warn({ err: error, rid, slide }, 'slide image unreadable');
    throw refused(RESOURCE_ERRORS.noSlides);
  }
  await atStore(() => writeDerivedFile(ctx, rid, file.storage, COVER, jpeg));
  await repo.patchOutputs(ctx.db, rid, { cover: index, thumb: COVER }, ctx.now());
  return await pptSlides(ctx, schoolId, rid);
}
