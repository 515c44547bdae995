import { UPLOAD_ERRORS, type UploadToken } from '../../../shared/schemas/uploads';
import {
  declaredContentType,
  directUploadProblem,
  type DirectUploadProblem,
} from '../../../shared/rules/direct-upload';
import { mimeOfExtension } from '../../../shared/rules/file-kind';
import type { Auth, AppContext } from '../../context';
import { AppError, badInput, notFound } from '../../lib/errors';
import { objectStoreOf, StoreUnavailable } from '../../lib/object-store';
import path from 'node:path';
import { removeQuietly, TMP_UPLOADS_DIR, uploadKey, USERUPLOAD_DIR } from '../../lib/storage';
import { forgetFileSources } from '../files/source-cache';
import * as repo from './files.repository';
import { releaseUpload, reserveUpload } from './upload-quota';
import { DIRECT_COMPLETE_GRACE_SECONDS, issueDirectUploadToken, verifyDirectUploadToken } from './upload-token';
import {
  absolutePath,
  checkUpload,
  fileUrl,
  ownerOf,
  recordUpload,
  tooLarge,
  type StoredFile,
} from './uploads.service';

/**
 * Direct uploads of the online release (issue 20 'Object storage and CDN', spec 7 'Uploads': "the file is sent
 * straight to object storage with the token and key"; "the signed-URL variant is a PUT with public-read ACL and
 * the file type"). GET token / video/token sign a PUT; the browser sends the file to the store; POST
 * upload/complete checks the object (HEAD) and records it as a lan upload is recorded. Nothing is kept in
 * memory between the calls: the uptoken carries what completion checks (upload-token.ts).
 */

/** True when uploads go to the object store (STORAGE=s3, which loadConfig allows only with VER=online). */
export const directUploads = (ctx: AppContext) => ctx.config.STORAGE === 's3';

const storeUnavailable = () => new AppError(502, UPLOAD_ERRORS.storeUnavailable);

/** Runs a store operation; a store that cannot be reached is a 502, never a 500. */
export async function atStore<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailable) throw storeUnavailable();
    throw error;
  }
}

/** The token calls with STORAGE=s3: the key, the uptoken and the signed PUT (400 no size, 413, 415, 429). */
export async function issueDirectUpload(
  ctx: AppContext,
  auth: Auth,
  query: { filename: string; size?: number; contentType?: string },
): Promise<UploadToken> {
  const owner = ownerOf(auth);
  const { name, ext } = checkUpload(ctx, query.filename, query.contentType ?? '');
  if (query.size === undefined) throw badInput(UPLOAD_ERRORS.sizeRequired);
  if (query.size > ctx.config.UPLOAD_MAX_BYTES) throw tooLarge();
  // A daily limit already reached is told now, before the file is sent (it is counted at completion).
  await releaseUpload(ctx, (await reserveUpload(ctx, owner, query.size)).id);
  const contentType = declaredContentType(query.contentType, mimeOfExtension(ext));
  // What a student uploads is theirs alone (as storeReceived does for lan uploads).
  const visibility = owner.uploadedBy.startsWith('student:') ? 'owner' : 'public';
  const key = uploadKey(owner.schoolId, ctx.ids.next(), ext);
  const now = ctx.now();
  const store = await objectStoreOf(ctx.config);
  const put = await atStore(() =>
    store.signPut(key, { contentType, size: query.size!, publicRead: visibility === 'public' }, now),
  );
  const exp = Math.floor(put.expiresAt / 1000);
  const uptoken = await issueDirectUploadToken(ctx, {
    key,
    uploadedBy: owner.uploadedBy,
    name,
    size: query.size,
    contentType,
    visibility,
    exp,
  });
  return { uptoken, key, status: 'ok', put };
}

const refusals: Record<DirectUploadProblem, () => AppError> = {
  notUploaded: () => badInput(UPLOAD_ERRORS.notUploaded),
  tooLarge,
  sizeMismatch: () => badInput(UPLOAD_ERRORS.sizeMismatch),
  typeMismatch: () => new AppError(415, UPLOAD_ERRORS.typeMismatch),
};

/**
 * POST upload/complete: the object the uptoken names exists with the declared size (within UPLOAD_MAX_BYTES)
 * and content type, and the daily limits allow it: its files row is inserted (the id is the key's guid). On a
 * refusal the object is removed and nothing is recorded. A token that is forged, another person's or already
 * used is refused without touching the object (400 'bad upload token').
 */
export async function completeDirectUpload(ctx: AppContext, auth: Auth, uptoken: string): Promise<StoredFile> {
  if (!directUploads(ctx)) throw notFound();
  const owner = ownerOf(auth);
  const token = await verifyDirectUploadToken(ctx, uptoken);
  if (!token || token.uploadedBy !== owner.uploadedBy || token.schoolId !== owner.schoolId)
    throw badInput(UPLOAD_ERRORS.badToken);
  if (await repo.findFileByKey(ctx.db, token.key)) throw badInput(UPLOAD_ERRORS.badToken);
  const store = await objectStoreOf(ctx.config);
  const refuse = async (error: AppError) => {
    await atStore(() => store.remove(token.key));
    return error;
  };
  if (token.expired) throw await refuse(badInput(UPLOAD_ERRORS.tokenExpired));
  const found = await atStore(() => store.head(token.key));
  const problem = directUploadProblem(token, found, ctx.config.UPLOAD_MAX_BYTES);
  if (problem === 'notUploaded') throw refusals.notUploaded();
  if (problem) throw await refuse(refusals[problem]());
  let reservation: string;
  try {
    reservation = (await reserveUpload(ctx, owner, token.size)).id;
  } catch (error) {
    throw error instanceof AppError ? await refuse(error) : error;
  }
  const row: StoredFile = {
    id: token.guid,
    schoolId: owner.schoolId,
    key: token.key,
    originalName: token.name,
    mime: token.contentType,
    ext: token.ext,
    size: token.size,
    visibility: token.visibility,
    uploadedBy: owner.uploadedBy,
    storage: 's3',
    createdAt: ctx.now(),
  };
  try {
    await recordUpload(ctx, row, reservation);
  } catch (error) {
    await releaseUpload(ctx, reservation);
    // Completed twice at once: the other report recorded it.
    if (await repo.findFileByKey(ctx.db, token.key)) throw badInput(UPLOAD_ERRORS.badToken);
    throw error;
  }
  return row;
}

/**
 * POST fileurl / videourl for a file of the caller's school: a file on the data folder answers '/' + key
 * (public ones only, as in the lan release); one in the object store answers its CDN (public) URL, or for its
 * uploader a short-lived signed GET (with `download`, saved under its original name). 404 for any other.
 */
export async function fileUrlOf(
  ctx: AppContext,
  auth: Auth,
  key: string,
  download = false,
): Promise<{ url: string; key: string }> {
  const owner = ownerOf(auth);
  const file = await repo.findFileByKey(ctx.db, key.replace(/^\/+/, ''));
  if (!file || file.schoolId !== owner.schoolId) throw notFound();
  const local = file.storage === 'local';
  if (file.visibility === 'public' && local) return { url: fileUrl(file.key), key: file.key };
  if (local) throw notFound();
  // A file of the store while the platform runs without it (STORAGE switched back): not reachable now.
  if (!directUploads(ctx)) throw storeUnavailable();
  const store = await objectStoreOf(ctx.config);
  if (file.visibility === 'public' && !download) return { url: store.publicUrl(file.key), key: file.key };
  if (file.visibility !== 'public' && file.uploadedBy !== owner.uploadedBy) throw notFound();
  const url = await atStore(() => store.signGet(file.key, ctx.now(), download ? file.originalName : undefined));
  return { url, key: file.key };
}

/**
 * Housekeeping with STORAGE=s3 (at start and daily, on any node: it is idempotent): objects under
 * files/userupload/ that no files row names and that no uptoken can complete any more (older than the signed
 * PUT's lifetime, the completion grace and an hour) are removed: uploads whose browser never reported them.
 * Answers how many were removed.
 */
export async function sweepUnrecorded(ctx: AppContext): Promise<number> {
  if (!directUploads(ctx)) return 0;
  const store = await objectStoreOf(ctx.config);
  const before = ctx.now() - (ctx.config.S3_URL_TTL + DIRECT_COMPLETE_GRACE_SECONDS + 3600) * 1000;
  let removed = 0;
  for await (const keys of store.listOlderThan(`${USERUPLOAD_DIR}/`, before)) {
    for (const key of keys) {
      if (await repo.findFileByKey(ctx.db, key)) continue;
      await store.remove(key);
      removed += 1;
    }
  }
  return removed;
}

/**
 * A file about to become a library resource (private from then on, served through signed URLs): with
 * STORAGE=s3 it ends in the store, private. A file received on the disk (lan/upload, tus, resource/upload: the
 * library's own uploads go straight to the store, but an older page or an API client may still send them here)
 * is PUT there, its row says 's3' and the disk copy goes; a public object of the store gets the private ACL. A
 * store that keeps no per-object ACLs (MinIO, Garage, an AWS bucket with ACLs disabled) is no failure: its
 * bucket policy decides who reads the object, and the platform hands out only signed URLs for it; a warning
 * says so. 502 when the store cannot be reached; nothing has changed then. Lan release: nothing to do.
 */
export async function keepPrivateInStore(ctx: AppContext, file: StoredFile): Promise<StoredFile> {
  if (!directUploads(ctx)) return file;
  const store = await objectStoreOf(ctx.config);
  if (file.storage === 'local') {
    const local = absolutePath(ctx, file.key);
    await atStore(() => store.putFile(file.key, local, { contentType: file.mime }));
    await repo.updateFileStorage(ctx.db, file.id, 's3');
    forgetFileSources(ctx, file.id);
    await removeQuietly(local);
    return { ...file, storage: 's3' };
  }
  if (file.visibility === 'public' && !(await atStore(() => store.setAcl(file.key, false))))
    ctx.log.warn({ key: file.key }, 'the object store keeps no object ACLs: its bucket policy decides who reads it');
  return file;
}

/**
 * Runs `use` with a path on the disk holding the file's bytes: its own for a file on the data folder, else a
 * temporary copy from the store (removed afterwards). 404 when the store has no such object, 502 unreachable.
 */
export async function withLocalCopy<T>(
  ctx: AppContext,
  file: StoredFile,
  use: (file: string) => Promise<T>,
): Promise<T> {
  if (file.storage === 'local') return await use(absolutePath(ctx, file.key));
  if (!directUploads(ctx)) throw storeUnavailable();
  const store = await objectStoreOf(ctx.config);
  const tmp = path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`);
  try {
    if ((await atStore(() => store.getToFile(file.key, tmp))) === null) throw notFound('file not found');
    return await use(tmp);
  } finally {
    await removeQuietly(tmp);
  }
}
