/** Web helpers of the signature and rating calls (shared/calls/feedback.ts). */
import { SIGNATURE_FILE_NAME } from '../../shared/schemas/feedback';
import { UPLOAD_FILE_FIELD } from '../../shared/schemas/uploads';

/** The form of stu/signature/upload: the pad's JPEG as signature.jpeg in the upload file field (spec 7). */
export function signatureForm(image: Blob): FormData {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, image, SIGNATURE_FILE_NAME);
  return form;
}
