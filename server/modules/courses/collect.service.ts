import type { z } from 'zod';
import type { zCollectCourse } from '../../../shared/schemas/courses';
import type { AppContext, Auth } from '../../context';
import { noLogin, notFound } from '../../lib/errors';
import { addCollect, isCollected, removeCollect } from './collects.repository';
import { pageSchoolId } from '../schools/viewer';
import { openCourse } from './course-visibility';
import { toFlag } from './courses.presenter';

/**
 * POST collectcourse: bookmarks (1) or removes (0) a course the student can see, of the school uid;
 * idempotent. A course the student cannot see, or of another school than uid, is 404.
 */
export async function collectCourse(ctx: AppContext, auth: Auth, input: z.output<typeof zCollectCourse>) {
  if (auth.role !== 'student') throw noLogin();
  const schoolId = await pageSchoolId(ctx, auth, input.uid);
  const { head } = await openCourse(ctx, auth, input.coid);
  if (head.schoolId !== schoolId) throw notFound();
  if (toFlag(input.collect)) await addCollect(ctx.db, auth.userId, head.id, ctx.now());
  else await removeCollect(ctx.db, auth.userId, head.id);
  return { collect: toFlag(input.collect) ? (1 as const) : (0 as const) };
}

/** GET collect/status: 1 when the signed-in student bookmarked the course; 0 for anyone else. */
export async function collectStatus(ctx: AppContext, auth: Auth, coid: string) {
  if (auth.role !== 'student') return { collect: 0 as const };
  return { collect: (await isCollected(ctx.db, auth.userId, coid)) ? (1 as const) : (0 as const) };
}
