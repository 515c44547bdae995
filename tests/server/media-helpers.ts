import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { resources } from '../../server/db/schema';
import { conversionStatus, type ConversionStatus } from '../../server/modules/media/media.service';
import { isExecutable } from '../../server/modules/media/media-tools';
import { school, type TestApp } from '../helpers/app';
import { buildFile, buildResource } from '../helpers/factories';
import { waitUntil } from '../helpers/kit';

/** Shared by the media conversion tests: real tools, files made at test time. */

/**
 * The tools a test file needs that this machine lacks. When some are missing the tests say why as they run
 * (scripts/ensure-media-tools.sh installs them when run as root; npm test runs it first).
 */
export function missingTools(names: string[], suite: string): string[] {
  const missing = names.filter((name) => !isExecutable(name));
  if (missing.length) {
    console.warn(
      `[${suite}] SKIPPED: ${missing.join(', ')} not installed on this machine. ` +
        `Run 'sudo bash scripts/ensure-media-tools.sh' (Debian: ffmpeg, libreoffice-*-nogui, poppler-utils) to run these tests.`,
    );
  }
  return missing;
}

/** A scratch folder for generated fixtures, removed by the caller. */
export const scratch = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `lanxue-media-${label}-`));

/** The one test-video recipe, shared with the learning tests (tests/helpers/media.ts). */
export { makeVideo } from '../helpers/media';

export function makeAudio(file: string, seconds: number): string {
  execFileSync('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${seconds}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '96k',
    file,
  ]);
  return file;
}

/** LibreOffice converts a generated source (HTML, flat ODF) to an office format, with its own profile. */
export function sofficeConvert(source: string, to: string, outdir: string): string {
  const profile = path.join(outdir, '.lo-profile');
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--norestore',
      '--convert-to',
      to,
      '--outdir',
      outdir,
      source,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  const made = path.join(outdir, `${path.basename(source, path.extname(source))}.${to.split(':')[0]}`);
  if (!fs.existsSync(made)) throw new Error(`soffice made no ${made}`);
  return made;
}

/** A docx with Chinese text, made from HTML by LibreOffice. */
export function makeDocx(dir: string): string {
  const html = path.join(dir, 'lecture.html');
  fs.writeFileSync(
    html,
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>讲义</title></head><body><h1>蓝学课程讲义</h1><p>这是一个中文测试文档。A Lanxue test document.</p></body></html>',
  );
  return sofficeConvert(html, 'docx:MS Word 2007 XML', dir);
}

/** A pptx with the given number of slides, from a flat ODF presentation (.fodp) written here. */
export function makePptx(dir: string, slides: number): string {
  const pages = Array.from(
    { length: slides },
    (_, i) =>
      `<draw:page draw:name="p${i + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>第 ${i + 1} 张幻灯片</text:p></draw:text-box></draw:frame></draw:page>`,
  ).join('');
  const fodp = path.join(dir, 'deck.fodp');
  fs.writeFileSync(
    fodp,
    `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation>${pages}</office:presentation></office:body></office:document>`,
  );
  return sofficeConvert(fodp, 'pptx', dir);
}

/**
 * Factory: an uploaded file stored where uploads go (files/userupload/{schoolId}/{guid}.{EXT}) with its files and
 * resources rows, as the upload and resource modules leave them. Returns the resource id and the file's path.
 */
export async function addResource(
  app: TestApp,
  input: {
    from?: string;
    bytes?: Buffer;
    ext: string;
    kind: (typeof resources.$inferInsert)['kind'];
    mime?: string;
    schoolId?: string;
  },
) {
  const { ctx } = app;
  const schoolId = input.schoolId ?? (await school(app)).id;
  const fileId = ctx.ids.next();
  const rid = ctx.ids.next();
  const key = `files/userupload/${schoolId}/${fileId}.${input.ext.toUpperCase()}`;
  const full = path.join(ctx.config.dataDir, key);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  if (input.from) fs.copyFileSync(input.from, full);
  else fs.writeFileSync(full, input.bytes ?? Buffer.alloc(0));
  const now = Date.now();
  const name = `upload.${input.ext.toLowerCase()}`;
  const mime = input.mime ?? 'application/octet-stream';
  await buildFile(app, {
    id: fileId,
    schoolId,
    key,
    originalName: name,
    mime,
    ext: input.ext.toUpperCase(),
    size: fs.statSync(full).size,
    createdAt: now,
  });
  await buildResource(app, {
    id: rid,
    schoolId,
    title: 'upload',
    fileId,
    kind: input.kind,
    createdAt: now,
    updatedAt: now,
  });
  return { rid, source: full };
}

/** Polls a resource until its status is one of these, or fails at the deadline with the last status seen. */
export async function waitForStatus(
  app: TestApp,
  rid: string,
  wanted: ConversionStatus['status'][],
  timeoutMs = 60_000,
): Promise<ConversionStatus> {
  let last = await conversionStatus(app.ctx, rid);
  return waitUntil(
    () => `resource ${rid} to be ${wanted.join('|')} (last: ${JSON.stringify(last)})`,
    async () => {
      last = await conversionStatus(app.ctx, rid);
      return last && wanted.includes(last.status) ? last : null;
    },
    timeoutMs,
    100,
  );
}

/** A file of the resource's derived folder. */
export const derived = (app: TestApp, rid: string, relative: string) =>
  path.join(app.ctx.config.dataDir, 'files', 'derived', rid, relative);

/** The top-level box types of an MP4, in file order (faststart puts moov before mdat). */
export function mp4Boxes(file: string): string[] {
  const data = fs.readFileSync(file);
  const boxes: string[] = [];
  let at = 0;
  while (at + 8 <= data.length) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(at + 8));
    else if (size === 0) size = data.length - at;
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

export const isJpeg = (file: string) =>
  fs
    .readFileSync(file)
    .subarray(0, 3)
    .equals(Buffer.from([0xff, 0xd8, 0xff]));
export const isPng = (file: string) =>
  fs
    .readFileSync(file)
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/** How long the resource's latest job ran, in ms (from media_jobs), for the report line each test prints. */
export function jobMs(status: ConversionStatus): number {
  return status.job?.startedAt && status.job.finishedAt ? status.job.finishedAt - status.job.startedAt : -1;
}
