/**
 * What enrolling by key and redeeming a code both ask of the student and the course (the access policy
 * decides; this only turns its answers into the replies of server/modules/redeem).
 */
import { COURSE_STATUS } from '../../../shared/rules/course-status';
import { STUDY_REFUSALS } from '../../../shared/schemas/learning';
import type { AppContext, Auth } from '../../context';
import { AppError, conflict, noLogin } from '../../lib/errors';
import { buyRefusal, holdingOf, validityOf } from '../access/policy';
import type { CourseRow } from '../courses/courses.repository';
import { REDEEM_ERRORS } from '../../../shared/schemas/redeem';

export type StudentAuth = { role: 'student'; schoolId: string; userId: string; tokenHash: string };

/** The signed-in student: 401 for a guest, 403 studentOnly (请使用学员账号进行操作！) for an administrator. */
export function actingStudent(auth: Auth): StudentAuth {
  if (auth.role === 'guest') throw noLogin();
  if (auth.role !== 'student') throw new AppError(403, STUDY_REFUSALS.studentOnly, { refusal: 'studentOnly' });
  return { ...auth, role: 'student' };
}

/** 403 designatedGroup when the course is for groups the student is not in (spec 5 'Buying is refused'). */
export async function assertMayObtain(ctx: AppContext, auth: StudentAuth, course: CourseRow): Promise<void> {
  const refusal = await buyRefusal(ctx, auth, course);
  if (refusal === 'noLogin') throw noLogin();
  if (refusal) throw new AppError(403, STUDY_REFUSALS[refusal], { refusal });
}

/** 409 'already held' when the student holds the course now (or holds it for a window not yet open). */
export async function assertNotHeld(ctx: AppContext, auth: StudentAuth, course: CourseRow): Promise<void> {
  const { holding, status } = validityOf(course, await holdingOf(ctx, auth, course), ctx.now());
  const current = status.status === COURSE_STATUS.available || status.status === COURSE_STATUS.notStarted;
  if (holding && current) throw conflict(REDEEM_ERRORS.alreadyHeld);
}
