import { isStaged } from '../../../shared/rules/staged-plan';
import { planKind } from '../../../shared/rules/study-order';
import { learnLetter } from '../../../shared/schemas/chapters';
import type { PlanKindName, PlanReview, PlanRow as PlanListRow } from '../../../shared/schemas/plans';
import type { AppContext } from '../../context';
import type { ChapterRow } from '../chapters/chapters.repository';
import { dateText, readSettings } from '../courses/courses.presenter';
import type { CourseRow } from '../courses/courses.repository';
import type { AdminPlanRow, PlanRow } from './plans.repository';

/** The kind of a plan's course: staged when stage_year is set, else growth (level 0) or phase (level 1). */
export function kindOf(course: Pick<CourseRow, 'type' | 'level' | 'settings'>): PlanKindName {
  if (isStaged(readSettings(course.settings))) return 'staged';
  return planKind(course) ?? 'phase';
}

/** The staged settings of a plan's course, null when it is not staged. */
export function stageOf(course: Pick<CourseRow, 'label' | 'settings'>) {
  const settings = readSettings(course.settings);
  if (!isStaged(settings)) return null;
  return {
    stage_year: settings.stage_year,
    label: course.label,
    stage_date: settings.stage_date,
    expire_limit: settings.expire_limit,
  };
}

export function toReview(plan: PlanRow): PlanReview {
  return {
    status: plan.status,
    reason: plan.reason,
    committed_by: plan.committedBy,
    committed_at: plan.committedAt,
    verified_by: plan.verifiedBy,
    verified_at: plan.verifiedAt,
  };
}

/** A row of the back office's list. */
export function toPlanRow(ctx: AppContext, row: AdminPlanRow): PlanListRow {
  return {
    coid: row.course.id,
    code: ctx.courseCodec.encode(row.course.id),
    title: row.course.title,
    kind: kindOf(row.course),
    verify: readSettings(row.course.settings).verify,
    published: row.course.published,
    status: row.plan.status,
    reason: row.plan.reason,
    stages: row.stages,
    lessons: row.lessons,
    students: row.students,
    groups: row.groups,
    update_time: dateText(Math.max(row.plan.updatedAt, row.course.updatedAt)),
  };
}

/** A plan's chapters as stages with their lessons (top level in position order). */
export function toStageList(rows: readonly ChapterRow[]) {
  const order = (a: ChapterRow, b: ChapterRow) => a.position - b.position || a.createdAt - b.createdAt;
  return rows
    .filter((row) => row.parentId === '0')
    .sort(order)
    .map((stage) => ({
      cid: stage.id,
      title: stage.title,
      position: stage.position,
      lessons: rows
        .filter((row) => row.parentId === stage.id)
        .sort(order)
        .map((lesson) => ({
          cid: lesson.id,
          title: lesson.title,
          type: lesson.type,
          learnType: learnLetter(lesson.type),
          rid: lesson.resourceId,
          description: lesson.description,
        })),
    }));
}
