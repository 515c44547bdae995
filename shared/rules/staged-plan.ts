/**
 * Staged plan windows (spec 3 'Course' label, 'Course settings' stage_year, stage_date, expire_limit,
 * 'Chapter' position and description; spec 4 'Staged plan'; spec 9 'Stage months').
 *
 * Spec 4 'Staged plan': "a subsection opens only from its start date, built from stage_year, quarter or month
 * from the label and stage_date, and position plus one. Where expire_limit is set it also closes after the end
 * date held in the description. Before opening, a dialog shows the opening window with Confirm or Return to
 * plan. Messages: the next subsection is not open yet."
 * Spec 9: "Stage months: label 0 uses the single stage_date month; label 1 maps stage_date 1 to months 1-3,
 * 2 to 4-6, 3 to 7-9, otherwise 10-12; other labels use all 12 months."
 *
 * How the start date is built (the spec names its parts, not how they combine):
 * - year: stage_year; a course is staged when stage_year > 0 (0 = not staged, shared/schemas/courses).
 * - month: the stage months of the label (above); the top-level chapter at index k (its position among the
 *   top-level chapters) is the k-th stage and takes the k-th stage month, the last one when there are more
 *   chapters than months (so a single-month plan keeps every chapter in its month).
 * - day: the subsection's position plus one (positions are dense 0..n-1 among siblings), so the subsections
 *   of a stage open one a day from the first of its month; a day past the month's end rolls into the next
 *   month, as Date does. A top-level chapter without subchapters opens on the first of its month.
 * - Local time of the process (TZ) at 00:00; the end date in the description is read as a date-only end
 *   (23:59:59.999 of that day) or the exact time written, by shared/rules/course-status dateToMs.
 * - With expire_limit set and no date in the description, the window never closes.
 */
import { dateToMs } from './course-status';

/** The course fields the stage windows read. */
export interface StageSettings {
  /** Course label (spec 3): 0 one month, 1 a quarter, others the whole year. */
  label: number | string;
  stage_year: number;
  /** Month 1-12 for label 0, quarter 1-4 for label 1. */
  stage_date: number;
  expire_limit: boolean;
}

/** True when the course is a staged plan (stage_year set). */
export function isStaged(settings: Pick<StageSettings, 'stage_year'>): boolean {
  return Number.isInteger(settings.stage_year) && settings.stage_year > 0;
}

/** Spec 9 'Stage months': the months (1-12) of the plan by label and stage_date. */
export function stageMonths(label: number | string, stage_date: number): number[] {
  const kind = Number(label);
  if (kind === 0) return [Math.min(12, Math.max(1, Math.trunc(stage_date) || 1))];
  if (kind === 1) {
    const quarter = stage_date === 1 ? 0 : stage_date === 2 ? 1 : stage_date === 3 ? 2 : 3;
    return [1, 2, 3].map((m) => quarter * 3 + m);
  }
  return Array.from({ length: 12 }, (_, i) => i + 1);
}

/** The first instant (ms) a subsection opens: stage_year, the stage's month, day position + 1. */
export function stageStart(settings: StageSettings, stageIndex: number, position: number): number {
  const months = stageMonths(settings.label, settings.stage_date);
  const month = months[Math.min(Math.max(0, Math.trunc(stageIndex)), months.length - 1)];
  return new Date(settings.stage_year, month - 1, Math.max(0, Math.trunc(position)) + 1).getTime();
}

const DATE_IN_TEXT = /(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * Spec 3 'Chapter': "description (holds an end date for staged plans)". Finds the first date written in it
 * (yyyy-MM-dd or yyyy/MM/dd, optionally HH:mm[:ss]; tags and entities stripped); null when there is none.
 */
export function descriptionEndDate(description: string | null | undefined): number | null {
  const text = String(description ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ');
  const match = DATE_IN_TEXT.exec(text);
  if (!match) return null;
  const [, y, m, d, hh, mm, ss] = match;
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const written = `${y}-${m}-${d}${hh ? ` ${hh}:${mm}:${ss ?? '00'}` : ''}`;
  const ms = dateToMs(written, 'end');
  // Reject dates Date silently moved (2026-02-30 would become 2 March).
  if (ms === null || new Date(ms).getDate() !== day) return null;
  return ms;
}

export type StageWindowState = 'open' | 'notYetOpen' | 'closed';

export interface StageWindow {
  state: StageWindowState;
  /** First instant it is open (ms). */
  start: number;
  /** Last instant it is open (ms, inclusive); null when it never closes. */
  end: number | null;
}

/** A subsection to place in the plan: its stage's index among top-level chapters, its own position, its description. */
export interface StageSlot {
  stageIndex: number;
  position: number;
  description?: string | null;
}

/**
 * Spec 4 'Staged plan': whether the subsection is open at `now` — not yet open before its start date, closed
 * after the end date in its description when expire_limit is set — with the window for the opening dialog.
 */
export function stageWindow(settings: StageSettings, slot: StageSlot, now: number): StageWindow {
  const start = stageStart(settings, slot.stageIndex, slot.position);
  const end = settings.expire_limit ? descriptionEndDate(slot.description) : null;
  const state: StageWindowState = now < start ? 'notYetOpen' : end !== null && now > end ? 'closed' : 'open';
  return { state, start, end };
}

/** A chapter tree as the plan reads it (positions dense among siblings). */
export interface StageChapterNode {
  cid: string;
  position: number;
  description?: string | null;
  children: readonly { cid: string; position: number; description?: string | null }[];
}

/** The slot of a chapter (a subsection, or a top-level chapter without subchapters) in the tree; null when absent. */
export function stageSlotOf(chapters: readonly StageChapterNode[], cid: string): StageSlot | null {
  const tops = [...chapters].sort((a, b) => a.position - b.position);
  for (const [stageIndex, top] of tops.entries()) {
    if (top.cid === cid) return { stageIndex, position: 0, description: top.description };
    const child = top.children.find((c) => c.cid === cid);
    if (child) return { stageIndex, position: child.position, description: child.description };
  }
  return null;
}

/**
 * What the student sees on opening a chapter of a staged plan (spec 4): open; or the opening-window dialog
 * ('notYetOpen', message stageNotOpen — "the next subsection is not open yet") or a closed window, each with
 * the buttons Confirm (stay) and Return to plan (study/detail with coid).
 */
export type StageGate =
  | { open: true; window: StageWindow | null }
  | {
      open: false;
      window: StageWindow;
      message: 'stageNotOpen' | 'stageClosed';
      actions: readonly ['confirm', 'returnToPlan'];
      coid: string;
    };

/** The gate of a chapter of a staged course; open when the course is not staged or the chapter is not in the tree. */
export function stageGate(
  coid: string,
  settings: StageSettings,
  chapters: readonly StageChapterNode[],
  cid: string,
  now: number,
): StageGate {
  if (!isStaged(settings)) return { open: true, window: null };
  const slot = stageSlotOf(chapters, cid);
  if (!slot) return { open: true, window: null };
  const window = stageWindow(settings, slot, now);
  if (window.state === 'open') return { open: true, window };
  return {
    open: false,
    window,
    message: window.state === 'notYetOpen' ? 'stageNotOpen' : 'stageClosed',
    actions: ['confirm', 'returnToPlan'],
    coid,
  };
}
