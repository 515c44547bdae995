import path from 'node:path';
import type { AppContext, Auth } from '../../context';
import { badInput, forbidden, notFound } from '../../lib/errors';
import { objectStoreOf } from '../../lib/object-store';
import { DERIVED_DIR, resolveInside, safeSegments, uploadKey } from '../../lib/storage';
import { atStore } from '../uploads/direct-upload.service';
import { findFileByKey } from '../uploads/files.repository';
import { type SourceEntry, sourceOf } from './source-cache';

/** A file to send: where it is on disk and relative to the data folder, and the download name when asked. */
export interface ServeTarget {
  absolute: string;
  relative: string;
  downloadName?: string;
}

const ID = /^\d{1,20}$/;
const STORED_NAME = /^(\d{1,20})\.([A-Z0-9]{1,10})$/;

/**
 * GET /files/userupload/{schoolId}/{name}: a public file to anyone; an 'owner' one (what students upload) only to
 * the person who uploaded it. `viewer` is asked only for such a file, so public ones need no session.
 * 404 for anything else (private files, served through signed URLs or their own calls, are not revealed).
 */
export async function serveUploadedFile(
  ctx: AppContext,
  schoolId: string,
  name: string,
  viewer: () => Promise<Auth>,
): Promise<ServeTarget & { ownerOnly: boolean }> {
  const match = STORED_NAME.exec(name);
  if (!ID.test(schoolId) || !match) throw notFound();
  const key = uploadKey(schoolId, match[1]!, match[2]!);
  const file = await findFileByKey(ctx.db, key);
  if (!file || file.visibility === 'private') throw notFound();
  const ownerOnly = file.visibility === 'owner';
  if (ownerOnly) {
    const auth = await viewer();
    if (auth.role === 'guest' || `${auth.role}:${auth.userId}` !== file.uploadedBy) throw notFound();
  }
  const absolute = resolveInside(ctx.config.dataDir, key);
  if (!absolute) throw notFound();
  return { absolute, relative: key, ownerOnly };
}

/**
 * What GET /media/{token}/{rid}/{path} answers: a file of the data folder; for one in the object store a redirect
 * to a signed GET of it (maxAge: seconds the redirect may be kept) or, for an HLS playlist, its text.
 */
export type MediaAnswer =
  | { kind: 'file'; target: ServeTarget }
  | { kind: 'redirect'; url: string; maxAge: number }
  | { kind: 'playlist'; body: Buffer };

/**
 * GET /media/{token}/{rid}/{path}: the token alone decides (no database read but the cached rid → file lookup),
 * as the access check to the chapter happened where the URL was handed out (server/lib/media-url).
 * 403 bad or expired token, or a download the token does not allow; 400 an unsafe path; 404 nothing there.
 * With STORAGE=s3 a resource whose upload is in the object store is answered from there (storeAnswer).
 */
export async function mediaAnswer(
  ctx: AppContext,
  token: string,
  rid: string,
  relativePath: string,
  download: boolean,
): Promise<MediaAnswer> {
  if (!ID.test(rid)) throw notFound();
  const grant = ctx.mediaSigner.verify(token, rid);
  if (!grant) throw forbidden();
  if (download && !grant.download) throw forbidden();
  if (ctx.config.STORAGE === 's3') {
    const source = await sourceOf(ctx, rid);
    if (source?.storage === 's3') return await storeAnswer(ctx, rid, source, relativePath, download, grant.expiresAt);
  }
  return { kind: 'file', target: await localTarget(ctx, rid, relativePath, download) };
}

/** The data folder's file of a /media path (the lan release, and resources whose upload is on the disk). */
async function localTarget(ctx: AppContext, rid: string, relativePath: string, download: boolean) {
  if (relativePath === 'source') {
    const source = await sourceOf(ctx, rid);
    if (!source) throw notFound();
    const absolute = resolveInside(ctx.config.dataDir, source.key);
    if (!absolute) throw notFound();
    return { absolute, relative: source.key, downloadName: download ? source.originalName : undefined };
  }
  const base = `${DERIVED_DIR}/${rid}`;
  const absolute = resolveInside(path.join(ctx.config.dataDir, base), relativePath);
  if (!absolute) throw badInput('bad input: bad path');
  return {
    absolute,
    relative: `${base}/${relativePath}`,
    downloadName: download ? await downloadNameOf(ctx, rid, relativePath) : undefined,
  };
}

/** The largest playlist the app reads from the store and answers itself (a 10-hour VOD's is about 400 KB). */
const PLAYLIST_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A /media path of a resource whose upload is in the object store: 'source' is the upload's key, anything else
 * files/derived/{rid}/{path}. The answer is a 302 to a short-lived signed GET of that object (with the download
 * name when asked), so the bytes come from the store (or the CDN in front of it), not through the app. An HLS
 * playlist is the exception: the app fetches it and answers it itself, so its relative segment URIs resolve
 * against this /media URL and each segment comes back here, token checked, to be redirected to its own signed
 * URL. The URL is signed as of the start of a third of its lifetime, so one object keeps one URL for a while and
 * the browser's cache of it serves again; the redirect is kept no longer than that URL (less a margin) and the
 * token stay valid.
 */
async function storeAnswer(
  ctx: AppContext,
  rid: string,
  source: SourceEntry,
  relativePath: string,
  download: boolean,
  tokenExpiresAt: number,
): Promise<MediaAnswer> {
  const derived = relativePath !== 'source';
  if (derived && !safeSegments(relativePath)) throw badInput('bad input: bad path');
  const key = derived ? `${DERIVED_DIR}/${rid}/${relativePath}` : source.key;
  const store = await objectStoreOf(ctx.config);
  if (derived && !download && relativePath.endsWith('.m3u8')) {
    const body = await atStore(() => store.getSmall(key, PLAYLIST_MAX_BYTES));
    if (!body) throw notFound();
    return { kind: 'playlist', body };
  }
  let name: string | undefined;
  if (download) name = derived ? await downloadNameOf(ctx, rid, relativePath) : source.originalName;
  const now = ctx.now();
  const ttlMs = ctx.config.S3_URL_TTL * 1000;
  const signedAt = now - (now % Math.max(1000, Math.floor(ttlMs / 3)));
  const url = await atStore(() => store.signGet(key, signedAt, name));
  const margin = Math.min(60_000, Math.floor(ttlMs / 4));
  const keptUntil = Math.min(signedAt + ttlMs - margin, tokenExpiresAt);
  return { kind: 'redirect', url, maxAge: Math.max(0, Math.floor((keptUntil - now) / 1000)) };
}

/** A converted file downloads under the original's name with the output's extension (lesson.pptx → lesson.pdf). */
async function downloadNameOf(ctx: AppContext, rid: string, relativePath: string): Promise<string> {
  const ext = path.extname(relativePath);
  const original = (await sourceOf(ctx, rid))?.originalName;
  if (!original) return path.basename(relativePath);
  const stem = original.slice(0, original.length - path.extname(original).length) || original;
  return `${stem}${ext}`;
}
