import type { z } from 'zod';
import {
  kindsForChapter,
  resourceFitsChapter,
  RESOURCE_ERRORS,
  type ChapterWareInfo,
  type ResourceList,
  type zWareCandidatesQuery,
} from '../../../shared/schemas/resources';
import type { AppContext } from '../../context';
import { badInput, notFound } from '../../lib/errors';
import { findChapter } from '../chapters/chapters.repository';
import { managedCourse } from '../courses/courses.service';
import * as repo from './resources.repository';
import type { ResourceRow } from './resources.repository';
import { listResources } from './resources.service';

/**
 * Which library resource a chapter teaches (spec 3 'Ware info': rid). The chapter editor attaches one with a
 * picker; the kinds must fit (video/audio chapters take video or audio, document/office chapters pdf or
 * office, ppt chapters a presentation, image-text chapters an image). Back office, permission 'course'.
 */

const refused = (error: string, data: Record<string, unknown>) =>
  badInput(error, { field: 'rid', issues: [{ field: 'rid', message: error }], ...data });

const toWare = (cid: string, resource: ResourceRow, name: string): ChapterWareInfo => ({
  cid,
  rid: resource.id,
  title: resource.title,
  name,
  kind: resource.kind,
  status: resource.status,
  duration: resource.duration,
});

/** The chapter and its course when the administrator may manage the course, else 404. */
async function managedChapter(ctx: AppContext, adminId: string, cid: string) {
  const chapter = await findChapter(ctx.db, cid);
  if (!chapter) throw notFound();
  return { chapter, course: await managedCourse(ctx, adminId, chapter.courseId) };
}

/**
 * POST chapter/ware {cid, rid}: attaches a resource of the course's school to the chapter ('' detaches).
 * 400 'this chapter kind takes no resource' or 'resource kind does not fit the chapter' (with kind and accepts);
 * 404 for a chapter or resource the administrator may not see. Chapter lists are cached: the school's cache is bumped.
 */
export async function attachWare(
  ctx: AppContext,
  adminId: string,
  cid: string,
  rid: string,
): Promise<{ cid: string; ware: ChapterWareInfo | null }> {
  const { chapter, course } = await managedChapter(ctx, adminId, cid);
  let ware: ChapterWareInfo | null = null;
  if (rid !== '') {
    const accepts = kindsForChapter(chapter.type);
    if (accepts.length === 0) throw refused(RESOURCE_ERRORS.noResourceChapter, { chapterType: chapter.type, accepts });
    const found = await repo.findResource(ctx.db, course.schoolId, rid);
    if (!found) throw notFound(RESOURCE_ERRORS.notFound);
    if (!resourceFitsChapter(chapter.type, found.resource.kind))
      throw refused(RESOURCE_ERRORS.kindMismatch, { kind: found.resource.kind, chapterType: chapter.type, accepts });
    ware = toWare(cid, found.resource, found.file.name);
  }
  await repo.setChapterResource(ctx.db, chapter.id, rid);
  ctx.catalogueCache.bump(course.schoolId);
  return { cid, ware };
}

/** GET chapter/wares?coid=: the attached resource of each chapter of a course the administrator manages. */
export async function courseWares(
  ctx: AppContext,
  adminId: string,
  coid: string,
): Promise<{ wares: ChapterWareInfo[] }> {
  const course = await managedCourse(ctx, adminId, coid);
  const rows = (await repo.courseWares(ctx.db, course.id)).filter(
    ({ resource }) => resource.schoolId === course.schoolId,
  );
  return { wares: rows.map(({ cid, resource, name }) => toWare(cid, resource, name)) };
}

/** GET chapter/ware/candidates: the library's resources that fit the chapter's kind, for the picker. */
export async function wareCandidates(
  ctx: AppContext,
  adminId: string,
  query: z.output<typeof zWareCandidatesQuery>,
): Promise<ResourceList & { accepts: string[] }> {
  const { chapter, course } = await managedChapter(ctx, adminId, query.cid);
  const accepts = kindsForChapter(chapter.type);
  if (accepts.length === 0) throw refused(RESOURCE_ERRORS.noResourceChapter, { chapterType: chapter.type, accepts });
  return { ...(await listResources(ctx, course.schoolId, { ...query, fileType: '' }, accepts)), accepts: [...accepts] };
}
