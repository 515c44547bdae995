/**
 * Factories for the learning pages' tests: library resources with real files under DATA_DIR (the storage
 * layout of server/lib/storage: files/userupload/{schoolId}/{guid}.{EXT} and files/derived/{rid}/...), a chapter's
 * attached resource, enrolments, and real media made at test time (ffmpeg, LibreOffice, sharp).
 * Rows are written directly, as the resource library and conversion jobs would write them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { chapters, enrolments, files, resources } from '../../server/db/schema';
import type { TestApp } from './app';
import { videoSourceArgs } from './media';

const run = promisify(execFile);

type ResourceKind = (typeof resources.$inferSelect)['kind'];
type ResourceStatus = (typeof resources.$inferSelect)['status'];

export interface SeedResource {
  schoolId: string;
  kind: ResourceKind;
  /** The uploaded original: its name, mime type and bytes (a file path or a Buffer). */
  fileName: string;
  mime: string;
  source: string | Buffer;
  status?: ResourceStatus;
  statusMessage?: string;
  duration?: number;
  outputs?: Record<string, unknown>;
  subtitles?: { label: string; lang: string; path: string }[];
  /** Derived files to place under files/derived/{rid}/: relative path → a file or folder to copy, or bytes. */
  derived?: Record<string, string | Buffer>;
}

/** A library resource with its uploaded file and derived outputs on disk; returns its id (rid). */
export async function seedResource(app: TestApp, input: SeedResource): Promise<string> {
  const { ctx } = app;
  const dataDir = ctx.config.dataDir;
  const ext = path.extname(input.fileName).slice(1).toUpperCase();
  const fileId = ctx.ids.next();
  const key = `files/userupload/${input.schoolId}/${ctx.ids.next()}.${ext}`;
  fs.mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
  if (typeof input.source === 'string') fs.copyFileSync(input.source, path.join(dataDir, key));
  else fs.writeFileSync(path.join(dataDir, key), input.source);
  const size = fs.statSync(path.join(dataDir, key)).size;
  const rid = ctx.ids.next();
  for (const [relative, content] of Object.entries(input.derived ?? {})) {
    const target = path.join(dataDir, 'files/derived', rid, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (Buffer.isBuffer(content)) fs.writeFileSync(target, content);
    else fs.cpSync(content, target, { recursive: true });
  }
  const now = ctx.now();
  await ctx.db.insert(files).values({
    id: fileId,
    schoolId: input.schoolId,
    key,
    originalName: input.fileName,
    mime: input.mime,
    ext,
    size,
    visibility: 'private',
    uploadedBy: `admin:${input.schoolId}`,
    createdAt: now,
  });
  await ctx.db.insert(resources).values({
    id: rid,
    schoolId: input.schoolId,
    title: input.fileName,
    fileId,
    kind: input.kind,
    status: input.status ?? 'ready',
    statusMessage: input.statusMessage ?? '',
    duration: input.duration ?? 0,
    outputs: JSON.stringify(input.outputs ?? {}),
    subtitles: JSON.stringify(input.subtitles ?? []),
    createdBy: input.schoolId,
    createdAt: now,
    updatedAt: now,
  });
  return rid;
}

/** Attaches a resource to a chapter (what the resource library's 'attach to a chapter' does). */
export async function attachResource(app: TestApp, cid: string, rid: string): Promise<void> {
  await app.ctx.db.update(chapters).set({ resourceId: rid }).where(eq(chapters.id, cid));
}

/** Enrols a student in a course (bought, obtained...) at a given time. */
export async function enrol(
  app: TestApp,
  studentId: string,
  coid: string,
  at = app.ctx.now(),
  source: 'buy' | 'free' | 'obtain' | 'column' | 'admin' = 'buy',
): Promise<void> {
  await app.ctx.db.insert(enrolments).values({ studentId, courseId: coid, source, createdAt: at });
}

const made: string[] = [];

/** A temporary folder for media made at test time (removeTempMedia deletes them all). */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Deletes the folders the media makers made. */
export function removeTempMedia(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A short test video made by ffmpeg (lavfi testsrc + sine), converted as the media jobs do (recipes.md):
 * HLS (H.264/AAC, VOD, 2 s segments for a short clip), a faststart MP4 and a poster frame.
 * Returns the folder holding source.mp4, hls/, video.mp4, poster.jpg and a WebVTT subtitle.
 */
export async function makeVideo(seconds = 8): Promise<string> {
  const dir = tempDir('lanxue-video-');
  const source = path.join(dir, 'source.mp4');
  await run(
    'ffmpeg',
    videoSourceArgs(source, seconds, {
      codec: ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    }),
  );
  fs.mkdirSync(path.join(dir, 'hls'));
  await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    source,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-g',
    '50',
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(dir, 'hls/seg_%03d.ts'),
    path.join(dir, 'hls/index.m3u8'),
  ]);
  await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    source,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    path.join(dir, 'video.mp4'),
  ]);
  await run('ffmpeg', ['-v', 'error', '-ss', '1', '-i', source, '-frames:v', '1', path.join(dir, 'poster.jpg')]);
  fs.writeFileSync(path.join(dir, 'zh.vtt'), 'WEBVTT\n\n00:00:00.000 --> 00:00:30.000\n测试字幕\n');
  return dir;
}

/** A short AAC audio (ffmpeg sine), as the audio conversion's normalised copy; returns its path. */
export async function makeAudio(seconds = 6): Promise<string> {
  const file = path.join(tempDir('lanxue-audio-'), 'audio.m4a');
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${seconds}`,
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}

/** A PDF with Chinese text made by LibreOffice from generated HTML (one page per section). */
export async function makePdf(pages: string[][]): Promise<string> {
  const dir = tempDir('lanxue-pdf-');
  const html = pages
    .map(
      (lines, index) =>
        `<h1${index > 0 ? ' style="page-break-before: always"' : ''}>${lines[0]}</h1>${lines
          .slice(1)
          .map((line) => `<p>${line}</p>`)
          .join('')}`,
    )
    .join('');
  fs.writeFileSync(
    path.join(dir, 'document.html'),
    `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family: 'Noto Sans CJK SC'">${html}</body></html>`,
  );
  await run(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      dir,
      path.join(dir, 'document.html'),
    ],
    { timeout: 120_000 },
  );
  const pdf = path.join(dir, 'document.pdf');
  if (!fs.existsSync(pdf)) throw new Error('LibreOffice made no PDF');
  return pdf;
}

/** Slide images as the presentation conversion makes them: PNGs with a big number on a coloured ground. */
export async function makeSlides(count: number): Promise<Buffer[]> {
  const { default: sharp } = await import('sharp');
  const colours = ['#3a6df0', '#14a085', '#f08a5d', '#8f7cf0', '#d52b2a'];
  return Promise.all(
    Array.from({ length: count }, (_, index) => {
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540"><rect width="100%" height="100%" fill="${colours[index % colours.length]}"/>` +
        `<rect x="80" y="80" width="800" height="380" fill="#fff" fill-opacity=".15"/><text x="480" y="330" font-family="sans-serif" font-size="200" font-weight="700" fill="#fff" text-anchor="middle">${index + 1}</text></svg>`;
      return sharp(Buffer.from(svg)).png().toBuffer();
    }),
  );
}

/** A picture for the image viewer (PNG, with a grid so zoom is visible). */
export async function makeImage(width = 1200, height = 800): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const lines = Array.from(
    { length: 12 },
    (_, i) =>
      `<line x1="${(i * width) / 12}" y1="0" x2="${(i * width) / 12}" y2="${height}" stroke="#fff" stroke-opacity=".4"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#2b7fbf"/>${lines}<circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#f7b267"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
