import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { files, resources } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

/** The only place that touches the files table. */
export function insertFile(db: Db, row: FileRow): void {
  db.insert(files).values(row).run();
}

export function findFileById(db: Db, id: string): FileRow | undefined {
  return db.select().from(files).where(eq(files.id, id)).get();
}

/** Prepared once: public files (covers, page images) are looked up on every request for them. */
export function findFileByKey(db: Db, key: string): FileRow | undefined {
  return prepared(db, 'findFileByKey', (d) =>
    d
      .select()
      .from(files)
      .where(eq(files.key, sql.placeholder('key')))
      .prepare(),
  ).get({ key });
}

export function updateFileVisibility(db: Db, id: string, visibility: FileRow['visibility']): void {
  db.update(files).set({ visibility }).where(eq(files.id, id)).run();
}

export function deleteFileRow(db: Db, id: string): void {
  db.delete(files).where(eq(files.id, id)).run();
}

/** The key of a resource's uploaded file (for /media/{token}/{rid}/source), with the file's name and id. */
export function resourceSource(
  db: Db,
  rid: string,
): { key: string; fileId: string; originalName: string; deleted: boolean } | undefined {
  return prepared(db, 'resourceSource', (d) =>
    d
      .select({ key: files.key, fileId: files.id, originalName: files.originalName, deleted: resources.deleted })
      .from(resources)
      .innerJoin(files, eq(files.id, resources.fileId))
      .where(eq(resources.id, sql.placeholder('rid')))
      .prepare(),
  ).get({ rid });
}
