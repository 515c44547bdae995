import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { objectStoreOf, type ObjectStore } from '../../lib/object-store';
import { contentTypeOf } from '../../lib/send-file';
import { DERIVED_DIR } from '../../lib/storage';
import type { SourceFile } from './media.repository';

/**
 * Conversion of a resource whose upload lives in the object store (files.storage 's3', online release):
 * the job downloads the original into its work folder (local scratch, as for every attempt), the tools run
 * there as usual, and the outputs go to the store under files/derived/{rid}/... (private) before the resource
 * records them. The resource's derived files live where its upload lives, so nothing else needs a flag.
 */

/** The folder of the work folder the downloaded original goes to (never uploaded as an output). */
export const SOURCE_DIR = '.source';
/** Derived objects are read through short-lived signed URLs only: never kept by a shared cache. */
export const DERIVED_CACHE = 'private, max-age=3600';
/** Uploads at once while publishing (HLS makes a segment every 6 s: a long lesson has hundreds). */
const PUT_PARALLEL = 4;

/** The key prefix of a resource's derived files in the store. */
export const derivedPrefix = (rid: string) => `${DERIVED_DIR}/${rid}/`;

/** The store of a file that lives there; an error (so a retry) when the platform now runs without one. */
export async function storeOf(ctx: AppContext): Promise<ObjectStore> {
  if (ctx.config.STORAGE !== 's3') throw new Error('object store: not configured (the file is in it; STORAGE=s3)');
  return await objectStoreOf(ctx.config);
}

/**
 * Streams the original from the store to {work}/.source/source.{ext} and answers that path. A missing object,
 * or one of another size than the files row says, fails the attempt (never a conversion of half a file).
 */
export async function fetchSource(
  ctx: AppContext,
  file: SourceFile,
  work: string,
  signal: AbortSignal,
): Promise<string> {
  const store = await storeOf(ctx);
  const dir = path.join(work, SOURCE_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `source.${file.ext.toLowerCase()}`);
  const size = await store.getToFile(file.key, target, signal);
  if (size === null) throw new Error(`object store: no object at ${file.key}`);
  if (size !== file.size) throw new Error(`object store: read ${size} of the ${file.size} bytes of ${file.key}`);
  return target;
}

/** The files under a folder, as '/'-separated paths relative to it, the source folder left out. */
function outputsIn(work: string, below = ''): string[] {
  return fs.readdirSync(path.join(work, below), { withFileTypes: true }).flatMap((entry) => {
    const relative = below ? `${below}/${entry.name}` : entry.name;
    if (!below && entry.name === SOURCE_DIR) return [];
    return entry.isDirectory() ? outputsIn(work, relative) : [relative];
  });
}

/** Runs `put` over the items, a few at once; the first failure stops taking new ones and is thrown when all settle. */
async function putAll(items: string[], put: (item: string) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      await put(item).catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUT_PARALLEL, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * Uploads a finished work folder to files/derived/{rid}/ (playlists last, so none names a segment not yet
 * written) and answers what to remove once the resource records the new outputs: the objects under the top-level
 * entries this conversion replaced that it did not write again (old segments of a longer earlier version).
 * Entries the job did not make (subtitles, a custom poster) stay, as on the disk. A failed upload removes the
 * objects this attempt added and throws: the attempt fails and is retried like any other failure.
 */
export async function publishToStore(
  ctx: AppContext,
  rid: string,
  work: string,
  signal: AbortSignal,
): Promise<() => Promise<void>> {
  const store = await storeOf(ctx);
  const prefix = derivedPrefix(rid);
  const before = new Set<string>();
  for await (const keys of store.list(prefix)) for (const key of keys) before.add(key);
  const isPlaylist = (name: string) => name.endsWith('.m3u8');
  const outputs = outputsIn(work).sort((a, b) => Number(isPlaylist(a)) - Number(isPlaylist(b)));
  const written = new Set<string>();
  const putOne = async (relative: string) => {
    const put = { contentType: contentTypeOf(relative), cacheControl: DERIVED_CACHE };
    await store.putFile(prefix + relative, path.join(work, ...relative.split('/')), put, signal);
    written.add(prefix + relative);
  };
  try {
    // The playlists wait for every segment.
    await putAll(
      outputs.filter((name) => !isPlaylist(name)),
      putOne,
    );
    await putAll(outputs.filter(isPlaylist), putOne);
  } catch (error) {
    const added = [...written].filter((key) => !before.has(key));
    await Promise.all(added.map((key) => store.remove(key).catch(() => undefined)));
    throw error;
  }
  const tops = new Set(outputs.map((relative) => relative.split('/')[0]!));
  const replaced = [...before].filter((key) => {
    const relative = key.slice(prefix.length);
    return !written.has(key) && tops.has(relative.split('/')[0]!);
  });
  return async () => {
    for (const key of replaced) await store.remove(key);
  };
}
