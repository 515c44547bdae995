import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  FEEDBACK_ERRORS,
  SIGNATURE_FILE_NAME,
  SIGNATURE_MAX_BYTES,
  type SaveSignature,
  type SignatureCheck,
  type SignatureUploaded,
} from '../../../shared/schemas/feedback';
import type { AppContext, Auth } from '../../context';
import { badInput, forbidden, noLogin, notFound } from '../../lib/errors';
import { removeQuietly, TMP_UPLOADS_DIR } from '../../lib/storage';
import type { ServeTarget } from '../files/files.service';
import { canManageCourse } from '../courses/course-access';
import { readSettings } from '../courses/courses.presenter';
import {
  absolutePath,
  findFile,
  findFileByKey,
  removeFile,
  storageError,
  storeReceived,
  tooLarge,
} from '../uploads/uploads.service';
import { releaseUpload, reserveUpload } from '../uploads/upload-quota';
import { courseIdOrNotFound, openForStudent, studentOnly } from './feedback-access';
import { findFileById } from '../uploads/files.repository';
import * as repo from './feedback.repository';
import { signatureImageUrl } from './feedback.presenter';
import { recordsStore } from '../records/records.store';
import { cleanSignatureJpeg, storedFileIsJpeg } from './signature-image';

/**
 * E-signatures (spec 3 'Signature record', spec 4 'Signature dialog', spec 7 stu/savesignature,
 * stu/checksignature and 'Signature images are uploaded as JPEG named signature.jpeg, watermarked, returning
 * a key'). Two steps, as the spec's client does: upload the image (a private file, key
 * files/userupload/{schoolId}/{guid}.JPEG), then bind the key to the course. One signature per student and
 * course: signing again replaces it, and the old image is deleted once the new row is committed.
 */

/** Upload names taken as JPEG (the client sends signature.jpeg). */
const JPEG_NAME = /\.(jpe?g)$/i;
/** Signature uploads never bound are kept this long (an upload waits for its savesignature), then removed. */
const UNBOUND_GRACE_MS = 10 * 60 * 1000;
/** At most this many unbound signature uploads per student: older ones go when a new one arrives. */
const UNBOUND_KEEP = 4;

const uploaderOf = (studentId: string) => `student:${studentId}`;

/**
 * POST stu/signature/upload (multipart, file field 'file-select' or 'file', named signature.jpeg): a
 * signed-in student's signature image, checked by its bytes (cleanSignatureJpeg) and stored privately.
 * 401 guest; 403 administrator; 400 no file; 413 over 1 MB; 415 a name that is not .jpeg/.jpg or bytes that
 * are not a JPEG; 507 disk full. Nothing is left behind on failure.
 */
export async function receiveSignature(ctx: AppContext, request: FastifyRequest): Promise<SignatureUploaded> {
  const student = studentOnly(request.auth);
  const { bytes } = await request.readFormFile({
    maxBytes: SIGNATURE_MAX_BYTES,
    acceptsName: (name) => JPEG_NAME.test(name),
  });
  const clean = await cleanSignatureJpeg(bytes);
  if (clean.length > SIGNATURE_MAX_BYTES) throw tooLarge();

  const owner = { schoolId: student.schoolId, uploadedBy: uploaderOf(student.userId) };
  // Counted against the daily upload limits before anything changes (429 leaves the older uploads alone).
  const reservation = (await reserveUpload(ctx, owner, clean.length)).id;
  // Uploads never bound by savesignature do not pile up: keep the newest few.
  const unbound = await repo.unboundSignatureFiles(ctx.db, owner.schoolId, owner.uploadedBy, SIGNATURE_FILE_NAME);
  for (const file of unbound.slice(0, Math.max(0, unbound.length - UNBOUND_KEEP + 1))) await removeFile(ctx, file.id);

  const tmpFile = path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`);
  try {
    await fsp.writeFile(tmpFile, clean, { flag: 'wx' });
    const size = clean.length;
    const received = { tmpFile, name: SIGNATURE_FILE_NAME, ext: 'JPEG', mime: 'image/jpeg', size, reservation };
    const stored = await storeReceived(ctx, received, owner, 'private');
    return { status: 'ok', key: stored.key, size: stored.size };
  } catch (error) {
    await removeQuietly(tmpFile);
    await releaseUpload(ctx, reservation);
    throw storageError(error);
  }
}

/**
 * POST stu/savesignature {uid?, img, coid, cid}: binds the student's own uploaded signature image to the
 * course. The course must ask for a signature (settings.signature, else 403 signatureOff), the student
 * must be able to study the whole course (the study refusals) and must have finished it (course record
 * completed, else 403 courseNotFinished). img must be a key this student's signature
 * upload answered and still a JPEG, not used by another signature (400 'bad signature image').
 */
export async function saveSignature(
  ctx: AppContext,
  auth: Auth,
  input: SaveSignature,
): Promise<{ success: true; id: string; url: string }> {
  const { head, student } = await openForStudent(ctx, auth, input.coid, input.cid, true);
  if (!readSettings(head.settings).signature) throw forbidden(FEEDBACK_ERRORS.signatureOff);
  // A signature attests a finished course: the server's record must say so (the last heartbeat included).
  const record = await recordsStore(ctx).courseRecord(student.userId, head.id);
  if (record?.completedAt == null) throw forbidden(FEEDBACK_ERRORS.notFinished);
  const file = await findFileByKey(ctx, input.img.trim().replace(/^\/+/, ''));
  const own =
    file &&
    file.schoolId === student.schoolId &&
    file.uploadedBy === uploaderOf(student.userId) &&
    file.visibility === 'private' &&
    file.originalName === SIGNATURE_FILE_NAME &&
    file.ext === 'JPEG';
  if (!own || !(await storedFileIsJpeg(absolutePath(ctx, file.key)))) throw badInput(FEEDBACK_ERRORS.badImage);

  const id = ctx.ids.next();
  const outcome = await ctx.db.transaction(async (tx) => {
    // Removed meanwhile (a newer upload pruned it): as if it never was.
    if (!(await findFileById(tx, file.id))) throw badInput(FEEDBACK_ERRORS.badImage);
    const bound = await repo.signatureOfFile(tx, file.id);
    if (bound) {
      // The same image saved twice for the same course (a double click) is the signature already there.
      if (bound.studentId === student.userId && bound.courseId === head.id) return { id: bound.id, replaced: null };
      throw badInput(FEEDBACK_ERRORS.badImage);
    }
    const previous = await repo.findSignature(tx, student.userId, head.id);
    if (previous) await repo.deleteSignature(tx, previous.id);
    await repo.insertSignature(tx, {
      id,
      schoolId: head.schoolId,
      studentId: student.userId,
      courseId: head.id,
      chapterId: input.cid,
      fileId: file.id,
      createdAt: ctx.now(),
    });
    return { id, replaced: previous ?? null };
  });
  // The old image goes only after the new row is committed; then stale unbound uploads of this student.
  if (outcome.replaced) await removeFile(ctx, outcome.replaced.fileId);
  for (const stale of await repo.unboundSignatureFiles(
    ctx.db,
    student.schoolId,
    uploaderOf(student.userId),
    SIGNATURE_FILE_NAME,
    ctx.now() - UNBOUND_GRACE_MS,
  )) {
    await removeFile(ctx, stale.id);
  }
  return { success: true, id: outcome.id, url: signatureImageUrl(ctx, outcome.id) };
}

/** Whether the student signed the course (spec 7 'Check signature by coid (hasImg)'); for the ware call too. */
export async function hasSignature(ctx: AppContext, studentId: string, courseId: string): Promise<boolean> {
  return await repo.hasSignature(ctx.db, studentId, courseId);
}

/** GET stu/checksignature {coid}: hasImg, and the address of the image the student may look at. */
export async function checkSignature(ctx: AppContext, auth: Auth, coid: string): Promise<SignatureCheck> {
  const student = studentOnly(auth);
  const row = await repo.findSignature(ctx.db, student.userId, courseIdOrNotFound(ctx, coid));
  if (!row) return { hasImg: false };
  return { hasImg: true, url: signatureImageUrl(ctx, row.id), time: Math.floor(row.createdAt / 1000) };
}

/**
 * GET signature/image/{id}: the image, to the student who signed or to an administrator who manages the
 * course (the route checks the 'course' permission first). Anyone else: 404, as if there were none.
 */
export async function signatureImage(ctx: AppContext, auth: Auth, id: string): Promise<ServeTarget> {
  if (auth.role === 'guest') throw noLogin();
  const row = await repo.findSignatureById(ctx.db, id);
  if (!row) throw notFound(FEEDBACK_ERRORS.signatureNotFound);
  const allowed =
    auth.role === 'student'
      ? row.studentId === auth.userId
      : auth.schoolId === row.schoolId &&
        (await canManageCourse(ctx, auth.userId, { schoolId: row.schoolId, id: row.courseId }));
  if (!allowed) throw notFound(FEEDBACK_ERRORS.signatureNotFound);
  const file = await findFile(ctx, row.fileId);
  if (!file) throw notFound(FEEDBACK_ERRORS.signatureNotFound);
  return { absolute: absolutePath(ctx, file.key), relative: file.key };
}
