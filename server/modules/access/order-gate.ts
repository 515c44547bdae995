/**
 * The order rules of a course, decided on the server for a student ("the server, not the client, decides"):
 * which study chapters are locked, and why. The study access check (policy.ts mayStudyChapter) refuses a
 * locked chapter — the ware call and every heartbeat — and the ware reply carries every chapter's lock so
 * the study page can show them.
 *
 * Rules (pure, in shared/rules, each with its table test):
 * - spec 4 'Staged plan' (staged-plan.ts stageGate): a subsection opens on its start date and, with
 *   expire_limit, closes after the end date in its description → stageNotOpen / stageClosed;
 * - spec 4 'Growth plan order' (study-order.ts growthPlanOrder) for a growth plan (type 3, level 0) → orderTip;
 * - spec 4 'Ordered study' (study-order.ts studyLocks): order_rest → couseOrderTip, exercOrder → orderTip2.
 * When several apply, the first of that list is given (a window not open is the plainest reason).
 *
 * Choices where the spec is silent:
 * - A stage's own review state and exam result (passed, verify_status) are the learn record whose chapter
 *   is the stage's cid (written by the back office's review, learn/record/update).
 * - A stage has an exam to pass when a published, required exam is attached to its chapter ('Stage
 *   exams'). An optional one does not hold the next stage: spec 5 'Exam dialog' offers skipping "only in the
 *   optional case", and a skip that the order then refused would be no skip.
 * - Exercises pending (exercOrder): the chapter's exercise questions not yet answered right nor waiting for a
 *   teacher's mark (access.repository pendingExercisesByChapter), read only when exercOrder is on.
 * - Free chapters (the audition) and administrators' previews are not gated (policy.ts decides so).
 * Facts come from the access repository and the chapter progress reader (progress.ts).
 */
import {
  growthPlanOrder,
  planKind,
  studyLocks,
  type OrderedChapterNode,
  type PlanChapter,
} from '../../../shared/rules/study-order';
import { isStaged, stageGate, type StageChapterNode } from '../../../shared/rules/staged-plan';
import { studyOrder } from '../../../shared/rules/learning';
import { learnLetter } from '../../../shared/schemas/chapters';
import type { StudyChapterState, StudyLock } from '../../../shared/schemas/learning';
import type { AppContext } from '../../context';
import { readSettings } from '../../../shared/rules/course-settings';
import { cachedValue } from '../../lib/catalogue-http';
import { chapterExamOptional, courseChapters, pendingExercisesByChapter } from './access.repository';
import { chapterProgress, type ChapterRecord } from './progress';

/** The course facts the order rules read (a course head). */
export interface GateCourse {
  id: string;
  schoolId: string;
  type: number;
  level: number;
  label: number;
  orderRest: boolean;
  settings: string;
}

/** A chapter of the tree as the gate reads it. */
interface GateNode {
  cid: string;
  title: string;
  learnType: string;
  position: number;
  description: string;
  children: GateNode[];
}

/** The course's chapter tree (top level in order, each with its subchapters), kept while the school's catalogue is unchanged. */
async function courseTree(ctx: AppContext, head: GateCourse): Promise<GateNode[]> {
  return await cachedValue(ctx, head.schoolId, `gate:tree:${head.id}`, async () => {
    const rows = await courseChapters(ctx.db, head.id);
    const node = (row: (typeof rows)[number]): GateNode => ({
      cid: row.id,
      title: row.title,
      learnType: learnLetter(row.type),
      position: row.position,
      description: row.description,
      children: [],
    });
    const tops = rows.filter((row) => row.parentId === '0').map(node);
    const byId = new Map(tops.map((top) => [top.cid, top]));
    for (const row of rows) if (row.parentId !== '0') byId.get(row.parentId)?.children.push(node(row));
    return tops;
  });
}

// Settings text → whether they carry an order rule: asked on every heartbeat, so parsed once per text.
const rulesOfSettings = new Map<string, boolean>();

/** Whether any order rule applies to the course (most courses: none, and nothing is read). */
export function hasOrderRules(head: GateCourse): boolean {
  if (head.orderRest || planKind(head) === 'growth') return true;
  let found = rulesOfSettings.get(head.settings);
  if (found === undefined) {
    const settings = readSettings(head.settings);
    found = settings.exercOrder || isStaged(settings);
    if (rulesOfSettings.size >= 5000) rulesOfSettings.clear();
    rulesOfSettings.set(head.settings, found);
  }
  return found;
}

/** The chapters of a course with a published, required exam attached (a plan's stage exams to pass). */
export async function stageExamsOf(ctx: AppContext, courseId: string): Promise<Set<string>> {
  return new Set(
    [...(await chapterExamOptional(ctx.db, courseId))].filter(([, optional]) => !optional).map(([cid]) => cid),
  );
}

export type { ChapterRecord };

export interface GateResult {
  /** Every study chapter in study order with the student's record and its lock. */
  chapters: StudyChapterState[];
  /** The lock of a chapter (study leaf or stage), null when open. */
  lockOf(cid: string): StudyLock | null;
  /** The student's record of a chapter (zeros before any study). */
  record(cid: string): ChapterRecord;
}

/**
 * A plan's stages (the top-level chapters) as spec 4 'Growth plan order' reads them: each stage's own record
 * (its review's passed and verify_status) and the progress of its study lessons (headings skipped).
 */
export function planStages(
  tops: readonly { cid: string; children: readonly { cid: string; learnType: string }[] }[],
  record: (cid: string) => ChapterRecord,
  stageExams: ReadonlySet<string>,
): PlanChapter[] {
  return tops.map((top) => ({
    cid: top.cid,
    progress: record(top.cid).progress,
    passed: record(top.cid).passed,
    verify_status: record(top.cid).verifyStatus,
    stageExam: stageExams.has(top.cid),
    children: top.children
      .filter((child) => child.learnType !== '')
      .map((child) => ({ cid: child.cid, progress: record(child.cid).progress })),
  }));
}

/**
 * The student's records and locks of a course (studentId null: a viewer with no records, e.g. an audition:
 * everything at 0, locks computed all the same). Records come from the records engine's memory where a
 * heartbeat just changed them, else from the database.
 */
export async function studyGate(ctx: AppContext, studentId: string | null, head: GateCourse): Promise<GateResult> {
  const tree = await courseTree(ctx, head);
  const settings = readSettings(head.settings);
  const records: Map<string, ChapterRecord> = studentId ? await chapterProgress(ctx, studentId, head.id) : new Map();
  const record = (cid: string): ChapterRecord => records.get(cid) ?? { progress: 0, passed: false, verifyStatus: 0 };

  const pending =
    studentId && settings.exercOrder
      ? await pendingExercisesByChapter(ctx.db, studentId, head.id)
      : new Map<string, number>();
  const ordered: OrderedChapterNode[] = tree.map((top) => ({
    ...top,
    progress: record(top.cid).progress,
    pendingExercises: pending.get(top.cid) ?? 0,
    children: top.children.map((child) => ({
      ...child,
      progress: record(child.cid).progress,
      pendingExercises: pending.get(child.cid) ?? 0,
    })),
  }));
  const orderLocks = studyLocks(ordered, { order_rest: head.orderRest, exercOrder: settings.exercOrder });
  const growth = planKind(head) === 'growth';
  const stages = planStages(tree, record, growth ? await stageExamsOf(ctx, head.id) : new Set());
  const staged: StageChapterNode[] = tree;
  const stageSettings = {
    label: head.label,
    stage_year: settings.stage_year,
    stage_date: settings.stage_date,
    expire_limit: settings.expire_limit,
  };
  const now = ctx.now();

  const gateOf = (cid: string): { lock: StudyLock | null; window: StudyChapterState['window'] } => {
    const stage = stageGate(head.id, stageSettings, staged, cid, now);
    const window = stage.window
      ? { state: stage.window.state, start: stage.window.start, end: stage.window.end }
      : null;
    if (!stage.open) return { lock: { message: stage.message, blockedBy: '' }, window };
    if (growth) {
      const order = growthPlanOrder(head.id, stages, settings.verify, cid);
      if (!order.ok) return { lock: { message: order.message, blockedBy: order.blockedBy }, window };
    }
    const lock = orderLocks.get(cid);
    if (lock?.locked) return { lock: { message: lock.message, blockedBy: lock.blockedBy }, window };
    return { lock: null, window };
  };

  const gates = new Map<string, Awaited<ReturnType<typeof gateOf>>>();
  const gate = (cid: string) => {
    let found = gates.get(cid);
    if (!found) gates.set(cid, (found = gateOf(cid)));
    return found;
  };
  return {
    chapters: studyOrder(tree).map((leaf) => {
      const own = record(leaf.cid);
      const { lock, window } = gate(leaf.cid);
      return {
        cid: leaf.cid,
        progress: own.progress,
        passed: own.passed,
        verify_status: own.verifyStatus,
        lock,
        window,
      };
    }),
    lockOf: (cid) => gate(cid).lock,
    record,
  };
}
