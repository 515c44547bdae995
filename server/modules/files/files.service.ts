import path from 'node:path';
import type { AppContext, Auth } from '../../context';
import { badInput, forbidden, notFound } from '../../lib/errors';
import { DERIVED_DIR, resolveInside, uploadKey } from '../../lib/storage';
import { findFileByKey } from '../uploads/files.repository';
import { sourceOf } from './source-cache';

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
 * GET /media/{token}/{rid}/{path}: the token alone decides (no database read but the cached rid → file lookup),
 * as the access check to the chapter happened where the URL was handed out (server/lib/media-url).
 * 403 bad or expired token, or a download the token does not allow; 400 an unsafe path; 404 nothing there.
 */
export async function mediaTarget(
  ctx: AppContext,
  token: string,
  rid: string,
  relativePath: string,
  download: boolean,
): Promise<ServeTarget> {
  if (!ID.test(rid)) throw notFound();
  const grant = ctx.mediaSigner.verify(token, rid);
  if (!grant) throw forbidden();
  if (download && !grant.download) throw forbidden();
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

/** A converted file downloads under the original's name with the output's extension (lesson.pptx → lesson.pdf). */
async function downloadNameOf(ctx: AppContext, rid: string, relativePath: string): Promise<string> {
  const ext = path.extname(relativePath);
  const original = (await sourceOf(ctx, rid))?.originalName;
  if (!original) return path.basename(relativePath);
  const stem = original.slice(0, original.length - path.extname(original).length) || original;
  return `${stem}${ext}`;
}
