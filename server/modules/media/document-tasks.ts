import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSharp } from '../../lib/heavy-modules';
import { officeProfileDir } from './media-paths';
import { lastLines, runTool, ToolError } from './media-tools';
import type { TaskInput, TaskResult } from './media-task';

/** Office documents and presentations through LibreOffice headless, PDF pages through poppler (recipes.md). */

/** LibreOffice's time budget for one document (small files took 1.5–1.7 s here; a first start makes the profile). */
export const OFFICE_TIMEOUT_MS = 120_000;
const THUMB_WIDTH = 480;
/** Slide images: 1280 px on the long side, sharp on a desktop viewer without huge files. */
const SLIDE_SIZE = 1280;

/**
 * soffice --convert-to pdf with this slot's own profile: a profile shared by concurrent runs fails silently
 * (recipes.md: one of three parallel conversions exited 1 with no output).
 */
async function officeToPdf(input: TaskInput): Promise<string> {
  const profile = officeProfileDir(input.dataDir, input.slot);
  fs.mkdirSync(profile, { recursive: true });
  const outdir = path.join(input.work, '.soffice');
  fs.mkdirSync(outdir);
  const { stdout, stderr } = await runTool(
    input.tools.soffice,
    [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--invisible',
      '--norestore',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      '--convert-to',
      'pdf',
      '--outdir',
      outdir,
      input.source,
    ],
    // LibreOffice wants a writable home; the profile folder is ours.
    {
      name: 'LibreOffice',
      timeoutMs: OFFICE_TIMEOUT_MS,
      signal: input.signal,
      track: input.track,
      env: { ...process.env, HOME: profile },
    },
  );
  const made = fs.readdirSync(outdir).find((name) => name.toLowerCase().endsWith('.pdf'));
  // soffice can exit 0 having made nothing (a file it cannot load): say what it printed.
  if (!made)
    throw new ToolError(
      `LibreOffice made no PDF${lastLines(stderr || stdout) ? `: ${lastLines(stderr || stdout)}` : ''}`,
    );
  const pdf = path.join(input.work, 'document.pdf');
  fs.renameSync(path.join(outdir, made), pdf);
  fs.rmSync(outdir, { recursive: true, force: true });
  return pdf;
}

/** The page count by pdfinfo. */
async function pageCount(input: TaskInput, pdf: string): Promise<number> {
  const { stdout } = await runTool(input.tools.pdfinfo, [pdf], {
    name: 'pdfinfo',
    timeoutMs: 60_000,
    signal: input.signal,
    track: input.track,
  });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  if (!Number.isInteger(pages) || pages < 1) throw new ToolError('pdfinfo: the PDF has no pages');
  return pages;
}

/** thumb.jpg of the first page. */
async function firstPageThumb(input: TaskInput, pdf: string): Promise<string> {
  await runTool(
    input.tools.pdftoppm,
    [
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      '-jpeg',
      '-jpegopt',
      'quality=80',
      '-scale-to',
      String(THUMB_WIDTH),
      pdf,
      path.join(input.work, 'thumb'),
    ],
    { name: 'pdftoppm', timeoutMs: 60_000, signal: input.signal, track: input.track },
  );
  if (!fs.existsSync(path.join(input.work, 'thumb.jpg'))) throw new ToolError('pdftoppm made no thumbnail');
  return 'thumb.jpg';
}

/** One PNG a page, renamed from pdftoppm's zero-padded names to slides/slide-1.png, slide-2.png, ... */
async function slideImages(input: TaskInput, pdf: string, pages: number): Promise<string[]> {
  const dir = path.join(input.work, 'slides');
  fs.mkdirSync(dir);
  await runTool(input.tools.pdftoppm, ['-png', '-scale-to', String(SLIDE_SIZE), pdf, path.join(dir, 'page')], {
    name: 'pdftoppm',
    timeoutMs: 60_000 + pages * 5_000,
    signal: input.signal,
    track: input.track,
  });
  const made = fs
    .readdirSync(dir)
    .map((name) => ({ name, page: Number(/^page-(\d+)\.png$/.exec(name)?.[1]) }))
    .filter((entry) => Number.isInteger(entry.page))
    .sort((a, b) => a.page - b.page);
  if (made.length !== pages) throw new ToolError(`pdftoppm made ${made.length} of ${pages} slide images`);
  return made.map((entry) => {
    const name = `slide-${entry.page}.png`;
    fs.renameSync(path.join(dir, entry.name), path.join(dir, name));
    return `slides/${name}`;
  });
}

/** doc, docx, xls, xlsx → document.pdf, its page count and a first-page thumbnail. */
export async function convertOffice(input: TaskInput): Promise<TaskResult> {
  const pdf = await officeToPdf(input);
  const pages = await pageCount(input, pdf);
  const thumb = await firstPageThumb(input, pdf);
  return { outputs: { pdf: 'document.pdf', pages, thumb } };
}

/** ppt, pptx → document.pdf, one PNG a slide and a thumbnail of the first slide. */
export async function convertPresentation(input: TaskInput): Promise<TaskResult> {
  const pdf = await officeToPdf(input);
  const pages = await pageCount(input, pdf);
  const slides = await slideImages(input, pdf, pages);
  const sharp = await loadSharp();
  await sharp(path.join(input.work, slides[0]!))
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toFile(path.join(input.work, 'thumb.jpg'));
  return { outputs: { pdf: 'document.pdf', pages, slides, thumb: 'thumb.jpg' } };
}

/** An uploaded PDF is shown as it is: its page count and a first-page thumbnail. */
export async function convertPdf(input: TaskInput): Promise<TaskResult> {
  const pages = await pageCount(input, input.source);
  const thumb = await firstPageThumb(input, input.source);
  return { outputs: { pages, thumb } };
}
