/**
 * Study plans in the back office (spec 1 'study plans'; spec 3 'Study plan: published; goes through a
 * verify/commit flow': a plan made from courses (growth, phase, staged), published, assigned to students or
 * groups, and its verify and commit flow). Permission 'course', one school.
 *
 * Choices where the spec is silent:
 * - A plan is a private, free course of type 3 (not listed in the catalogue; students reach it through
 *   their plans), permanent validity.
 * - Creating copies, for each chosen course in order, its study chapters (the leaves a learner opens:
 *   shared/rules/learning studyOrder) as the lessons of one stage titled as the course. The copies point at
 *   the same library resources (chapters.resource_id): no file is copied. A course with nothing to study,
 *   a study plan, or a course of another school is refused.
 * - Review: any administrator with 'course' commits a draft or rejected plan; only the main administrator
 *   (adminType 0) approves or rejects a committed one, a reason being required to reject. Only an approved
 *   plan may be published (course/pub asks assertPlanPublishable); unpublishing is always allowed.
 * - Editing an approved or published plan's chapters (the course editor) stays allowed and does not reopen
 *   the review: the review approves the plan as a whole (its courses, kind and audience), and lessons are
 *   corrected in place the way any published course's chapters are.
 * - Assigning is allowed in any review state (the audience is prepared while the plan is reviewed); students
 *   see a plan only once it is approved and published, and are told then (issue 16 'a plan assigned':
 *   plan-notices.ts), not when it is assigned during its review.
 */
import { COMMITTABLE, REVIEWABLE } from '../../../shared/rules/plan-review';
import type { z } from 'zod';
import { studyOrder } from '../../../shared/rules/learning';
import { zCourseSettings } from '../../../shared/schemas/courses';
import { learnLetter } from '../../../shared/schemas/chapters';
import {
  PLAN_ERRORS,
  type NewPlan,
  type PlanInfo,
  type zAssignPlan,
  type zPlanListQuery,
  type zVerifyPlan,
} from '../../../shared/schemas/plans';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { findAdmin } from '../auth/accounts.repository';
import { insertChapters, listChapters, type ChapterRow, type NewChapterRow } from '../chapters/chapters.repository';
import { canManageCourse } from '../courses/course-access';
import { normaliseSettings } from '../courses/courses.presenter';
import { findCourse, insertCourse, type CourseRow } from '../courses/courses.repository';
import { schoolGroupIds } from '../groups/groups.repository';
import { schoolStudentIds } from '../students/students.repository';
import { badField, managedCourse } from '../courses/courses.service';
import { PLAN_COURSE_TYPE } from '../access/policy';
import * as repo from './plans.repository';
import { tellPlanHolders } from './plan-notices';
import { stageOf, toPlanRow, toReview, toStageList } from './plans.presenter';
import { mapAsync } from '../../lib/sequential';

/** Course level and settings.plan_type of each kind (spec 3 'Course' level: 0 growth, 1 phase). */
const KIND_COLUMNS = {
  growth: { level: 0, planType: 0 },
  phase: { level: 1, planType: 1 },
  staged: { level: 1, planType: 2 },
} as const;

/** The main administrator (adminType 0) has no parent. */
export async function isMainAdmin(ctx: AppContext, adminId: string): Promise<boolean> {
  const admin = await findAdmin(ctx.db, adminId);
  return !!admin && !admin.disabled && admin.parentId === null;
}

/** The study chapters of a course in study order (leaves; headings and chapters with subchapters skipped). */
function studyChaptersOf(rows: readonly ChapterRow[]): ChapterRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const order = (a: ChapterRow, b: ChapterRow) => a.position - b.position || a.createdAt - b.createdAt;
  const node = (row: ChapterRow) => ({ cid: row.id, title: row.title, learnType: learnLetter(row.type) });
  const tree = rows
    .filter((row) => row.parentId === '0')
    .sort(order)
    .map((top) => ({
      ...node(top),
      children: rows
        .filter((row) => row.parentId === top.id)
        .sort(order)
        .map(node),
    }));
  return studyOrder(tree).map((leaf) => byId.get(leaf.cid)!);
}

/** The chosen courses with their study chapters, or a 400 naming the first course refused. */
async function sourceCourses(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
  coids: readonly string[],
): Promise<{ course: CourseRow; lessons: ChapterRow[] }[]> {
  return await mapAsync(coids, async (coid, index) => {
    const course = await findCourse(ctx.db, coid);
    const field = `courses.${index}`;
    if (!course || course.deleted || course.schoolId !== schoolId || !(await canManageCourse(ctx, adminId, course)))
      throw badField(field, 'is not a course of this school');
    if (course.type === PLAN_COURSE_TYPE) throw badField(field, 'is a study plan');
    const lessons = studyChaptersOf(await listChapters(ctx.db, course.id));
    if (lessons.length === 0) throw badField(field, PLAN_ERRORS.noStudyChapters);
    return { course, lessons };
  });
}

/**
 * POST studyplan/create: the plan's course (type 3), one stage per chosen course with copies of its study
 * chapters, and its review row 'draft' — in one transaction.
 */
export async function createPlan(ctx: AppContext, adminId: string, schoolId: string, input: NewPlan) {
  const sources = await sourceCourses(ctx, adminId, schoolId, input.courses);
  const kind = KIND_COLUMNS[input.kind];
  const stage = input.stage;
  const settings = normaliseSettings(
    zCourseSettings.parse({
      plan_type: kind.planType,
      verify: input.verify,
      ...(stage
        ? {
            stage_year: stage.stage_year,
            stage_date: stage.label === 2 ? 1 : stage.stage_date,
            expire_limit: stage.expire_limit,
          }
        : {}),
    }),
  );
  const now = ctx.now();
  const coid = ctx.ids.next();
  const chapterRows: NewChapterRow[] = [];
  sources.forEach(({ course, lessons }, position) => {
    const stageId = ctx.ids.next();
    chapterRows.push({
      id: stageId,
      courseId: coid,
      parentId: '0',
      position,
      title: course.title,
      type: 0,
      createdAt: now,
    });
    lessons.forEach((lesson, at) =>
      chapterRows.push({
        id: ctx.ids.next(),
        courseId: coid,
        parentId: stageId,
        position: at,
        title: lesson.title,
        type: lesson.type,
        free: false,
        allowdownload: lesson.allowdownload,
        showgrade: lesson.showgrade,
        description: lesson.description,
        resourceId: lesson.resourceId,
        createdAt: now,
      }),
    );
  });
  await ctx.db.transaction(async (tx) => {
    await insertCourse(tx, {
      id: coid,
      schoolId,
      title: input.title,
      description: input.description ?? '',
      type: PLAN_COURSE_TYPE,
      level: kind.level,
      label: stage?.label ?? 0,
      isPrivate: true,
      settings: JSON.stringify(settings),
      createdAt: now,
      updatedAt: now,
    });
    await insertChapters(tx, chapterRows);
    await repo.insertPlan(tx, { courseId: coid, schoolId, status: 'draft', createdAt: now, updatedAt: now });
  });
  ctx.catalogueCache.bump(schoolId);
  return { coid, code: ctx.courseCodec.encode(coid), status: 'draft' as const };
}

/** The plan (its course not deleted) when the administrator may manage it, else 404. */
async function managedPlan(
  ctx: AppContext,
  adminId: string,
  coid: string,
): Promise<{ course: CourseRow; plan: repo.PlanRow }> {
  const course = await managedCourse(ctx, adminId, coid);
  const plan = await repo.findPlan(ctx.db, course.id);
  if (!plan || course.type !== PLAN_COURSE_TYPE) throw notFound();
  return { course, plan };
}

/** GET studyplan/list: the school's plans, by review state, paged. */
export async function listPlans(ctx: AppContext, schoolId: string, query: z.output<typeof zPlanListQuery>) {
  const { rows, total } = await repo.adminPlans(ctx.db, {
    schoolId,
    status: query.status,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { list: rows.map((row) => toPlanRow(ctx, row)), total };
}

/** GET studyplan/info: the plan with its stages, counts and review state, and whether the caller may review it. */
export async function planInfo(ctx: AppContext, adminId: string, coid: string): Promise<PlanInfo> {
  const { course } = await managedPlan(ctx, adminId, coid);
  const row = (await repo.adminPlan(ctx.db, course.id))!;
  return {
    ...toPlanRow(ctx, row),
    description: course.description,
    stage: stageOf(course),
    review: toReview(row.plan),
    stageList: toStageList(await listChapters(ctx.db, course.id)),
    canVerify: await isMainAdmin(ctx, adminId),
  };
}

/** POST studyplan/commit: a draft or rejected plan is submitted for review. */
export async function commitPlan(ctx: AppContext, adminId: string, coid: string): Promise<PlanInfo> {
  const { course } = await managedPlan(ctx, adminId, coid);
  const now = ctx.now();
  const changed = await repo.changeStatus(ctx.db, course.id, COMMITTABLE, {
    status: 'committed',
    committedBy: adminId,
    committedAt: now,
    updatedAt: now,
  });
  if (changed === 0) throw conflict(PLAN_ERRORS.badState);
  return await planInfo(ctx, adminId, course.id);
}

/** POST studyplan/verify: the main administrator approves or rejects (with a reason) a committed plan. */
export async function verifyPlan(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zVerifyPlan>,
): Promise<PlanInfo> {
  if (!(await isMainAdmin(ctx, adminId))) throw forbidden(PLAN_ERRORS.mainAdminOnly);
  const { course } = await managedPlan(ctx, adminId, input.coid);
  const now = ctx.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const moved = await repo.changeStatus(tx, course.id, REVIEWABLE, {
      status: input.approve ? 'approved' : 'rejected',
      reason: input.approve ? '' : input.reason,
      verifiedBy: adminId,
      verifiedAt: now,
      updatedAt: now,
    });
    // Issue 16: approving a plan whose course is published already gives it to its assignees (plan-notices.ts).
    if (moved > 0 && input.approve) await tellPlanHolders(ctx, tx, course.id, now);
    return moved;
  });
  if (changed === 0) throw conflict(PLAN_ERRORS.badState);
  return await planInfo(ctx, adminId, course.id);
}

/** The students and groups named, checked to be of the plan's school (a 400 naming the field otherwise). */
async function schoolTargets(ctx: AppContext, schoolId: string, input: { sids: string[]; gids: string[] }) {
  const sids = [...new Set(input.sids)];
  const gids = [...new Set(input.gids)];
  if ((await schoolStudentIds(ctx.db, schoolId, sids)).length !== sids.length)
    throw badField('sids', 'must name students of this school');
  if ((await schoolGroupIds(ctx.db, schoolId, gids)).length !== gids.length)
    throw badField('gids', 'must name groups of this school');
  return { sids, gids };
}

async function assignmentCounts(ctx: AppContext, coid: string, changed: number) {
  const row = (await repo.adminPlan(ctx.db, coid))!;
  return { coid, changed, students: row.students, groups: row.groups };
}

/** POST studyplan/assign: the plan is for these students and groups too (already assigned ones stay). */
export async function assignPlan(ctx: AppContext, adminId: string, input: z.output<typeof zAssignPlan>) {
  const { course } = await managedPlan(ctx, adminId, input.coid);
  const { sids, gids } = await schoolTargets(ctx, course.schoolId, input);
  const now = ctx.now();
  const rows: repo.AssignmentRow[] = [
    ...sids.map((id) => ({
      courseId: course.id,
      schoolId: course.schoolId,
      targetType: 'student' as const,
      targetId: id,
      assignedBy: adminId,
      createdAt: now,
    })),
    ...gids.map((id) => ({
      courseId: course.id,
      schoolId: course.schoolId,
      targetType: 'group' as const,
      targetId: id,
      assignedBy: adminId,
      createdAt: now,
    })),
  ];
  const changed = await ctx.db.transaction(async (tx) => {
    const added = await repo.insertAssignments(tx, rows);
    // Issue 16: an approved, published plan is had at once (plan-notices.ts); else it is told when it is.
    await tellPlanHolders(ctx, tx, course.id, now);
    return added;
  });
  return await assignmentCounts(ctx, course.id, changed);
}

/** POST studyplan/unassign: the plan is no longer for these students and groups. */
export async function unassignPlan(ctx: AppContext, adminId: string, input: z.output<typeof zAssignPlan>) {
  const { course } = await managedPlan(ctx, adminId, input.coid);
  const sids = [...new Set(input.sids)];
  const gids = [...new Set(input.gids)];
  const changed = await ctx.db.transaction(async (tx) => await repo.deleteAssignments(tx, course.id, sids, gids));
  return await assignmentCounts(ctx, course.id, changed);
}

/** GET studyplan/assignees: who the plan is for. */
export async function planAssignees(ctx: AppContext, adminId: string, coid: string) {
  const { course } = await managedPlan(ctx, adminId, coid);
  return await repo.assignees(ctx.db, course.id);
}

/** GET studyplan/students: the school's students to assign (at most 50). */
export async function assignableStudents(ctx: AppContext, schoolId: string, keyword: string) {
  return { students: await repo.searchStudents(ctx.db, schoolId, keyword, 50) };
}
