import type { Reply } from '../../../shared/envelope';
import { SIGNATURE_FILE_NAME, type SignatureUploaded } from '../../../shared/schemas/feedback';
import { UPLOAD_FILE_FIELD } from '../../../shared/schemas/uploads';
import { apiUrl, call, NETWORK_ERROR } from '../../api/client';

/** The calls of the signature and rating dialogs (spec 7 stu/savesignature, grade/add; the signature upload). */

/** POST stu/signature/upload: the pad's JPEG as signature.jpeg (multipart field file-select); answers the key. */
export async function uploadSignature(image: Blob): Promise<Reply<SignatureUploaded>> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, image, SIGNATURE_FILE_NAME);
  let response: Response;
  try {
    response = await fetch(apiUrl('stu/signature/upload'), { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    return { status: 'error', error: NETWORK_ERROR, data: null };
  }
  try {
    const reply = (await response.json()) as Reply<SignatureUploaded>;
    // Spec 5: success only when status is ok (and, as for every upload, HTTP 200).
    if (reply && reply.status === 'ok' && response.ok) return reply;
    if (reply && reply.status === 'error') return reply;
  } catch {
    // not a JSON envelope
  }
  return { status: 'error', error: `HTTP ${response.status}`, data: null };
}

/** POST stu/savesignature {img, coid, cid}: binds the uploaded image to the course (replacing an earlier one). */
export const saveSignature = (body: { img: string; coid: string; cid: string }) =>
  call<{ success: true; id: string; url: string }>('stu/savesignature', { method: 'POST', body });

/** POST grade/add {coid, cid, score, content}. */
export const addGrade = (body: { coid: string; cid: string; score: number; content: string }) => call<{ success: true; id: string }>('grade/add', { method: 'POST', body });
