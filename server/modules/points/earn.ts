/**
 * Earning points where the events happen (issue 15 item 7). The records engine calls earnForStudy after a
 * heartbeat's changes are written; the exams module calls earnForExam inside the transaction that settles a
 * sitting. Each event writes at most one ledger row per rule, with ref = what it was for:
 * - chapterDone: the chapter id (not a graphic course's text, chapter '0'); courseDone: the course id; examPassed: the exam id;
 * - dailyFirst: the day (the first recorded heartbeat of the day, server time);
 * - studyTime: 'day#n' for the n-th STUDY_SLOT_MINUTES of study credited that day.
 * The unique (student, reason, ref) index makes an event count once however often it is reported; a daily
 * limit cuts what the day's rows of a rule add up to (shared/rules/points).
 *
 * The heartbeat is hot: with every rule of the school off this is one Map lookup. With rules on, the database
 * is asked only on transitions: a chapter or course completed, a slot crossed, a student's first heartbeat of
 * the day in this process. Study time is counted in memory from the day's slots already earned, so a restart
 * forgets at most the part of a slot in progress. Earning never fails the study: an error is logged.
 */
import { formatDate } from '../../../shared/rules/dates';
import {
  pointsEarned,
  slotsCrossed,
  studySlotRef,
  STUDY_SLOT_MS,
  type PointRuleName,
} from '../../../shared/rules/points';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rulesOf } from './point-rules';
import * as repo from './points.repository';

interface Memory {
  /** The last day each student's first heartbeat was seen (dailyFirst). */
  firstSeen: Map<string, string>;
  /** Each student's study time counted today (studyTime). */
  studied: Map<string, { day: string; ms: number }>;
}

const memories = new WeakMap<AppContext, Memory>();

function memoryOf(ctx: AppContext): Memory {
  let memory = memories.get(ctx);
  if (!memory) {
    memory = { firstSeen: new Map(), studied: new Map() };
    memories.set(ctx, memory);
  }
  return memory;
}

interface Earner {
  schoolId: string;
  studentId: string;
  at: number;
}

/** Writes one rule's row for an event (once per ref, within the daily limit); the points written. */
async function award(ctx: AppContext, db: Db, who: Earner, rule: PointRuleName, ref: string): Promise<number> {
  const setting = (await rulesOf(ctx, who.schoolId)).byRule[rule];
  if (!setting.enabled) return 0;
  const day = formatDate(who.at, 'yyyy-MM-dd');
  const today = setting.dailyLimit > 0 ? await repo.daySum(db, who.studentId, day, rule) : 0;
  const delta = pointsEarned(setting, today);
  if (delta <= 0) return 0;
  const row = { id: ctx.ids.next(), schoolId: who.schoolId, studentId: who.studentId, delta, reason: rule, ref, day };
  return (await repo.insertOnce(db, { ...row, actorId: null, at: who.at })) ? delta : 0;
}

/** A recorded heartbeat: what it credited and completed. */
export interface StudyEvent extends Earner {
  courseId: string;
  chapterId: string;
  creditMs: number;
  chapterDone: boolean;
  courseDone: boolean;
}

/** The refs of the study-time slots this credit completes (counting the day from the slots already earned). */
async function studySlots(ctx: AppContext, memory: Memory, event: StudyEvent, day: string): Promise<string[]> {
  if (event.creditMs <= 0) return [];
  let entry = memory.studied.get(event.studentId);
  if (entry?.day !== day) {
    entry = { day, ms: (await repo.dayRows(ctx.db, event.studentId, day, 'studyTime')) * STUDY_SLOT_MS };
    memory.studied.set(event.studentId, entry);
  }
  const slots = slotsCrossed(entry.ms, event.creditMs);
  entry.ms += event.creditMs;
  return slots.map((slot) => studySlotRef(day, slot));
}

/** True when one of the school's rules is on: the heartbeat asks this before it builds an event. */
export const pointsOn = async (ctx: AppContext, schoolId: string): Promise<boolean> =>
  (await rulesOf(ctx, schoolId)).any;

/** Points for a recorded heartbeat (after its commit). */
export async function earnForStudy(ctx: AppContext, event: StudyEvent): Promise<void> {
  const rules = await rulesOf(ctx, event.schoolId);
  if (!rules.any) return;
  try {
    const { byRule } = rules;
    const memory = memoryOf(ctx);
    const day = formatDate(event.at, 'yyyy-MM-dd');
    const due: [PointRuleName, string][] = [];
    if (byRule.dailyFirst.enabled && memory.firstSeen.get(event.studentId) !== day) {
      memory.firstSeen.set(event.studentId, day);
      due.push(['dailyFirst', day]);
    }
    if (byRule.studyTime.enabled)
      for (const ref of await studySlots(ctx, memory, event, day)) due.push(['studyTime', ref]);
    // A graphic course's text (chapter '0') is no chapter: its completion is the course's.
    if (event.chapterDone && event.chapterId !== '0' && byRule.chapterDone.enabled)
      due.push(['chapterDone', event.chapterId]);
    if (event.courseDone && byRule.courseDone.enabled) due.push(['courseDone', event.courseId]);
    if (due.length === 0) return;
    await ctx.db.transaction(async (tx) => {
      for (const [rule, ref] of due) await award(ctx, tx, event, rule, ref);
    });
  } catch (error) {
    ctx.log.warn({ err: error, sid: event.studentId }, 'points: earning for study failed');
  }
}

/**
 * Points for a chapter completed outside the heartbeats (an exam chapter sat, a result set), in the caller's
 * transaction.
 */
export async function earnForChapter(ctx: AppContext, who: Earner & { chapterId: string }): Promise<void> {
  if (!(await rulesOf(ctx, who.schoolId)).byRule.chapterDone.enabled) return;
  try {
    await award(ctx, ctx.db, who, 'chapterDone', who.chapterId);
  } catch (error) {
    ctx.log.warn({ err: error, sid: who.studentId }, 'points: earning for a chapter failed');
  }
}

/** Points for a course completed outside the heartbeats (its last chapter an exam sat or a result set). */
export async function earnForCourse(ctx: AppContext, who: Earner & { courseId: string }): Promise<void> {
  if (!(await rulesOf(ctx, who.schoolId)).byRule.courseDone.enabled) return;
  try {
    await award(ctx, ctx.db, who, 'courseDone', who.courseId);
  } catch (error) {
    ctx.log.warn({ err: error, sid: who.studentId }, 'points: earning for a course failed');
  }
}

/** Points for an exam passed, in the caller's transaction (the sitting's settling). */
export async function earnForExam(ctx: AppContext, who: Earner & { examId: string }): Promise<void> {
  if (!(await rulesOf(ctx, who.schoolId)).byRule.examPassed.enabled) return;
  try {
    await award(ctx, ctx.db, who, 'examPassed', who.examId);
  } catch (error) {
    ctx.log.warn({ err: error, sid: who.studentId }, 'points: earning for an exam failed');
  }
}
