import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { READ_CHUNK } from './storage';
import { BlockCache } from './file-blocks';

/** Hot blocks of small and middle-sized files (server/lib/file-blocks): config FILE_CACHE_MB, files up to 64 MiB. */
let blocks = new BlockCache(256 * 1024 * 1024);

/** Sets the memory the block cache may hold (buildApp, from config FILE_CACHE_MB); 0 turns it off. */
export function setFileCacheBudget(megabytes: number): void {
  blocks = new BlockCache(megabytes * 1024 * 1024);
}

/**
 * Sends one stored file: HTTP Range (206 for one range, suffix and open ranges; 416 with
 * Content-Range bytes *\/size; several ranges fall back to 200), ETag and Last-Modified with If-None-Match,
 * If-Modified-Since and If-Range, HEAD, content types of the media formats, nosniff. Bytes stream from disk in
 * 64 KB reads (recipes 'Serving files fast'). Behind nginx (config ACCEL_REDIRECT) the app only decides and
 * answers X-Accel-Redirect: nginx then sends the bytes and answers the Range and conditional headers itself.
 */

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'text/plain; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The Content-Type of a file by its extension (application/octet-stream when unknown). */
export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/** Types a browser could run script in when opened directly: they get a sandboxing CSP. */
const ACTIVE_TYPES =
  /^(image\/svg\+xml|text\/html|application\/xhtml\+xml|text\/xml|application\/xml|application\/octet-stream)/;
const SANDBOX_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/**
 * Content-Disposition for a download with the original name: an ASCII fallback (the name with its other
 * characters replaced, or the ASCII name given) and RFC 5987 filename*.
 */
export function attachmentHeader(name: string, asciiName = name): string {
  const fallback = asciiName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file made for one download (an export): its name, the ASCII fallback, its type and its bytes. */
export interface DownloadFile<Body> {
  fileName: string;
  asciiName: string;
  contentType: string;
  body: Body;
}

/** Sends a made file as a download with its name (attachmentHeader); the browser must not guess its type. */
export function sendAttachment<Body>(reply: FastifyReply, file: DownloadFile<Body>): Body {
  reply.header('content-type', file.contentType);
  reply.header('content-disposition', attachmentHeader(file.fileName, file.asciiName));
  reply.header('x-content-type-options', 'nosniff');
  return file.body;
}

export interface SendFileOptions {
  /** Absolute path on disk (already checked to be inside the data folder). */
  absolute: string;
  /** The same file relative to the data folder ('/'-separated), for X-Accel-Redirect. */
  relative: string;
  /** The internal nginx location (config ACCEL_REDIRECT), '' to send the bytes here. */
  accelRedirect: string;
  cacheControl: string;
  /** Answer as an attachment with this original name. */
  downloadName?: string;
}

type Range = { start: number; end: number };

/** Parses one byte range against the size: a range, 'unsatisfiable', or null to send the whole file. */
export function parseRange(header: string, size: number): Range | 'unsatisfiable' | null {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match) return null; // several ranges or another unit: the whole file (allowed by RFC 9110)
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null; // invalid: ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const etagOf = (stat: fs.Stats) => `"${Math.floor(stat.mtimeMs).toString(16)}-${stat.size.toString(16)}"`;

function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** True when the client's copy (If-None-Match, else If-Modified-Since) is still current. */
function notModified(request: FastifyRequest, etag: string, mtimeSeconds: number): boolean {
  const inm = request.headers['if-none-match'];
  if (inm) return noneMatch(inm, etag);
  const ims = request.headers['if-modified-since'];
  if (ims) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && mtimeSeconds <= Math.floor(since / 1000);
  }
  return false;
}

/** If-Range: the range applies only when the validator still matches (strong ETag or exact date). */
function rangeStillValid(request: FastifyRequest, etag: string, lastModified: string): boolean {
  const header = request.headers['if-range'];
  const ifRange = Array.isArray(header) ? header[0] : header;
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  return ifRange === lastModified;
}

/** Sends the file, or answers 404 when it is missing (the caller has already decided the request may have it). */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const type = contentTypeOf(options.absolute);
  reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl)
    .header('content-type', type);
  if (options.downloadName !== undefined) reply.header('content-disposition', attachmentHeader(options.downloadName));
  if (ACTIVE_TYPES.test(type)) reply.header('content-security-policy', SANDBOX_CSP);

  if (options.accelRedirect) {
    const encoded = options.relative.split('/').map(encodeURIComponent).join('/');
    return reply.header('x-accel-redirect', `${options.accelRedirect}${encoded}`).code(200).send('');
  }

  let stat: fs.Stats;
  try {
    stat = await fsp.stat(options.absolute);
  } catch {
    return notFoundReply(reply);
  }
  if (!stat.isFile()) return notFoundReply(reply);

  const etag = etagOf(stat);
  const lastModified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000).toUTCString();
  reply.header('etag', etag).header('last-modified', lastModified).header('accept-ranges', 'bytes');
  if (notModified(request, etag, Math.floor(stat.mtimeMs / 1000))) {
    reply.removeHeader('content-type');
    return reply.code(304).send();
  }

  let range: Range | 'unsatisfiable' | null = null;
  const rangeHeader = request.headers.range;
  if (rangeHeader && rangeStillValid(request, etag, lastModified)) range = parseRange(rangeHeader, stat.size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${stat.size}`)
      .header('content-type', 'text/plain; charset=utf-8')
      .send('');
  }
  const start = range ? range.start : 0;
  const end = range ? range.end : stat.size - 1;
  const length = stat.size === 0 ? 0 : end - start + 1;
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${stat.size}`);
  else reply.code(200);
  reply.header('content-length', String(length));
  if (request.method === 'HEAD' || length === 0) return reply.send();
  const body = blocks.accepts(stat)
    ? blocks.stream(options.absolute, stat, start, end)
    : fs.createReadStream(options.absolute, { start, end, highWaterMark: READ_CHUNK });
  return reply.send(body);
}

function notFoundReply(reply: FastifyReply): FastifyReply {
  for (const name of ['content-disposition', 'content-security-policy', 'etag', 'last-modified', 'accept-ranges'])
    reply.removeHeader(name);
  return reply
    .code(404)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ status: 'error', error: 'not found', data: null });
}
