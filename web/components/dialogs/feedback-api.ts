import type { Reply } from '../../../shared/envelope';
import { SIGNATURE_FILE_NAME, type SignatureUploaded } from '../../../shared/schemas/feedback';
import { UPLOAD_FILE_FIELD } from '../../../shared/schemas/uploads';
import { call } from '../../api/client';

/** The calls of the signature and rating dialogs (spec 7 stu/savesignature, grade/add; the signature upload). */

/** POST stu/signature/upload: the pad's JPEG as signature.jpeg (multipart field file-select); answers the key. */
export async function uploadSignature(image: Blob): Promise<Reply<SignatureUploaded>> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, image, SIGNATURE_FILE_NAME);
  // Spec 5: success only when status is ok (call answers an error reply for a non-JSON or failed answer).
  return call<SignatureUploaded>('stu/signature/upload', { method: 'POST', body: form });
}

/** POST stu/savesignature {img, coid, cid}: binds the uploaded image to the course (replacing an earlier one). */
export const saveSignature = (body: { img: string; coid: string; cid: string }) =>
  call<{ success: true; id: string; url: string }>('stu/savesignature', { method: 'POST', body });

/** POST grade/add {coid, cid, score, content}. */
export const addGrade = (body: { coid: string; cid: string; score: number; content: string }) => call<{ success: true; id: string }>('grade/add', { method: 'POST', body });
