import { table, text, integer, index, uniqueIndex } from './dialect';
import { schools } from './schools';

/**
 * Every uploaded file (spec 5 'Uploaded files'): stored once at `key` under DATA_DIR, which is
 * files/userupload/{schoolId}/{guid}.{EXT}. `visibility` says who may fetch it at /{key} ('owner': only its
 * uploader, for every file a student uploads until staff attach it): 'public' for
 * covers, banners and other page images; 'private' once a resource owns it (then only signed media URLs).
 */
export const files = table(
  'files',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    /** Upper-cased extension without the dot (spec 5). */
    ext: text('ext').notNull(),
    size: integer('size').notNull(),
    visibility: text('visibility', { enum: ['public', 'private', 'owner'] })
      .notNull()
      .default('public'),
    /** Who uploaded it: 'admin:{id}' or 'student:{id}'. */
    uploadedBy: text('uploaded_by').notNull(),
    /** Where its bytes live: the data folder, or the object store of the online release (STORAGE=s3). */
    storage: text('storage', { enum: ['local', 's3'] })
      .notNull()
      .default('local'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('files_key').on(t.key), index('files_school').on(t.schoolId, t.createdAt)],
);

/** Folders of a school's resource library, a tree ('0' parent = top level). */
export const resourceCategories = table(
  'resource_categories',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').notNull().default('0'),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('resource_categories_school').on(t.schoolId, t.parentId)],
);

/**
 * A resource of the library (the spec's rid): one uploaded file and what conversion made of it.
 * kind: video, audio, pdf, office (doc/docx/xls/xlsx), ppt (ppt/pptx), image, other.
 * status: 'ready' (usable as is or converted), 'queued', 'converting', 'failed' (statusMessage says why),
 * 'unconverted' (the tool is missing; the original stays usable, statusMessage names the tool).
 * outputs is JSON written by the conversion jobs, paths relative to files/derived/{id}/:
 * { hls?: 'hls/index.m3u8', mp4?: 'video.mp4', poster?: 'poster.jpg', audio?: 'audio.m4a', pdf?: 'document.pdf',
 *   pages?: number, slides?: ['slides/slide-1.png', ...], thumb?: 'thumb.jpg', width?, height? }.
 * subtitles is JSON [{ label, lang, path }] with paths relative to files/derived/{id}/.
 */
export const resources = table(
  'resources',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    categoryId: text('category_id').notNull().default('0'),
    title: text('title').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    kind: text('kind', { enum: ['video', 'audio', 'pdf', 'office', 'ppt', 'image', 'other'] }).notNull(),
    status: text('status', { enum: ['ready', 'queued', 'converting', 'failed', 'unconverted'] })
      .notNull()
      .default('ready'),
    statusMessage: text('status_message').notNull().default(''),
    /** Seconds, for video and audio once probed. */
    duration: integer('duration').notNull().default(0),
    outputs: text('outputs').notNull().default('{}'),
    subtitles: text('subtitles').notNull().default('[]'),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('resources_school_cat').on(t.schoolId, t.categoryId, t.createdAt)],
);

/**
 * Conversion jobs, persisted so a restart picks them up: a job left 'running' by a stopped process is
 * queued again at start. attempts counts runs; after maxAttempts the job and its resource are 'failed'.
 */
export const mediaJobs = table(
  'media_jobs',
  {
    id: text('id').primaryKey(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    /** What to do: video, audio, office, ppt, image. */
    task: text('task').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    error: text('error').notNull().default(''),
    runAfter: integer('run_after').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
    /** The app node running the job (server/modules/cluster/nodes.ts): a dead node's jobs are queued again. */
    node: text('node'),
  },
  (t) => [index('media_jobs_state').on(t.state, t.runAfter)],
);

/**
 * What each person and school uploaded, for the daily upload limits (config UPLOAD_*_DAILY_*). A row is written
 * when an upload begins ('pending': a multipart body being received, or a resumable upload not finished yet,
 * with the size it announced) and becomes 'done' with the stored size. Rows outlive the files they count, so
 * deleting a file does not give its bytes back within the day. 'done' rows older than two days are pruned.
 */
export const uploadLedger = table(
  'upload_ledger',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** 'admin:{id}' or 'student:{id}', as files.uploaded_by. */
    uploadedBy: text('uploaded_by').notNull(),
    bytes: integer('bytes').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    /** The resumable upload's id while it is pending (null for a multipart upload). */
    tusId: text('tus_id'),
    /**
     * The app node receiving a multipart upload while it is pending (server/modules/cluster/nodes.ts): a dead
     * node's stop counting. Null for a resumable upload, which any node may continue.
     */
    node: text('node'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('upload_ledger_person').on(t.uploadedBy, t.createdAt),
    index('upload_ledger_school').on(t.schoolId, t.createdAt),
    index('upload_ledger_tus').on(t.tusId),
  ],
);
