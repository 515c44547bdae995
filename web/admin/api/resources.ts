import type { z } from 'zod';
import type {
  ChapterWareInfo,
  FolderTree,
  ResourceItem,
  ResourceList,
  ResourceListQuery,
  ResourceUrls,
  zPptSlides,
  zResourceInUse,
  zSubtitles,
} from '../../../shared/schemas/resources';
import { UPLOAD_FILE_FIELD } from '../../../shared/schemas/uploads';
import { call } from '../../api/client';

/** The resource library's calls (spec 7 'Resources') and the chapter editor's attach calls. */

export type PptSlides = z.infer<typeof zPptSlides>;
export type Subtitles = z.infer<typeof zSubtitles>;
export type ResourceInUse = z.infer<typeof zResourceInUse>;

/** SWR key of the folder tree. */
export const FOLDERS_KEY = 'resource/category';
/** SWR key prefix of resource lists (useRevalidate('resource/list') refreshes every page). */
export const LIST_KEY = 'resource/list';

export const listResources = (query: ResourceListQuery) =>
  call<ResourceList>('resource/list', { query: query as Record<string, string | number | boolean | undefined> });
export const addResource = (fileId: string, cate: string, title?: string) => call<ResourceItem>('resource/add', { method: 'POST', body: { fileId, cate, title } });
export const renameResource = (rid: string, title: string) => call<ResourceItem>('resource/rename', { method: 'POST', body: { rid, title } });
export const moveResources = (rids: string[], cate: string) => call<{ list: ResourceItem[] }>('resource/move', { method: 'POST', body: { rids, cate } });
/** 409 'resource in use' with data {chapters} unless force. */
export const deleteResource = (rid: string, force = false) => call<{ rid: string; detached: number }>('resource/delete', { method: 'POST', body: { rid, force } });
export const retryResource = (rid: string) => call<ResourceItem>('resource/retry', { method: 'POST', body: { rid } });
export const resourceUrls = (rid: string) => call<ResourceUrls>('resource/url', { query: { rid } });

export const addFolder = (title: string, parentId: string) => call<FolderTree & { id: string }>('resource/category/add', { method: 'POST', body: { title, parent_id: parentId } });
export const renameFolder = (id: string, title: string) => call<FolderTree>('resource/category/rename', { method: 'POST', body: { id, title } });
export const moveFolder = (id: string, parentId: string) => call<FolderTree>('resource/category/move', { method: 'POST', body: { id, parent_id: parentId } });
export const deleteFolder = (id: string) => call<FolderTree>('resource/category/delete', { method: 'POST', body: { id } });

export const pptSlides = (rid: string) => call<PptSlides>('resource/ppt', { query: { rid } });
export const setPptCover = (rid: string, index: number) => call<PptSlides>('resource/ppt/cover', { method: 'POST', body: { rid, index } });
export const listSubtitles = (rid: string) => call<Subtitles>('resource/subtitle', { query: { rid } });
export const deleteSubtitle = (rid: string, index: number) => call<Subtitles>('resource/subtitle/delete', { method: 'POST', body: { rid, index } });
/** POST resource/poster {rid, fileId}: an uploaded image becomes the video's poster. */
export const setPoster = (rid: string, fileId: string) => call<{ rid: string; poster: string }>('resource/poster', { method: 'POST', body: { rid, fileId } });

/** Uploads a subtitle file (.vtt or .srt) for a video: multipart, rid, label and lang in the query string. */
export function uploadSubtitle(rid: string, file: File, label: string, lang: string) {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return call<Subtitles>('resource/subtitle', { method: 'POST', body: form, query: { rid, label, lang } });
}

// The chapter editor.
export const chapterWaresKey = (coid: string) => `chapter/wares?coid=${coid}`;
export const attachWare = (cid: string, rid: string) => call<{ cid: string; ware: ChapterWareInfo | null }>('chapter/ware', { method: 'POST', body: { cid, rid } });
export const wareCandidates = (query: { cid: string; cate?: string; page?: number; num?: number; searchStr?: string }) =>
  call<ResourceList & { accepts: string[] }>('chapter/ware/candidates', { query });
