import * as z from 'zod';
import { zId } from './common';

/**
 * Uploads (spec 7 'Uploads', spec 5 'Uploaded files', spec 4 'Upload'): the lan multipart call, the token calls
 * of the online release kept for the lan one, resumable tus uploads and the reply every upload answers.
 */

/** The multipart field that carries the file (spec 7: 'multipart with field file-select'). */
export const UPLOAD_FILE_FIELD = 'file-select';
/** The other form fields the lan upload accepts (spec 7: 'Alternative form fields'). */
export const UPLOAD_TEXT_FIELDS = ['bucket', 'token', 'timeline', 'type'] as const;

/** Where resumable uploads live, under the API prefix: {prefix}lan/tus/ (tus 1.0.0 protocol). */
export const TUS_PATH = 'lan/tus/';
/** Headers of the final tus PATCH naming the stored file (exposed to browsers). */
export const TUS_FILE_ID_HEADER = 'Lanxue-File-Id';
export const TUS_FILE_KEY_HEADER = 'Lanxue-File-Key';
/** tus Upload-Metadata keys the server reads. */
export const TUS_METADATA = { filename: 'filename', filetype: 'filetype' } as const;

/** Stable error strings of refused uploads (spec 8 'Upload failure'; the client shows 上传失败！ and may add these). */
export const UPLOAD_ERRORS = {
  tooLarge: 'file too large',
  typeNotAllowed: 'file type not allowed',
  badName: 'bad file name',
  diskFull: 'disk full',
  noFile: 'no file',
  badToken: 'bad upload token',
  aborted: 'upload aborted',
  /** Direct uploads to the object store (online release): the completion report's refusals. */
  sizeRequired: 'size is required',
  notUploaded: 'upload not found',
  sizeMismatch: 'size differs from the declared one',
  typeMismatch: 'content type differs from the declared one',
  tokenExpired: 'upload token expired',
  storeUnavailable: 'object store unavailable',
  /** 429: a daily upload limit of the person or the school (data: scope, unit, limit, used, retryAfter). */
  limit: 'upload limit reached',
} as const;

/** A file name as a client sends it: a plain name, no folders, no NUL, not absolute. */
export const zUploadFileName = z
  .string()
  .min(1)
  .max(255)
  .refine((name) => isPlainFileName(name), 'must be a plain file name');

/** True for a name with no path part: no '/', '\\', NUL or control characters, not '.' or '..', no drive letter. */
export function isPlainFileName(name: string): boolean {
  if (!name || name.length > 255) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(name)) return false;
  if (name === '.' || name === '..') return false;
  if (/^[A-Za-z]:/.test(name)) return false;
  return true;
}

/** POST {prefix}lan/upload/{name}: the original file name in the path. */
export const zLanUploadParams = z.object({ name: z.string().min(1).max(255) });

/** What every upload answers (lan/upload, resource/upload's file part, lan/upload/result/{uploadId}). */
export const zUploadedFile = z.object({
  status: z.literal('ok'),
  /** Storage key: files/userupload/{schoolId}/{guid}.{EXT} (spec 7). */
  key: z.string(),
  /** Where the file is served when public: '/' + key; a file in the object store: its CDN URL (public) or a short-lived signed GET. */
  url: z.string(),
  fileId: zId,
  /** The original file name. */
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** Upper-cased extension without the dot (spec 5). */
  ext: z.string(),
  mime: z.string(),
  /** Spec 5: a mime type starting with video. */
  video: z.boolean(),
});
export type UploadedFile = z.infer<typeof zUploadedFile>;

/** A mime type as a browser gives it (File.type), without parameters. */
export const zContentType = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9][\w.+-]*\/[\w.+-]+$/, 'must be a mime type such as image/png');

/**
 * What a direct upload to the object store declares (online release with STORAGE=s3): the file's size in bytes
 * (required there) and its content type (File.type; default from the extension, else application/octet-stream).
 */
const directUploadFields = {
  size: z.coerce.number().int().nonnegative().optional(),
  contentType: zContentType.optional(),
};

/** GET token {bucket, type (default 0), filename} (spec 7). */
export const zUploadTokenQuery = z.object({
  bucket: z.string().max(100).optional(),
  type: z.coerce.number().int().min(0).max(99).default(0),
  filename: zUploadFileName,
  ...directUploadFields,
});

/** GET video/token {vq, filename} (spec 7). */
export const zVideoTokenQuery = z.object({
  vq: z.string().max(100).optional(),
  filename: zUploadFileName,
  ...directUploadFields,
});

/** How the browser sends the file straight to the object store: PUT the bytes to url with exactly these headers. */
export const zDirectPut = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  /** content-type and x-amz-acl (signed: a store refuses a PUT whose headers or size differ). */
  headers: z.record(z.string(), z.string()),
  /** When the URL stops being accepted (ms since epoch). */
  expiresAt: z.number().int(),
});
export type DirectPut = z.infer<typeof zDirectPut>;

/** The token calls' reply (spec 4 'Upload token response': uptoken, key, status). */
export const zUploadToken = z.object({
  uptoken: z.string(),
  /** The storage key the upload will get; send the uptoken as the lan upload's 'token' field to keep it. */
  key: z.string(),
  status: z.literal('ok'),
  /** Online release with STORAGE=s3: where and how to PUT the file; then POST upload/complete {uptoken}. */
  put: zDirectPut.optional(),
});
export type UploadToken = z.infer<typeof zUploadToken>;

/** POST upload/complete: the uptoken of a file PUT straight to the object store. */
export const zUploadCompleteBody = z.object({ uptoken: z.string().min(1).max(4096) });

/** POST fileurl / videourl with the key as `data` (spec 7 'with a data payload') or `key`. */
export const zFileUrlBody = z
  .object({
    data: z.string().max(300).optional(),
    key: z.string().max(300).optional(),
    /** A file in the object store: a URL that saves it under its original name. */
    download: z.boolean().optional(),
  })
  .refine((body) => !!(body.data || body.key), { message: 'data or key is required', path: ['data'] });

export const zFileUrl = z.object({ url: z.string(), key: z.string() });
export type FileUrl = z.infer<typeof zFileUrl>;

/** GET {prefix}lan/upload/result/{uploadId}: the stored file of a finished tus upload. */
export const zUploadResultParams = z.object({
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an upload id'),
});

/**
 * Who may fetch a stored file at /{key}: 'public' anyone; 'owner' only the person who uploaded it (what students
 * upload, until staff attach it); 'private' nobody (resources through signed URLs, signatures through their call).
 */
export const zFileVisibility = z.enum(['public', 'private', 'owner']);
export type FileVisibility = z.infer<typeof zFileVisibility>;
