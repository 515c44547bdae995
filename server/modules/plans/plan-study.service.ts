/**
 * The student's study plans (spec 2 study/plan, study/detail (param coid), dashboard myplan and
 * studyplandetailstu; spec 7 studyplan/stu/*): the plans assigned to the student — directly or through one
 * of their groups — that are approved and published, with progress, and one plan's stages and lessons with
 * the locks the study page enforces.
 *
 * Locks come from server/modules/learning/study-gate.ts (the check the server enforces), which applies:
 * - spec 4 'Staged plan' (shared/rules/staged-plan stageGate at ctx.now()): a lesson not yet open, or
 *   closed after the end date in its description → stageNotOpen / stageClosed, with its window;
 * - spec 4 'Growth plan order' (shared/rules/study-order growthPlanOrder) for a growth plan: a stage, and
 *   its lessons, stay locked until every earlier stage is studied, passed and (with verify) verified → orderTip;
 * - spec 4 'Ordered study' (studyLocks) when the plan's course has order_rest.
 * A stage's passed and verify_status are the learn record whose chapter is the stage (the back office's
 * staged review writes it, learn/record/update; a passed stage exam sets passed).
 */
import { isComplete } from '../../../shared/rules/progress';
import { stageFinished, stageStudied } from '../../../shared/rules/study-order';
import type { StudentPlan, StudentPlanDetail, StudentStage } from '../../../shared/schemas/plans';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { listChapters } from '../chapters/chapters.repository';
import { courseHead } from '../courses/catalogue.repository';
import { planStages, stageExamsOf, studyGate } from '../access/order-gate';
import { readSettings } from '../courses/courses.presenter';
import { findCourse, type CourseRow } from '../courses/courses.repository';
import { recordsStore } from '../records/records.store';
import { isPlanAssigned, planApproved, PLAN_COURSE_TYPE } from '../access/policy';
import * as repo from './plans.repository';
import { kindOf, stageOf, toStageList } from './plans.presenter';
import { mapAsync } from '../../lib/sequential';

type Progress = StudentPlan['progress'];

function progressOf(
  record: { process: number; completeChapter: number; totalChapter: number } | undefined,
  lessons: number,
): Progress {
  if (!record) return { process: 0, complete: 0, total: lessons };
  return { process: record.process, complete: record.completeChapter, total: record.totalChapter || lessons };
}

function summary(
  ctx: AppContext,
  course: CourseRow,
  stages: number,
  progress: Progress,
  lastVisit: number | null,
): StudentPlan {
  return {
    coid: course.id,
    code: ctx.courseCodec.encode(course.id),
    title: course.title,
    img: course.img,
    kind: kindOf(course),
    stages,
    progress,
    last_visit: lastVisit,
  };
}

/** GET studyplan/stu/list: my plans (approved, published, assigned to me or my groups), newest first. */
export async function myPlans(
  ctx: AppContext,
  student: { userId: string; schoolId: string },
): Promise<{ list: StudentPlan[] }> {
  const rows = await repo.studentPlans(ctx.db, student.schoolId, student.userId);
  const records = await recordsStore(ctx).courseRecordsOf(student.userId);
  return {
    list: rows.map((row) => {
      const record = records.get(row.course.id);
      return summary(ctx, row.course, row.stages, progressOf(record, row.lessons), record?.lastVisitAt ?? null);
    }),
  };
}

/** The plan when the student may study it (same school, approved, published, assigned), else 404. */
async function myPlan(
  ctx: AppContext,
  student: { userId: string; schoolId: string },
  coid: string,
): Promise<CourseRow> {
  const course = await findCourse(ctx.db, coid);
  const mine =
    !!course &&
    course.type === PLAN_COURSE_TYPE &&
    !course.deleted &&
    course.published &&
    course.schoolId === student.schoolId &&
    (await planApproved(ctx, course.id)) &&
    (await isPlanAssigned(ctx, student.userId, course.id));
  if (!mine) throw notFound();
  return course;
}

/** GET studyplan/stu/detail: the plan's stages and lessons with my progress and their locks. */
export async function myPlanDetail(
  ctx: AppContext,
  student: { userId: string; schoolId: string },
  coid: string,
): Promise<StudentPlanDetail> {
  const course = await myPlan(ctx, student, coid);
  const store = recordsStore(ctx);
  const settings = readSettings(course.settings);
  const stages = toStageList(await listChapters(ctx.db, course.id));
  const kind = kindOf(course);
  // The records and locks are the study gate's: the very decision the server enforces on the ware and every heartbeat.
  const head = await courseHead(ctx.db, course.id);
  if (!head) throw notFound();
  const gate = await studyGate(ctx, student.userId, head);
  const { record } = gate;
  const leaves = new Map(gate.chapters.map((chapter) => [chapter.cid, chapter]));
  const planChapters = planStages(
    stages.map((stage) => ({ cid: stage.cid, children: stage.lessons })),
    record,
    await stageExamsOf(ctx, course.id),
  );

  const stageList: StudentStage[] = await mapAsync(stages, async (stage, index) => {
    const plan = planChapters[index];
    return {
      cid: stage.cid,
      title: stage.title,
      studied: stageStudied(plan),
      passed: plan.passed,
      verify_status: plan.verify_status,
      finished: stageFinished(plan, settings.verify),
      lock: kind === 'growth' ? gate.lockOf(stage.cid) : null,
      review_reason:
        plan.verify_status === 2 ? ((await store.stageReview(student.userId, course.id, stage.cid))?.reason ?? '') : '',
      lessons: stage.lessons.map((lesson) => {
        const leaf = leaves.get(lesson.cid);
        const progress = record(lesson.cid).progress;
        return {
          cid: lesson.cid,
          title: lesson.title,
          type: lesson.type,
          learnType: lesson.learnType,
          progress,
          complete: isComplete(progress),
          lock: leaf?.lock ?? null,
          window: leaf?.window ?? null,
        };
      }),
    };
  });

  const lessons = stageList.reduce(
    (n, stage) => n + stage.lessons.filter((lesson) => lesson.learnType !== '').length,
    0,
  );
  const courseRecord = await store.courseRecord(student.userId, course.id);
  return {
    ...summary(ctx, course, stages.length, progressOf(courseRecord, lessons), courseRecord?.lastVisitAt ?? null),
    description: course.description,
    verify: settings.verify,
    stage: stageOf(course),
    stageList,
  };
}
