/**
 * Web helpers of the resource library (shared/calls/resources.ts): SWR keys shared by screens, the subtitle
 * upload's FormData, and resource/poster, which is a plain route (it takes a multipart image or JSON).
 */
import { resourceCalls } from '../../shared/calls/resources';
import type { zPoster } from '../../shared/schemas/resources';
import { UPLOAD_FILE_FIELD } from '../../shared/schemas/uploads';
import type * as z from 'zod';
import { call, request } from './client';

/** SWR key of the folder tree. */
export const FOLDERS_KEY = resourceCalls.folders.path;
/** SWR key prefix of resource lists (useRevalidate('resource/list') refreshes every page). */
export const LIST_KEY = resourceCalls.list.path;
/** SWR key of a course's attached resources (GET chapter/wares). */
export const chapterWaresKey = (coid: string) => `chapter/wares?coid=${coid}`;

/** Uploads a subtitle file (.vtt or .srt) for a video: multipart, rid, label and lang in the query string. */
export function uploadSubtitle(rid: string, file: File, label: string, lang: string) {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return request(resourceCalls.addSubtitle, { query: { rid, label, lang }, body: form });
}

/** POST resource/poster {rid, fileId}: an uploaded image becomes the video's poster. */
export const setPoster = (rid: string, fileId: string) =>
  call<z.infer<typeof zPoster>>('resource/poster', { method: 'POST', body: { rid, fileId } });
