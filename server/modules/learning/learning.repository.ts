import { eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { courses, files, resources } from '../../db/schema';

/** A chapter's resource with its uploaded file, as the ware call reads it. */
export async function wareResource(db: Db, rid: string) {
  return await prepared(db, 'wareResource', (d) =>
    d
      .select({
        id: resources.id,
        schoolId: resources.schoolId,
        kind: resources.kind,
        status: resources.status,
        statusMessage: resources.statusMessage,
        duration: resources.duration,
        outputs: resources.outputs,
        subtitles: resources.subtitles,
        deleted: resources.deleted,
        fileName: files.originalName,
        ext: files.ext,
        mime: files.mime,
        size: files.size,
      })
      .from(resources)
      .innerJoin(files, eq(files.id, resources.fileId))
      .where(eq(resources.id, sql.placeholder('rid')))
      .prepare(),
  ).get({ rid });
}
export type WareResource = NonNullable<Awaited<ReturnType<typeof wareResource>>>;

/** The course's title and last change, for the learning page's header. */
export async function courseTitle(db: Db, coid: string): Promise<{ title: string; updatedAt: number } | undefined> {
  return await prepared(db, 'learnCourseTitle', (d) =>
    d
      .select({ title: courses.title, updatedAt: courses.updatedAt })
      .from(courses)
      .where(eq(courses.id, sql.placeholder('coid')))
      .prepare(),
  ).get({ coid });
}
