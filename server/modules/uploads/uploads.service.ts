import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  isPlainFileName,
  UPLOAD_ERRORS,
  UPLOAD_FILE_FIELD,
  UPLOAD_TEXT_FIELDS,
  type FileVisibility,
  type UploadedFile,
} from '../../../shared/schemas/uploads';
import { isVideoMime, uploadExtension } from '../../../shared/rules/file-kind';
import type { Auth, AppContext } from '../../context';
import { AppError, badInput, noLogin, notFound } from '../../lib/errors';
import { fileTooLarge, formError } from '../../plugins/multipart';
import {
  createUploadStream,
  dataPath,
  isDiskFull,
  moveIntoPlace,
  removeQuietly,
  TMP_UPLOADS_DIR,
  uploadKey,
} from '../../lib/storage';
import { objectStoreOf } from '../../lib/object-store';
import * as repo from './files.repository';
import { verifyUploadToken } from './upload-token';
import { releaseUpload, reserveUpload, settleUpload, type Reservation } from './upload-quota';
import { forgetFileSources } from '../files/source-cache';

/**
 * Uploaded files (spec 5 'Uploaded files', spec 7 'Uploads', spec 4 'Upload'): receiving a multipart upload
 * straight to disk, the files rows, and removing a file. Used by lan/upload and by the resource library.
 */

/** A files row: the stored file at `key` (files/userupload/{schoolId}/{guid}.{EXT}) under the data folder. */
export type StoredFile = repo.FileRow;

/** Whose school a new file belongs to and who sent it ('admin:{id}' or 'student:{id}'). */
export interface FileOwner {
  schoolId: string;
  uploadedBy: string;
}

export interface ReceiveOptions {
  /** The original name when the URL carries it (lan/upload/{name}); else the multipart part's filename. */
  name?: string;
  /** Visibility of the new row (default 'public', spec: page images are public; the library makes its files private). */
  visibility?: FileVisibility;
}

/** Multipart framing allowed beyond the file itself when refusing early by Content-Length. */
const MULTIPART_OVERHEAD = 1024 * 1024;

export const tooLarge = fileTooLarge;
export const typeNotAllowed = () => new AppError(415, UPLOAD_ERRORS.typeNotAllowed);
export const badFileName = () => badInput(UPLOAD_ERRORS.badName);
export const diskFull = () => new AppError(507, UPLOAD_ERRORS.diskFull);

/** The owner of an upload by this session: a signed-in admin or student of a school; 401 otherwise. */
export function ownerOf(auth: Auth): FileOwner {
  if (auth.role === 'guest') throw noLogin();
  return { schoolId: auth.schoolId, uploadedBy: `${auth.role}:${auth.userId}` };
}

/** The checked original name and its upper-cased extension (spec 5), or 400/415. */
export function checkUpload(ctx: AppContext, name: string, mime: string): { name: string; ext: string } {
  if (!isPlainFileName(name)) throw badFileName();
  const ext = uploadExtension(name, mime);
  if (!ext || !ctx.config.UPLOAD_TYPES.includes(ext)) throw typeNotAllowed();
  return { name, ext };
}

/** A Transform that counts bytes and fails past the limit (413, or 429 when a daily limit is the nearer). */
function byteCounter(max: number, allowance: number, overflow: () => AppError) {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > max) return callback(tooLarge());
      if (size > allowance) return callback(overflow());
      callback(null, chunk);
    },
  });
  return { counter, size: () => size };
}

/**
 * Maps a failure while receiving to the client's error: 507 for a full disk, an AppError as it is, a form's
 * mistake as the multipart plugin says (server/plugins/multipart), else the error itself (a 500).
 */
export function storageError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isDiskFull(error)) return diskFull();
  return formError(error);
}

interface Received {
  tmpFile: string;
  name: string;
  ext: string;
  mime: string;
  size: number;
  /** Its row in the upload ledger (upload-quota.ts), settled when stored. */
  reservation?: string;
}

/**
 * Streams one file part to tmp/uploads (never held in memory), enforcing the size limit and the daily limits
 * (counted from here at the size the request announces); removes it and its count on failure.
 */
async function writePart(
  ctx: AppContext,
  request: FastifyRequest,
  part: MultipartFile,
  owner: FileOwner,
  name: string,
): Promise<Received> {
  const mime = (part.mimetype || 'application/octet-stream').slice(0, 200);
  let checked: { name: string; ext: string };
  try {
    checked = checkUpload(ctx, name, mime);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const declared = Number(request.headers['content-length']);
  let reservation: Reservation;
  try {
    reservation = await reserveUpload(ctx, owner, Number.isFinite(declared) ? declared : 0);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const tmpFile = path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`);
  const { counter, size } = byteCounter(ctx.config.UPLOAD_MAX_BYTES, reservation.allowance, reservation.overflow);
  try {
    await pipeline(part.file, counter, createUploadStream(tmpFile));
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    part.file.resume();
    await removeQuietly(tmpFile);
    await releaseUpload(ctx, reservation.id);
    throw storageError(error);
  }
  return { tmpFile, name: checked.name, ext: checked.ext, mime, size: size(), reservation: reservation.id };
}

/**
 * Receives a multipart upload (file field 'file-select', spec 7) into files/userupload/{schoolId}/{guid}.{EXT}
 * and inserts its files row. The file streams to tmp/uploads and is renamed into place only when complete;
 * 400 bad name / no file / a malformed form, 413 too large, 415 type not allowed, 507 disk full, and nothing is
 * left behind. A valid `token` field (from GET token / video/token) keeps the key that call announced.
 * The route's plugin registers `app.multipartParsing` (server/plugins/multipart) so that forms are parsed.
 */
export async function receiveMultipart(
  ctx: AppContext,
  request: FastifyRequest,
  owner: FileOwner,
  options: ReceiveOptions = {},
): Promise<StoredFile> {
  if (options.name !== undefined && !isPlainFileName(options.name)) throw badFileName();
  const fields: Record<string, string> = {};
  // Set inside the part handler (a closure TypeScript cannot follow), hence the holder.
  const got: { received?: Received } = {};
  const limits = { fileSize: ctx.config.UPLOAD_MAX_BYTES + 1, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 30 };
  try {
    await request.readForm({ limits, maxBodyBytes: ctx.config.UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD }, async (part) => {
      if (part.type === 'field') {
        if ((UPLOAD_TEXT_FIELDS as readonly string[]).includes(part.fieldname))
          fields[part.fieldname] = String(part.value);
        return;
      }
      if (got.received || (part.fieldname !== UPLOAD_FILE_FIELD && part.fieldname !== 'file')) {
        part.file.resume();
        return;
      }
      got.received = await writePart(ctx, request, part, owner, options.name ?? part.filename ?? '');
    });
  } catch (error) {
    if (got.received) await removeQuietly(got.received.tmpFile);
    if (got.received?.reservation) await releaseUpload(ctx, got.received.reservation);
    throw storageError(error);
  }
  const { received } = got;
  if (!received) throw badInput(UPLOAD_ERRORS.noFile);
  try {
    return await storeReceived(ctx, received, owner, options.visibility ?? 'public', fields.token);
  } catch (error) {
    await removeQuietly(received.tmpFile);
    throw storageError(error);
  }
}

/**
 * Moves a complete temporary file into files/userupload/{schoolId}/{guid}.{EXT} and inserts its row
 * (also used by tus uploads, the avatar and signatures). With an upload token, the key is the one the token
 * announced. The upload counts against the daily limits (upload-quota.ts): through `received.reservation` when
 * it was counted as it began, else here (429, and the caller removes its temporary file).
 * A student's file is never public: asked for 'public', it is 'owner' (only its uploader fetches it at /{key})
 * until staff attach it to something of theirs (a resource serves it through signed URLs).
 */
export async function storeReceived(
  ctx: AppContext,
  received: { tmpFile: string; name: string; ext: string; mime: string; size: number; reservation?: string },
  owner: FileOwner,
  visibility: FileVisibility,
  token?: string,
): Promise<StoredFile> {
  const reservation = received.reservation ?? (await reserveUpload(ctx, owner, received.size)).id;
  try {
    // What a student uploads is theirs alone until staff attach it (rule: student files are private).
    const kept = owner.uploadedBy.startsWith('student:') && visibility === 'public' ? 'owner' : visibility;
    return await storeCounted(ctx, received, owner, kept, token, reservation);
  } catch (error) {
    await releaseUpload(ctx, reservation);
    throw error;
  }
}

async function storeCounted(
  ctx: AppContext,
  received: { tmpFile: string; name: string; ext: string; mime: string; size: number },
  owner: FileOwner,
  visibility: FileVisibility,
  token: string | undefined,
  reservation: string,
): Promise<StoredFile> {
  let key: string;
  let id: string;
  if (token) {
    const announced = await verifyUploadToken(ctx, token);
    if (!announced || announced.schoolId !== owner.schoolId || announced.ext !== received.ext)
      throw badInput(UPLOAD_ERRORS.badToken);
    key = announced.key;
    id = announced.guid;
  } else {
    id = ctx.ids.next();
    key = uploadKey(owner.schoolId, id, received.ext);
  }
  const finalFile = dataPath(ctx.config.dataDir, key);
  try {
    await moveIntoPlace(received.tmpFile, finalFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw badInput(UPLOAD_ERRORS.badToken);
    throw error;
  }
  const row: StoredFile = {
    id,
    schoolId: owner.schoolId,
    key,
    originalName: received.name,
    mime: received.mime,
    ext: received.ext,
    size: received.size,
    visibility,
    uploadedBy: owner.uploadedBy,
    storage: 'local',
    createdAt: ctx.now(),
  };
  try {
    await recordUpload(ctx, row, reservation);
  } catch (error) {
    await removeQuietly(finalFile);
    throw error;
  }
  return row;
}

/** Records a stored upload (on the disk or in the store): its files row and its daily-limit reservation settled, together. */
export async function recordUpload(ctx: AppContext, row: StoredFile, reservation: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.insertFile(tx, row);
    await settleUpload(ctx, reservation, row.size, tx);
  });
}

/** The public URL of a stored file: '/' + key (public files are served at /{key}). */
export function fileUrl(key: string): string {
  return `/${key}`;
}

/** The reply of an upload (zUploadedFile). */
export function uploadedFileReply(file: StoredFile): UploadedFile {
  return {
    status: 'ok',
    key: file.key,
    url: fileUrl(file.key),
    fileId: file.id,
    name: file.originalName,
    size: file.size,
    ext: file.ext,
    mime: file.mime,
    video: isVideoMime(file.mime),
  };
}

/** A files row by id. */
export async function findFile(ctx: AppContext, id: string): Promise<StoredFile | undefined> {
  return await repo.findFileById(ctx.db, id);
}

/** A files row by its key. */
export async function findFileByKey(ctx: AppContext, key: string): Promise<StoredFile | undefined> {
  return await repo.findFileByKey(ctx.db, key);
}

/** Public files are served at /{key}; private ones only through signed /media URLs. */
export async function setFileVisibility(ctx: AppContext, fileId: string, visibility: FileVisibility): Promise<void> {
  if (!(await repo.findFileById(ctx.db, fileId))) throw notFound();
  await repo.updateFileVisibility(ctx.db, fileId, visibility);
}

/** The absolute path of a stored file's key (or a derived path) under the data folder; throws on an unsafe key. */
export function absolutePath(ctx: AppContext, key: string): string {
  return dataPath(ctx.config.dataDir, key);
}

/**
 * Deletes a file: its row, then its bytes (on the data folder, or in the object store for a file the row says
 * lives there; a store that cannot be reached leaves the object behind, for the daily sweep); forgets cached
 * /media sources that pointed at it. Unknown ids are ignored.
 */
export async function removeFile(ctx: AppContext, fileId: string): Promise<void> {
  const file = await repo.findFileById(ctx.db, fileId);
  if (!file) return;
  await repo.deleteFileRow(ctx.db, fileId);
  forgetFileSources(ctx, fileId);
  if (file.storage === 's3') {
    // Without the store configured (STORAGE switched back) the object stays behind.
    if (ctx.config.STORAGE !== 's3') return;
    const store = await objectStoreOf(ctx.config);
    await store.remove(file.key).catch(() => undefined);
    return;
  }
  await removeQuietly(absolutePath(ctx, file.key));
}
