import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_ERRORS, AVATAR_MAX, AVATAR_SIDE, avatarProblem } from '../../../shared/schemas/account';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { loadSharp } from '../../lib/heavy-modules';
import { removeQuietly, TMP_UPLOADS_DIR } from '../../lib/storage';
import { updateStudent } from '../students/student-writes';
import { fileUrl, findFileByKey, removeFile, storageError, storeReceived } from '../uploads/uploads.service';
import { ownStudent } from './account.service';

/**
 * Avatar upload (spec 5 'Avatar upload: types jpeg, jpg, png; size at most 2097152 bytes', spec 8 修改成功！/
 * 修改失败！, spec 9). The file's name must end in .jpeg/.jpg/.png AND its bytes must start as a JPEG or PNG;
 * sharp then decodes it and writes a new square JPEG (AVATAR_SIDE a side, no metadata), so nothing but a
 * picture is ever served. It is stored as an 'owner' file (only its student fetches it, as every file a student
 * uploads) under files/userupload/{schoolId}/{guid}.JPG (the one storage layout, server/lib/storage), counted
 * against the daily upload limits; students.avatar takes its URL, and the previous avatar file is removed once
 * the new one is saved.
 *
 * Choices where the spec is silent: a picture is cropped to its centre square (fit cover); transparency is
 * flattened on white; images larger than 40 megapixels are refused as not allowed (decompression bombs).
 */

const MAX_PIXELS = 40_000_000;
const AVATAR_NAME = 'avatar.jpg';

export const avatarTypeRefused = () => new AppError(415, ACCOUNT_ERRORS.avatarType);
export const avatarTooLarge = () => new AppError(413, ACCOUNT_ERRORS.avatarTooLarge);

/** The image kind a file's first bytes say (JPEG: FF D8 FF; PNG: the 8-byte signature), or null. */
export function imageKindOf(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/** The re-encoded square avatar of an upload, or 415 when the bytes are not a decodable JPEG or PNG. */
export async function squareAvatar(bytes: Buffer): Promise<Buffer> {
  const kind = imageKindOf(bytes);
  if (!kind) throw avatarTypeRefused();
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== kind || !meta.width || !meta.height) throw avatarTypeRefused();
    return await image
      .rotate()
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw avatarTypeRefused();
  }
}

/** Reads the one file part (field 'file-select' or 'file') into memory, at most AVATAR_MAX bytes. */
async function readAvatarPart(request: FastifyRequest): Promise<Buffer> {
  try {
    return (
      await request.readFormFile({ maxBytes: AVATAR_MAX, acceptsName: (name) => avatarProblem(name, 0) !== 'type' })
    ).bytes;
  } catch (error) {
    // The spec's own messages for the avatar (spec 5, 8).
    if (error instanceof AppError && error.statusCode === 413) throw avatarTooLarge();
    if (error instanceof AppError && error.statusCode === 415) throw avatarTypeRefused();
    throw error;
  }
}

/** POST stu/avatar: 401 guest, 403 administrator, 400 no file, 413 over 2097152 bytes, 415 not a JPEG or PNG. */
export async function receiveAvatar(ctx: AppContext, request: FastifyRequest): Promise<{ avatar: string }> {
  const { student } = await ownStudent(ctx, request.auth);
  const picture = await squareAvatar(await readAvatarPart(request));
  const owner = { schoolId: student.schoolId, uploadedBy: `student:${student.id}` };
  const tmpFile = path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`);
  let stored;
  try {
    await fsp.writeFile(tmpFile, picture, { flag: 'wx' });
    const received = { tmpFile, name: AVATAR_NAME, ext: 'JPG', mime: 'image/jpeg', size: picture.length };
    stored = await storeReceived(ctx, received, owner, 'owner');
  } catch (error) {
    await removeQuietly(tmpFile);
    throw storageError(error);
  }
  const avatar = fileUrl(stored.key);
  try {
    await ctx.db.transaction(async (tx) => await updateStudent(tx, student.id, { avatar }, ctx.now()));
  } catch (error) {
    await removeFile(ctx, stored.id);
    throw error;
  }
  // The previous avatar goes once the new one is saved: only a file this student uploaded as an avatar.
  const previous = student.avatar ? await findFileByKey(ctx, student.avatar.replace(/^\/+/, '')) : undefined;
  if (
    previous &&
    previous.id !== stored.id &&
    previous.uploadedBy === owner.uploadedBy &&
    previous.originalName === AVATAR_NAME
  )
    await removeFile(ctx, previous.id);
  return { avatar };
}
