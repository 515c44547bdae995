import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { isPlainFileName, UPLOAD_ERRORS, UPLOAD_FILE_FIELD, UPLOAD_TEXT_FIELDS, type FileVisibility, type UploadedFile } from '../../../shared/schemas/uploads';
import { isVideoMime, uploadExtension } from '../../../shared/rules/file-kind';
import type { Auth, AppContext } from '../../context';
import { AppError, badInput, noLogin, notFound } from '../../lib/errors';
import { createUploadStream, dataPath, isDiskFull, moveIntoPlace, removeQuietly, TMP_UPLOADS_DIR, uploadKey } from '../../lib/storage';
import * as repo from './files.repository';
import { verifyUploadToken } from './upload-token';
import { forgetFileSources } from '../files/source-cache';

/**
 * Uploaded files (spec 5 'Uploaded files', spec 7 'Uploads', issue 4 'Upload'): receiving a multipart upload
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

export const tooLarge = () => new AppError(413, UPLOAD_ERRORS.tooLarge);
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

/** A Transform that counts bytes and fails with 413 past the limit. */
function byteCounter(max: number) {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > max) return callback(tooLarge());
      callback(null, chunk);
    },
  });
  return { counter, size: () => size };
}

/** Maps a storage failure to the client's error: 507 for a full disk, the AppError itself, else rethrown. */
export function storageError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isDiskFull(error)) return diskFull();
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') return tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badInput(`${UPLOAD_ERRORS.noFile}: too many form fields`);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badInput('bad input: multipart/form-data expected');
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || (error as Error)?.message === 'Unexpected end of form' || code === 'FST_PREMATURE_CLOSE') {
    return new AppError(400, UPLOAD_ERRORS.aborted);
  }
  return error;
}

/** Multipart framing allowed beyond a small file when refusing early by Content-Length. */
const SMALL_MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Reads the one file part (field 'file-select' or 'file') of a small upload into memory (a signature, an avatar,
 * an import file): 400 without multipart or a file, 415 when acceptsName refuses its name, 413 past maxBytes
 * (refused early by Content-Length too), 507 for a full disk.
 */
export async function readSmallFile(request: FastifyRequest, maxBytes: number, acceptsName: (name: string) => boolean = () => true): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw badInput('bad input: multipart/form-data expected');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + SMALL_MULTIPART_OVERHEAD) throw tooLarge();
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
    if (!part || (part.fieldname !== UPLOAD_FILE_FIELD && part.fieldname !== 'file')) {
      part?.file.resume();
      throw badInput(UPLOAD_ERRORS.noFile);
    }
    const filename = part.filename ?? '';
    if (!acceptsName(filename)) {
      part.file.resume();
      throw typeNotAllowed();
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated || bytes.length > maxBytes) throw tooLarge();
    return { bytes, filename };
  } catch (error) {
    throw storageError(error);
  }
}

interface Received {
  tmpFile: string;
  name: string;
  ext: string;
  mime: string;
  size: number;
}

/** Streams one file part to tmp/uploads (never held in memory), enforcing the size limit; removes it on failure. */
async function writePart(ctx: AppContext, part: MultipartFile, name: string): Promise<Received> {
  const mime = (part.mimetype || 'application/octet-stream').slice(0, 200);
  let checked: { name: string; ext: string };
  try {
    checked = checkUpload(ctx, name, mime);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const tmpFile = path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`);
  const { counter, size } = byteCounter(ctx.config.UPLOAD_MAX_BYTES);
  try {
    await pipeline(part.file, counter, createUploadStream(tmpFile));
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    part.file.resume();
    await removeQuietly(tmpFile);
    throw storageError(error);
  }
  return { tmpFile, name: checked.name, ext: checked.ext, mime, size: size() };
}

/**
 * Receives a multipart upload (file field 'file-select', spec 7) into files/userupload/{schoolId}/{guid}.{EXT}
 * and inserts its files row. The file streams to tmp/uploads and is renamed into place only when complete;
 * 400 bad name / no file, 413 too large, 415 type not allowed, 507 disk full, and nothing is left behind.
 * A valid `token` field (from GET token / video/token) keeps the key that call announced.
 * The route's plugin must register `uploadParsing` (routes.ts) so that multipart bodies are parsed.
 */
export async function receiveMultipart(ctx: AppContext, request: FastifyRequest, owner: FileOwner, options: ReceiveOptions = {}): Promise<StoredFile> {
  if (typeof request.isMultipart !== 'function') throw new Error('receiveMultipart: register uploadParsing in this route plugin');
  if (!request.isMultipart()) throw badInput('bad input: multipart/form-data expected');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > ctx.config.UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  if (options.name !== undefined && !isPlainFileName(options.name)) throw badFileName();

  const fields: Record<string, string> = {};
  let received: Received | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: ctx.config.UPLOAD_MAX_BYTES + 1, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 30 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if ((UPLOAD_TEXT_FIELDS as readonly string[]).includes(part.fieldname)) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (received || (part.fieldname !== UPLOAD_FILE_FIELD && part.fieldname !== 'file')) {
        part.file.resume();
        continue;
      }
      received = await writePart(ctx, part, options.name ?? part.filename ?? '');
    }
  } catch (error) {
    if (received) await removeQuietly(received.tmpFile);
    throw storageError(error);
  }
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
 * (also used by tus uploads). With an upload token, the key is the one the token announced.
 */
export async function storeReceived(
  ctx: AppContext,
  received: { tmpFile: string; name: string; ext: string; mime: string; size: number },
  owner: FileOwner,
  visibility: FileVisibility,
  token?: string,
): Promise<StoredFile> {
  let key: string;
  let id: string;
  if (token) {
    const announced = verifyUploadToken(ctx, token);
    if (!announced || announced.schoolId !== owner.schoolId || announced.ext !== received.ext) throw badInput(UPLOAD_ERRORS.badToken);
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
    createdAt: ctx.now(),
  };
  try {
    repo.insertFile(ctx.db, row);
  } catch (error) {
    await removeQuietly(finalFile);
    throw error;
  }
  return row;
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

/** POST fileurl / videourl: the URL of a public file of the caller's school by its key; 404 for any other. */
export function fileUrlOf(ctx: AppContext, auth: Auth, key: string): { url: string; key: string } {
  const owner = ownerOf(auth);
  const file = repo.findFileByKey(ctx.db, key.replace(/^\/+/, ''));
  if (!file || file.schoolId !== owner.schoolId || file.visibility !== 'public') throw notFound();
  return { url: fileUrl(file.key), key: file.key };
}

/** A files row by id. */
export function findFile(ctx: AppContext, id: string): StoredFile | undefined {
  return repo.findFileById(ctx.db, id);
}

/** A files row by its key. */
export function findFileByKey(ctx: AppContext, key: string): StoredFile | undefined {
  return repo.findFileByKey(ctx.db, key);
}

/** Public files are served at /{key}; private ones only through signed /media URLs. */
export function setFileVisibility(ctx: AppContext, fileId: string, visibility: FileVisibility): void {
  if (!repo.findFileById(ctx.db, fileId)) throw notFound();
  repo.updateFileVisibility(ctx.db, fileId, visibility);
}

/** The absolute path of a stored file's key (or a derived path) under the data folder; throws on an unsafe key. */
export function absolutePath(ctx: AppContext, key: string): string {
  return dataPath(ctx.config.dataDir, key);
}

/** Deletes a file: its row, then its bytes; forgets cached /media sources that pointed at it. Unknown ids are ignored. */
export async function removeFile(ctx: AppContext, fileId: string): Promise<void> {
  const file = repo.findFileById(ctx.db, fileId);
  if (!file) return;
  repo.deleteFileRow(ctx.db, fileId);
  forgetFileSources(ctx, fileId);
  await removeQuietly(absolutePath(ctx, file.key));
}
