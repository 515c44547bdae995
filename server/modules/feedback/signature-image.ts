import fsp from 'node:fs/promises';
import { FEEDBACK_ERRORS, SIGNATURE_MAX_SIDE } from '../../../shared/schemas/feedback';
import { AppError } from '../../lib/errors';
import { loadSharp } from '../../lib/heavy-modules';

/**
 * The server trusts nothing but a real JPEG (spec 7 'Signature images are uploaded as JPEG named
 * signature.jpeg, watermarked'): the bytes must start with the JPEG marker, decode as a JPEG of a sane size,
 * and are written again by sharp (quality 90) so that nothing but the picture is kept: no metadata, no
 * bytes after the image (a JPEG+HTML or JPEG+ZIP polyglot loses its tail). The watermark the client drew
 * stays part of the picture.
 */

export const notJpeg = () => new AppError(415, FEEDBACK_ERRORS.notJpeg);

/** JPEG files start with SOI (FF D8) followed by a marker (FF). */
export function hasJpegMagic(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** The checked, re-encoded JPEG of an upload; 415 'not a jpeg image' for anything else (including no bytes). */
export async function cleanSignatureJpeg(bytes: Buffer): Promise<Buffer> {
  if (!hasJpegMagic(bytes)) throw notJpeg();
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: SIGNATURE_MAX_SIDE * SIGNATURE_MAX_SIDE });
    const meta = await image.metadata();
    if (
      meta.format !== 'jpeg' ||
      !meta.width ||
      !meta.height ||
      meta.width > SIGNATURE_MAX_SIDE ||
      meta.height > SIGNATURE_MAX_SIDE
    )
      throw notJpeg();
    return await image.rotate().flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: false }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notJpeg();
  }
}

/** Whether a stored file still starts as a JPEG (checked again when a key is bound to a signature). */
export async function storedFileIsJpeg(absolute: string): Promise<boolean> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(absolute, 'r');
    const head = Buffer.alloc(3);
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    return bytesRead === 3 && hasJpegMagic(head);
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}
