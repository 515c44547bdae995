import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { contentTypeOf } from '../../lib/send-file';
import { DERIVED_DIR, dataPath, TMP_UPLOADS_DIR } from '../../lib/storage';
import { DERIVED_CACHE, derivedPrefix, storeOf } from './media-store';

/**
 * A resource's own derived files one at a time (subtitles, a custom poster, a presentation's cover; the whole
 * folder when the resource goes): on the data folder under files/derived/{rid}/, or in the object store under
 * the same key when the resource's upload lives there (storage 's3').
 */
export type Storage = 'local' | 's3';

/** The folder of a resource's derived files on the data folder. */
export const derivedDir = (ctx: AppContext, rid: string) => dataPath(ctx.config.dataDir, `${DERIVED_DIR}/${rid}`);

const localPath = (ctx: AppContext, rid: string, relative: string) =>
  path.join(derivedDir(ctx, rid), ...relative.split('/'));

/**
 * Writes a derived file: on the disk completely under a temporary name, then renamed into place; to the store
 * from a temporary file under tmp/uploads in one PUT (private), which replaces the object whole.
 */
export async function writeDerivedFile(
  ctx: AppContext,
  rid: string,
  storage: Storage,
  relative: string,
  data: Buffer | string,
): Promise<void> {
  const target = localPath(ctx, rid, relative);
  const stored = storage === 's3';
  const tmp = stored
    ? path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`)
    : `${target}.tmp-${ctx.ids.next()}`;
  await fsp.mkdir(path.dirname(tmp), { recursive: true });
  try {
    await fsp.writeFile(tmp, data);
    if (!stored) return await fsp.rename(tmp, target);
    const put = { contentType: contentTypeOf(relative), cacheControl: DERIVED_CACHE };
    await (await storeOf(ctx)).putFile(derivedPrefix(rid) + relative, tmp, put);
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

/** The bytes of a derived file (a slide image); throws when there is none. */
export async function readDerivedFile(ctx: AppContext, rid: string, storage: Storage, relative: string) {
  if (storage === 'local') return await fsp.readFile(localPath(ctx, rid, relative));
  const found = await (await storeOf(ctx)).getSmall(derivedPrefix(rid) + relative, 64 * 1024 * 1024);
  if (!found) throw new Error(`object store: no object at ${derivedPrefix(rid) + relative}`);
  return found;
}

/** Removes a derived file, or a folder of them when `relative` ends in '/' (subtitles/). */
export async function removeDerivedPath(ctx: AppContext, rid: string, storage: Storage, relative: string) {
  if (storage === 'local') return await fsp.rm(localPath(ctx, rid, relative), { recursive: true, force: true });
  const store = await storeOf(ctx);
  if (relative.endsWith('/')) await store.removePrefix(derivedPrefix(rid) + relative);
  else await store.remove(derivedPrefix(rid) + relative);
}

/** Removes every derived file of a resource (when it is deleted). */
export async function removeDerived(ctx: AppContext, rid: string, storage: Storage): Promise<void> {
  await fsp.rm(derivedDir(ctx, rid), { recursive: true, force: true });
  if (storage === 's3') await (await storeOf(ctx)).removePrefix(derivedPrefix(rid));
}
