import * as z from 'zod';
import { CHAPTER_TYPE } from './chapters';
import { zId } from './common';

/**
 * The resource library (spec 7 'Resources': resource/list {cate,page,num,searchStr,showSub,order,fileType},
 * upload, add, category, category/add, listbyrid, subtitle, poster, ppt, ppt/cover, res/live, resource/url,
 * resource/hash {key}). A resource (rid) is one uploaded file of the school with
 * what the conversion made of it; folders form a tree per school ('0' = the library's top).
 */

export const RESOURCE_KINDS = ['video', 'audio', 'pdf', 'office', 'ppt', 'image', 'other'] as const;
export type ResourceKindName = (typeof RESOURCE_KINDS)[number];
export const RESOURCE_STATUSES = ['ready', 'queued', 'converting', 'failed', 'unconverted'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];
/** A status that changes by itself: the library screen refreshes while one is shown. */
export const isPendingStatus = (status: string) => status === 'queued' || status === 'converting';

export const RESOURCE_TITLE_MAX = 100;
export const FOLDER_TITLE_MAX = 50;
/** Folders nest at most this deep (a library, not a file system). */
export const FOLDER_DEPTH_MAX = 5;
export const RESOURCE_PAGE_MAX = 100;

/** Error strings of the library calls. */
export const RESOURCE_ERRORS = {
  notFound: 'resource not found',
  folderNotFound: 'folder not found',
  folderNotEmpty: 'folder not empty',
  folderIntoItself: 'cannot move a folder into itself',
  folderTooDeep: 'folders too deep',
  inUse: 'resource in use',
  kindMismatch: 'resource kind does not fit the chapter',
  noResourceChapter: 'this chapter kind takes no resource',
  notVideo: 'not a video or audio resource',
  notPpt: 'not a presentation',
  notImage: 'not an image',
  badSubtitle: 'subtitle must be a .vtt or .srt text file',
  noSlides: 'no slides yet',
  fileTaken: 'file already belongs to a resource',
} as const;

export const zResourceTitle = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(RESOURCE_TITLE_MAX, `must be at most ${RESOURCE_TITLE_MAX} characters`);
export const zFolderTitle = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(FOLDER_TITLE_MAX, `must be at most ${FOLDER_TITLE_MAX} characters`);

/** A yes/no query or body value: true, 1, '1', 'true' are yes. */
const zYes = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

export const RESOURCE_ORDERS = ['new', 'old', 'title', 'size'] as const;
export type ResourceOrder = (typeof RESOURCE_ORDERS)[number];

/** GET resource/list: a folder ('0' = top), with its sub-folders when showSub, searched by title or file name, by kind. */
export const zResourceListQuery = z.object({
  cate: zId.default('0'),
  page: z.coerce.number().int().min(1).default(1),
  num: z.coerce.number().int().min(1).max(RESOURCE_PAGE_MAX).default(20),
  searchStr: z.string().trim().max(100).default(''),
  showSub: zYes.default(true),
  order: z.enum(RESOURCE_ORDERS).default('new'),
  fileType: z.union([z.enum(RESOURCE_KINDS), z.literal('')]).default(''),
});
export type ResourceListQuery = z.input<typeof zResourceListQuery>;

/** A library entry as the back office lists it. */
export const zResourceItem = z.object({
  rid: z.string(),
  title: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  /** The chapter kinds (CHAPTER_TYPE) this resource can be attached to. */
  chapterTypes: z.array(z.number().int()),
  /** Upper-cased extension of the uploaded file (spec 5). */
  ext: z.string(),
  /** The uploaded file's name. */
  name: z.string(),
  size: z.number().int(),
  status: z.enum(RESOURCE_STATUSES),
  statusMessage: z.string(),
  /** Seconds (video, audio). */
  duration: z.number().int(),
  /** Page or slide count once converted (pdf, office, ppt), else 0. */
  pages: z.number().int(),
  /** Milliseconds since 1970. */
  createTime: z.number().int(),
  category: z.object({ id: z.string(), title: z.string() }),
  /** A signed, short-lived URL of a small picture (image, poster, first slide), or null. */
  thumb: z.string().nullable(),
  /** Chapters (of courses not deleted) that teach this resource. */
  usedBy: z.number().int(),
  subtitles: z.number().int(),
  /** Storage key of the uploaded file (resource/hash). */
  key: z.string(),
});
export type ResourceItem = z.infer<typeof zResourceItem>;

export const zResourceList = z.object({
  list: z.array(zResourceItem),
  total: z.number().int(),
  page: z.number().int(),
  num: z.number().int(),
});
export type ResourceList = z.infer<typeof zResourceList>;

/** POST resource/add: a file uploaded through lan/upload or tus becomes a resource in a folder. */
export const zAddResource = z.object({ fileId: zId, title: zResourceTitle.optional(), cate: zId.default('0') });
/** The text fields of the multipart resource/upload (also read from the query string). */
export const zResourceUploadFields = z.object({ cate: zId.default('0'), title: zResourceTitle.optional() });

export const zRidRef = z.object({ rid: zId });
export const zRenameResource = z.object({ rid: zId, title: zResourceTitle });
/** POST resource/move: resources to a folder ('0' = top). */
export const zMoveResources = z.object({ rids: z.array(zId).min(1).max(RESOURCE_PAGE_MAX), cate: zId });
/** POST resource/delete: refused (409 'resource in use' with the chapters) while a chapter uses it, unless force. */
export const zDeleteResource = z.object({ rid: zId, force: zYes.default(false) });

/** A chapter teaching a resource: named in the delete refusal. */
export const zResourceUse = z.object({ cid: z.string(), title: z.string(), coid: z.string(), courseTitle: z.string() });
export type ResourceUse = z.infer<typeof zResourceUse>;
export const zResourceInUse = z.object({ chapters: z.array(zResourceUse) });
export const zResourceDeleted = z.object({ rid: z.string(), detached: z.number().int() });

/** resource/listbyrid {rids}: a list (array or comma-separated) of up to 100 ids; unknown ones are left out. */
export const zListByRid = z.object({
  rids: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : value,
    z.array(zId).min(1).max(RESOURCE_PAGE_MAX),
  ),
});

// Folders.
export interface ResourceFolder {
  id: string;
  parent_id: string;
  title: string;
  position: number;
  /** Resources directly in this folder. */
  count: number;
  children: ResourceFolder[];
}
const zFolderFields = z.object({
  id: z.string(),
  parent_id: z.string(),
  title: z.string(),
  position: z.number().int(),
  count: z.number().int(),
});
// Spelled out level by level (FOLDER_DEPTH_MAX = 5) rather than z.lazy, so the OpenAPI document stays plain.
const zFolder5 = zFolderFields.extend({ children: z.array(zFolderFields).max(0) });
const zFolder4 = zFolderFields.extend({ children: z.array(zFolder5) });
const zFolder3 = zFolderFields.extend({ children: z.array(zFolder4) });
const zFolder2 = zFolderFields.extend({ children: z.array(zFolder3) });
/** A top folder with its sub-folders. */
export const zResourceFolder = zFolderFields.extend({ children: z.array(zFolder2) });
/** GET resource/category: the folder tree, and how many resources sit at the top. */
export const zFolderTree = z.object({
  categories: z.array(zResourceFolder),
  rootCount: z.number().int(),
  total: z.number().int(),
});
export type FolderTree = { categories: ResourceFolder[]; rootCount: number; total: number };
export const zAddFolder = z.object({ title: zFolderTitle, parent_id: zId.default('0') });
export const zRenameFolder = z.object({ id: zId, title: zFolderTitle });
export const zMoveFolder = z.object({ id: zId, parent_id: zId });
export const zFolderRef = z.object({ id: zId });

// Files of a resource.
/** GET resource/url {rid, download?}: signed URLs of the original and of what conversion made. */
export const zResourceUrlQuery = z.object({ rid: zId, download: zYes.default(false) });
export const zResourceUrls = z.object({
  rid: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  status: z.enum(RESOURCE_STATUSES),
  /** The signed prefix /media/{token}/{rid}/. */
  prefix: z.string(),
  /** The uploaded file itself. */
  url: z.string(),
  mime: z.string(),
  hls: z.string().nullable(),
  mp4: z.string().nullable(),
  audio: z.string().nullable(),
  pdf: z.string().nullable(),
  poster: z.string().nullable(),
  subtitles: z.array(z.object({ label: z.string(), lang: z.string(), url: z.string() })),
  expiresAt: z.number().int(),
});
export type ResourceUrls = z.infer<typeof zResourceUrls>;

/** GET resource/hash {key}: what a storage key belongs to. */
export const zHashQuery = z.object({ key: z.string().min(1).max(300) });
export const zHashResult = z.object({
  fileId: z.string(),
  key: z.string(),
  name: z.string(),
  size: z.number().int(),
  ext: z.string(),
  mime: z.string(),
  visibility: z.enum(['public', 'private', 'owner']),
  resource: zResourceItem.nullable(),
});

export const SUBTITLE_MAX_BYTES = 2 * 1024 * 1024;
/** resource/subtitle: the multipart text fields (or query) besides the file. */
export const zSubtitleFields = z.object({
  rid: zId,
  label: z.string().trim().max(30).default(''),
  lang: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as zh-CN')
    .default('zh-CN'),
});
export const zSubtitle = z.object({ index: z.number().int(), label: z.string(), lang: z.string(), path: z.string() });
export const zSubtitles = z.object({ rid: z.string(), subtitles: z.array(zSubtitle) });
export const zDeleteSubtitle = z.object({ rid: zId, index: z.number().int().min(0) });

/** resource/poster: a multipart image (rid in a field or the query), or {rid, fileId} of an uploaded image. */
export const zPosterRef = z.object({ rid: zId, fileId: zId });
export const zPoster = z.object({ rid: z.string(), poster: z.string() });

/** GET resource/ppt {rid}: the slide images of a converted presentation. */
export const zPptSlides = z.object({
  rid: z.string(),
  status: z.enum(RESOURCE_STATUSES),
  cover: z.number().int(),
  pdf: z.string().nullable(),
  slides: z.array(z.object({ index: z.number().int(), url: z.string() })),
});
/** POST resource/ppt/cover {rid, index}: which slide (0-based) pictures the presentation. */
export const zPptCover = z.object({ rid: zId, index: z.number().int().min(0).max(9999) });

/**
 * GET res/live: the school's live sessions (issue 17), latest start first: {list: [{id, title, status,
 * startTime}], total, liveServer} (liveServer: LIVE_SERVER_URL, the live server's public address).
 */
export const zLiveResources = z.object({
  list: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), startTime: z.number().int() })),
  total: z.number().int(),
  liveServer: z.string(),
});

// Chapters and their resource (spec 3 'Ware info': rid).
/**
 * The resource kinds each chapter kind teaches: video and audio chapters take video or audio; document and
 * office chapters take pdf or office; ppt takes ppt; image-text takes an image. Others take none.
 */
export const CHAPTER_RESOURCE_KINDS: Record<number, readonly ResourceKindName[]> = {
  [CHAPTER_TYPE.video]: ['video', 'audio'],
  [CHAPTER_TYPE.audio]: ['video', 'audio'],
  [CHAPTER_TYPE.document]: ['pdf', 'office'],
  [CHAPTER_TYPE.office]: ['pdf', 'office'],
  [CHAPTER_TYPE.ppt]: ['ppt'],
  [CHAPTER_TYPE.imageText]: ['image'],
};

/** The resource kinds a chapter kind accepts ([] for headings, exercises, exams). */
export const kindsForChapter = (chapterType: number): readonly ResourceKindName[] =>
  CHAPTER_RESOURCE_KINDS[chapterType] ?? [];
/** May a resource of this kind be attached to a chapter of this kind? */
export const resourceFitsChapter = (chapterType: number, kind: string) =>
  kindsForChapter(chapterType).includes(kind as ResourceKindName);
/** The chapter kinds a resource kind can be attached to. */
export const chapterTypesFor = (kind: string): number[] =>
  Object.entries(CHAPTER_RESOURCE_KINDS)
    .filter(([, kinds]) => kinds.includes(kind as ResourceKindName))
    .map(([type]) => Number(type));

/** POST chapter/ware {cid, rid}: attaches a library resource to a chapter; rid '' detaches. */
export const zChapterWare = z.object({ cid: zId, rid: z.union([zId, z.literal('')]) });
/** A chapter's attached resource as the chapter editor shows it. */
export const zChapterWareInfo = z.object({
  cid: z.string(),
  rid: z.string(),
  title: z.string(),
  /** The uploaded file's name: a PDF and a DOCX of the same title are told apart by it. */
  name: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  status: z.enum(RESOURCE_STATUSES),
  duration: z.number().int(),
});
export type ChapterWareInfo = z.infer<typeof zChapterWareInfo>;
/** GET chapter/wares?coid=: the attached resource of each chapter of a course. */
export const zChapterWaresQuery = z.object({ coid: zId });
export const zChapterWares = z.object({ wares: z.array(zChapterWareInfo) });
/** GET chapter/ware/candidates: resources that fit the chapter's kind, for the picker (permission course). */
export const zWareCandidatesQuery = zResourceListQuery.omit({ fileType: true }).extend({ cid: zId });
