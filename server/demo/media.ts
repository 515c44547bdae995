import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { CHAPTER_TYPE, zUpdateChapter } from '../../shared/schemas/chapters';
import { zAddResource } from '../../shared/schemas/resources';
import type { AppContext } from '../context';
import { projectPath } from '../lib/paths';
import { TMP_UPLOADS_DIR } from '../lib/storage';
import { listChapters } from '../modules/chapters/chapters.repository';
import { updateChapter } from '../modules/chapters/chapters.service';
import { conversionStatus } from '../modules/media/media.service';
import { attachWare } from '../modules/resources/chapter-ware.service';
import { addFolder } from '../modules/resources/folders.service';
import { storeSubtitle } from '../modules/resources/resource-files.service';
import { addResource } from '../modules/resources/resources.service';
import { fileUrl, storeReceived, type StoredFile } from '../modules/uploads/uploads.service';

/**
 * The demo school's media (issue 18 'A first start that shows the product'): the files scripts/make-demo-media.mjs
 * made and the project ships in server/demo/media/ arrive the way an upload does (a temporary file moved into
 * files/userupload with its files row), become library resources in a folder '演示素材' (their conversions are
 * queued: HLS for the video, pages for the documents and slides; they run in the background after the start),
 * and are attached to every chapter of their kind. Nothing is downloaded. Without a conversion tool the
 * resource stays as shipped ('unconverted', the tool named) and the log says what was skipped.
 */

/** The shipped files: name, title, mime. */
const FILES = {
  video: { name: 'lesson.mp4', title: '课程介绍（视频）', mime: 'video/mp4' },
  audio: { name: 'welcome.mp3', title: '讲师寄语（音频）', mime: 'audio/mpeg' },
  pdf: { name: 'guide.pdf', title: '学习指南（PDF）', mime: 'application/pdf' },
  office: {
    name: 'cases.docx',
    title: '案例数据（Word）',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  ppt: {
    name: 'slides.pptx',
    title: '课堂讲义（幻灯片）',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  image: { name: 'photo.jpg', title: '学习现场（图片）', mime: 'image/jpeg' },
} as const;
type Kind = keyof typeof FILES;

/** Pictures shown inside the image-text chapters (public files, like the editor's inserted images). */
const PICTURES = [
  { name: 'figure-1.png', mime: 'image/png' },
  { name: 'figure-2.png', mime: 'image/png' },
] as const;

const SUBTITLE = { name: 'lesson.vtt', label: '中文', lang: 'zh-CN' };

/** Which shipped resource each chapter kind teaches. */
const KIND_OF_CHAPTER: Partial<Record<number, Kind>> = {
  [CHAPTER_TYPE.video]: 'video',
  [CHAPTER_TYPE.audio]: 'audio',
  [CHAPTER_TYPE.document]: 'pdf',
  [CHAPTER_TYPE.office]: 'office',
  [CHAPTER_TYPE.ppt]: 'ppt',
  [CHAPTER_TYPE.imageText]: 'image',
};

/** The folder of the shipped files, or null when this install has none (the Docker image never loads the demo). */
export function demoMediaDir(): string | null {
  try {
    return projectPath('server/demo/media');
  } catch {
    return null;
  }
}

/** Copies a shipped file in the way an upload arrives: into tmp/uploads, then stored with its files row. */
async function importFile(
  ctx: AppContext,
  owner: { schoolId: string; uploadedBy: string },
  source: string,
  mime: string,
  visibility: 'private' | 'public',
): Promise<StoredFile> {
  const tmpFile = path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`);
  await fsp.mkdir(path.dirname(tmpFile), { recursive: true });
  await fsp.copyFile(source, tmpFile);
  const { size } = await fsp.stat(tmpFile);
  const name = path.basename(source);
  const ext = name.slice(name.lastIndexOf('.') + 1).toUpperCase();
  try {
    return await storeReceived(ctx, { tmpFile, name, ext, mime, size }, owner, visibility);
  } catch (error) {
    await fsp.rm(tmpFile, { force: true });
    throw error;
  }
}

/** The article of an image-text chapter, with the shipped pictures. */
const articleHtml = (title: string, pictures: string[]) =>
  `<h3>${title}</h3><p>图文章节：先读文字，再看图片，读完即算学完。</p>` +
  `<p><img src="${pictures[0]}" alt="先听后说"></p>` +
  '<h4>要点</h4><ol><li>先听后说：弄清对方的意思再回应。</li><li>结论先行：先说结论，再讲理由。</li></ol>' +
  `<p><img src="${pictures[1]}" alt="结论先行"></p><p>学完本章，去课后练习里检验一下吧。</p>`;

export interface DemoMedia {
  /** Resource ids by kind. */
  resources: Partial<Record<Kind, string>>;
  /** What could not be converted here (the tool missing), as the log says it. */
  skipped: string[];
}

/**
 * Imports the shipped media for a demo school and attaches them to the chapters of the given courses.
 * adminId is the school's main administrator (the library's uploader, who manages every course).
 */
export async function loadDemoMedia(
  ctx: AppContext,
  schoolId: string,
  adminId: string,
  courseIds: readonly string[],
): Promise<DemoMedia> {
  const dir = demoMediaDir();
  const media: DemoMedia = { resources: {}, skipped: [] };
  if (!dir) {
    ctx.log.warn('demo media: server/demo/media is not here; the demo chapters have no files');
    return media;
  }
  const auth = { role: 'admin' as const, schoolId, userId: adminId, tokenHash: '' };
  const owner = { schoolId, uploadedBy: `admin:${adminId}` };
  const folder = (await addFolder(ctx, schoolId, '演示素材', '0')).id;
  for (const [kind, file] of Object.entries(FILES) as [Kind, (typeof FILES)[Kind]][]) {
    const stored = await importFile(ctx, owner, path.join(dir, file.name), file.mime, 'private');
    const item = await addResource(
      ctx,
      auth,
      zAddResource.parse({ fileId: stored.id, title: file.title, cate: folder }),
    );
    media.resources[kind] = item.rid;
    const status = await conversionStatus(ctx, item.rid);
    if (status?.status === 'unconverted') media.skipped.push(`${file.name}: ${status.statusMessage}`);
  }
  const video = media.resources.video;
  if (video) {
    const vtt = await fsp.readFile(path.join(dir, SUBTITLE.name), 'utf8');
    await storeSubtitle(ctx, schoolId, video, { label: SUBTITLE.label, lang: SUBTITLE.lang }, vtt);
  }
  const pictures: string[] = [];
  for (const picture of PICTURES) {
    const stored = await importFile(ctx, owner, path.join(dir, picture.name), picture.mime, 'public');
    pictures.push(fileUrl(stored.key));
  }
  for (const courseId of courseIds) {
    for (const chapter of await listChapters(ctx.db, courseId)) {
      const kind = KIND_OF_CHAPTER[chapter.type];
      const rid = kind ? media.resources[kind] : undefined;
      if (rid) await attachWare(ctx, adminId, chapter.id, rid);
      if (chapter.type === CHAPTER_TYPE.imageText) {
        const description = articleHtml(chapter.title, pictures);
        await updateChapter(ctx, adminId, zUpdateChapter.parse({ cid: chapter.id, description }));
      }
    }
  }
  if (media.skipped.length)
    ctx.log.warn(
      { skipped: media.skipped },
      'demo media: some files stay unconverted (tool missing); they are served as shipped',
    );
  return media;
}

/** Whether this install ships the demo media (tests and the README's check). */
export const hasDemoMedia = () => {
  const dir = demoMediaDir();
  return !!dir && fs.existsSync(path.join(dir, FILES.video.name));
};
