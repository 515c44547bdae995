import { eq, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { prepared } from '../../db/prepared';
import { files, resources } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

/** The only place that touches the files table. */
export async function insertFile(db: Db, row: FileRow): Promise<void> {
  await db.insert(files).values(row);
}

export async function findFileById(db: Db, id: string): Promise<FileRow | undefined> {
  return first(await db.select().from(files).where(eq(files.id, id)));
}

/** Prepared once: public files (covers, page images) are looked up on every request for them. */
export async function findFileByKey(db: Db, key: string): Promise<FileRow | undefined> {
  return await prepared(db, 'findFileByKey', (d) =>
    d
      .select()
      .from(files)
      .where(eq(files.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key });
}

export async function updateFileVisibility(db: Db, id: string, visibility: FileRow['visibility']): Promise<void> {
  await db.update(files).set({ visibility }).where(eq(files.id, id));
}

/** The file moved into the object store (or back): where its bytes are. */
export async function updateFileStorage(db: Db, id: string, storage: FileRow['storage']): Promise<void> {
  await db.update(files).set({ storage }).where(eq(files.id, id));
}

export async function deleteFileRow(db: Db, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/** The key of a resource's uploaded file (for /media/{token}/{rid}/source), with the file's name, id and storage. */
export async function resourceSource(
  db: Db,
  rid: string,
): Promise<
  { key: string; fileId: string; originalName: string; storage: FileRow['storage']; deleted: boolean } | undefined
> {
  return await prepared(db, 'resourceSource', (d) =>
    d
      .select({
        key: files.key,
        fileId: files.id,
        originalName: files.originalName,
        storage: files.storage,
        deleted: resources.deleted,
      })
      .from(resources)
      .innerJoin(files, eq(files.id, resources.fileId))
      .where(eq(resources.id, sql.placeholder('rid')))
      .prepare(),
  ).get({ rid });
}
