/**
 * Uploads of spec 7 'Uploads' (lan release): the multipart lan/upload, the stored file of a finished tus
 * upload, the upload tokens and the URL of a file by key. Anyone signed in (a student's files are theirs
 * alone, staff files the school's); the daily limits and the owner checks are the service's. The tus
 * protocol routes themselves (lan/tus/) answer tus, not the envelope, and are not declared calls.
 */
import * as s from '../schemas/uploads';
import { defineCall } from '../contract';

const tags = ['uploads'];
const access = 'signedIn';
const fileUrlSummary =
  "The URL of an uploaded file of the caller's school from its key (spec 7 'POST fileurl and POST videourl with a " +
  "data payload return a URL'). A file in the object store: its CDN URL when public, else for its uploader a " +
  'short-lived signed GET (download: saved under its original name).';

export const uploadCalls = {
  upload: defineCall({
    method: 'POST',
    path: 'lan/upload/:name',
    access,
    multipart: true,
    tags,
    summary:
      "Lan upload (spec 7): multipart, file field 'file-select' (also bucket, token, timeline, type). Streams to " +
      "files/userupload/{schoolId}/{guid}.{EXT}. 401 guest; 400 'bad file name' (path parts, NUL, absolute); 413 " +
      "'file too large'; 415 'file type not allowed'; 507 'disk full'.",
    params: s.zLanUploadParams,
    reply: s.zUploadedFile,
  }),
  result: defineCall({
    method: 'GET',
    path: 'lan/upload/result/:uploadId',
    access,
    tags,
    summary: 'The stored file of a finished resumable (tus) upload, for its uploader (404 otherwise).',
    params: s.zUploadResultParams,
    reply: s.zUploadedFile,
  }),
  token: defineCall({
    method: 'GET',
    path: 'token',
    access,
    tags,
    summary:
      'Upload token (spec 7): the key an upload of this file will get and the uptoken the lan upload accepts as its ' +
      'token field (15 minutes). Online release with STORAGE=s3: also `put`, the signed PUT to the object store ' +
      '(size required, content type signed; public-read for staff, private for students); then upload/complete. ' +
      "400 'size is required'; 413; 415; 429 a daily limit.",
    query: s.zUploadTokenQuery,
    reply: s.zUploadToken,
  }),
  videoToken: defineCall({
    method: 'GET',
    path: 'video/token',
    access,
    tags,
    summary: 'Video upload token (spec 7): as GET token, for a video file.',
    query: s.zVideoTokenQuery,
    reply: s.zUploadToken,
  }),
  complete: defineCall({
    method: 'POST',
    path: 'upload/complete',
    access,
    tags,
    summary:
      'Online release with STORAGE=s3 (issue 20): the file named by the uptoken was PUT to the object store; the ' +
      'platform HEADs it and records it as lan/upload does (same reply). Refused, the object is removed and ' +
      "nothing recorded: 400 'upload not found' / 'size differs from the declared one' / 'upload token expired', " +
      "413 too large, 415 'content type differs from the declared one', 429 a daily limit. 400 'bad upload " +
      "token' (forged, another person's, already recorded: the object is left alone); 502 store unreachable; " +
      '404 with local storage.',
    body: s.zUploadCompleteBody,
    reply: s.zUploadedFile,
  }),
  fileUrl: defineCall({
    method: 'POST',
    path: 'fileurl',
    access,
    tags,
    summary: fileUrlSummary,
    body: s.zFileUrlBody,
    reply: s.zFileUrl,
  }),
  videoUrl: defineCall({
    method: 'POST',
    path: 'videourl',
    access,
    tags,
    summary: fileUrlSummary,
    body: s.zFileUrlBody,
    reply: s.zFileUrl,
  }),
};
