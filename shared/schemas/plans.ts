import * as z from 'zod';
import { zId, zQueryNum, zQueryPage } from './common';
import { PAGE_NUM_MAX, zFlag, zTitle } from './courses';

/**
 * Study plans (spec 1; spec 3 'Course' type 3, level 0 growth / 1 phase; 'Course settings' plan_type,
 * verify, stage_year, stage_date, expire_limit; 'Chapter' description, passed, verify_status; spec 4
 * 'Growth plan order', 'Staged plan'; spec 3 state 'Study plan: published; goes through a verify/commit
 * flow'; spec 7 studyplan/stu/*).
 *
 * A plan IS a course of type 3 (server/db/schema/plans.ts): its stages are the top-level chapters, one per
 * chosen course, and the lessons under them copies of that course's study chapters pointing at the same
 * library resources. Kinds:
 * - growth: level 0, settings.plan_type 0 — a stage opens once every earlier stage is finished;
 * - phase: level 1, plan_type 1 — the stages are studied in any order;
 * - staged: level 1, plan_type 2, with settings.stage_year > 0 — each lesson opens on its date (label 0 one
 *   month, 1 a quarter, others the whole year; shared/rules/staged-plan.ts).
 */

/** Plan kinds (see above). */
export const PLAN_KINDS = ['growth', 'phase', 'staged'] as const;
export type PlanKindName = (typeof PLAN_KINDS)[number];

/** The review state (draft → committed → approved | rejected with a reason; only approved may be published). */
export const PLAN_STATUSES = ['draft', 'committed', 'approved', 'rejected'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** At most this many courses (stages) in one plan, and targets in one assign call. */
export const PLAN_COURSES_MAX = 50;
export const ASSIGN_TARGETS_MAX = 500;
/** A rejection reason. */
export const REASON_MAX = 500;

/** Error strings of the plan calls. */
export const PLAN_ERRORS = {
  notApproved: 'study plan not approved',
  badState: 'study plan is not in a state for this',
  mainAdminOnly: 'only the main administrator may review study plans',
  noStudyChapters: 'course has no chapters to study',
} as const;

/** Stage settings of a staged plan (spec 9 'Stage months'): label 0 one month (stage_date 1-12), 1 a quarter (1-4), 2 the whole year. */
export const zStageSettings = z
  .object({
    stage_year: z.number().int().min(2000).max(9999),
    label: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    stage_date: z.number().int().min(0).max(12).default(1),
    /** A lesson closes after the end date written in its description (spec 3 'Chapter'). */
    expire_limit: zFlag.default(false),
  })
  .superRefine((value, issue) => {
    if (value.label === 0 && (value.stage_date < 1 || value.stage_date > 12))
      issue.addIssue({ code: 'custom', path: ['stage_date'], message: 'must be a month 1-12' });
    if (value.label === 1 && (value.stage_date < 1 || value.stage_date > 4))
      issue.addIssue({ code: 'custom', path: ['stage_date'], message: 'must be a quarter 1-4' });
  });
export type StageSettingsInput = z.output<typeof zStageSettings>;

/** POST studyplan/create {title, kind, courses, verify?, stage?}: stage is required for a staged plan and only there. */
export const zNewPlan = z
  .object({
    title: zTitle,
    kind: z.enum(PLAN_KINDS),
    /** The courses in stage order. */
    courses: z.array(zId).min(1, 'must name at least one course').max(PLAN_COURSES_MAX),
    /** Each finished stage needs the staged review (verify_status 1) before the next opens. */
    verify: zFlag.default(false),
    stage: zStageSettings.optional(),
    description: z.string().max(20_000).optional(),
  })
  .superRefine((value, issue) => {
    if (new Set(value.courses).size !== value.courses.length)
      issue.addIssue({ code: 'custom', path: ['courses'], message: 'must not repeat a course' });
    if (value.kind === 'staged' && !value.stage)
      issue.addIssue({ code: 'custom', path: ['stage'], message: 'is required for a staged plan' });
    if (value.kind !== 'staged' && value.stage)
      issue.addIssue({ code: 'custom', path: ['stage'], message: 'is only for a staged plan' });
  });
export type NewPlan = z.output<typeof zNewPlan>;

export const zPlanCreated = z.object({ coid: zId, code: z.string(), status: z.enum(PLAN_STATUSES) });

/** GET studyplan/list {status?, page, num}. */
export const zPlanListQuery = z.object({
  status: z.enum(PLAN_STATUSES).optional(),
  page: zQueryPage,
  num: zQueryNum(PAGE_NUM_MAX),
});

/** A call about one plan: {coid} (query or body). */
export const zPlanRef = z.object({ coid: zId });

/** POST studyplan/verify {coid, approve, reason}: a reason is required to reject. */
export const zVerifyPlan = z
  .object({ coid: zId, approve: z.boolean(), reason: z.string().trim().max(REASON_MAX).default('') })
  .superRefine((value, issue) => {
    if (!value.approve && value.reason === '')
      issue.addIssue({ code: 'custom', path: ['reason'], message: 'is required to reject' });
  });

/** POST studyplan/assign and studyplan/unassign {coid, sids?, gids?}: students and groups of the plan's school. */
export const zAssignPlan = z
  .object({
    coid: zId,
    sids: z.array(zId).max(ASSIGN_TARGETS_MAX).default([]),
    gids: z.array(zId).max(ASSIGN_TARGETS_MAX).default([]),
  })
  .refine((value) => value.sids.length + value.gids.length > 0, {
    path: ['sids'],
    message: 'name at least one student or group',
  });

/** GET studyplan/students {keyword?}: the school's students to assign, searched by user name or name. */
export const zPlanStudentQuery = z.object({ keyword: z.string().trim().max(50).default('') });

/** The review state of a plan. */
export const zPlanReview = z.object({
  status: z.enum(PLAN_STATUSES),
  reason: z.string(),
  committed_by: z.string().nullable(),
  committed_at: z.number().nullable(),
  verified_by: z.string().nullable(),
  verified_at: z.number().nullable(),
});
export type PlanReview = z.infer<typeof zPlanReview>;

/** Staged settings as replies carry them (null for a plan that is not staged). */
export const zPlanStage = z.object({
  stage_year: z.number(),
  label: z.number(),
  stage_date: z.number(),
  expire_limit: z.boolean(),
});

/** A row of the back office's list. */
export const zPlanRow = z.object({
  coid: z.string(),
  code: z.string(),
  title: z.string(),
  kind: z.enum(PLAN_KINDS),
  verify: z.boolean(),
  published: z.boolean(),
  status: z.enum(PLAN_STATUSES),
  reason: z.string(),
  stages: z.number(),
  lessons: z.number(),
  students: z.number(),
  groups: z.number(),
  update_time: z.string(),
});
export type PlanRow = z.infer<typeof zPlanRow>;
export const zPlanList = z.object({ list: z.array(zPlanRow), total: z.number() });

/** A lesson of a stage as the back office sees it. */
export const zPlanLesson = z.object({
  cid: z.string(),
  title: z.string(),
  type: z.number(),
  learnType: z.string(),
  rid: z.string(),
  description: z.string(),
});
export const zPlanStageInfo = z.object({
  cid: z.string(),
  title: z.string(),
  position: z.number(),
  lessons: z.array(zPlanLesson),
});

/** GET studyplan/info: the plan, its stages, its assignment counts and review state, and what the caller may do. */
export const zPlanInfo = zPlanRow.extend({
  description: z.string(),
  stage: zPlanStage.nullable(),
  review: zPlanReview,
  stageList: z.array(zPlanStageInfo),
  /** The caller is the main administrator (may approve or reject). */
  canVerify: z.boolean(),
});
export type PlanInfo = z.infer<typeof zPlanInfo>;

export const zPlanAssignees = z.object({
  students: z.array(z.object({ sid: z.string(), username: z.string(), name: z.string() })),
  groups: z.array(z.object({ gid: z.string(), name: z.string(), members: z.number() })),
});
export type PlanAssignees = z.infer<typeof zPlanAssignees>;
export const zAssignResult = z.object({
  coid: z.string(),
  changed: z.number(),
  students: z.number(),
  groups: z.number(),
});
export const zPlanStudents = z.object({
  students: z.array(z.object({ sid: z.string(), username: z.string(), name: z.string() })),
});

// ---- Student side (studyplan/stu/*) ----

/** A lock of a stage or lesson (spec 8 keys: orderTip growth order, stageNotOpen / stageClosed staged windows, couseOrderTip order_rest). */
export const zPlanLock = z.object({
  message: z.enum(['orderTip', 'stageNotOpen', 'stageClosed', 'couseOrderTip', 'orderTip2']),
  blockedBy: z.string(),
});
export type PlanLock = z.infer<typeof zPlanLock>;
/** A staged lesson's opening window (ms; end null when it never closes). */
export const zPlanWindow = z.object({
  state: z.enum(['open', 'notYetOpen', 'closed']),
  start: z.number(),
  end: z.number().nullable(),
});
export type PlanWindow = z.infer<typeof zPlanWindow>;

/** The student's progress of a plan (course_records: complete_chapter of total_chapter, process percent). */
export const zPlanProgress = z.object({ process: z.number(), complete: z.number(), total: z.number() });

/** GET studyplan/stu/list: the plans assigned to me, approved and published. */
export const zStudentPlan = z.object({
  coid: z.string(),
  code: z.string(),
  title: z.string(),
  img: z.string(),
  kind: z.enum(PLAN_KINDS),
  stages: z.number(),
  progress: zPlanProgress,
  last_visit: z.number().nullable(),
});
export type StudentPlan = z.infer<typeof zStudentPlan>;
export const zStudentPlanList = z.object({ list: z.array(zStudentPlan) });

export const zStudentLesson = z.object({
  cid: z.string(),
  title: z.string(),
  type: z.number(),
  learnType: z.string(),
  /** 0..1 (1 = complete). */
  progress: z.number(),
  complete: z.boolean(),
  lock: zPlanLock.nullable(),
  window: zPlanWindow.nullable(),
});
export type StudentLesson = z.infer<typeof zStudentLesson>;

export const zStudentStage = z.object({
  cid: z.string(),
  title: z.string(),
  /** Every lesson at progress 1. */
  studied: z.boolean(),
  passed: z.boolean(),
  verify_status: z.number(),
  /** Studied, passed and (where verify is set) verified: the next stage of a growth plan opens. */
  finished: z.boolean(),
  /** The stage's own lock (growth plan order), null when open. */
  lock: zPlanLock.nullable(),
  /** The reason given when the stage's review was rejected ('' otherwise). */
  review_reason: z.string(),
  lessons: z.array(zStudentLesson),
});
export type StudentStage = z.infer<typeof zStudentStage>;

/** GET studyplan/stu/detail?coid=. */
export const zStudentPlanDetail = zStudentPlan.extend({
  description: z.string(),
  verify: z.boolean(),
  stage: zPlanStage.nullable(),
  stageList: z.array(zStudentStage),
});
export type StudentPlanDetail = z.infer<typeof zStudentPlanDetail>;
