/**
 * Chapter Q&A and notes (issue 16 'Chapter Q&A and notes'; spec 5 owner rule, 7 learn/question/*, notes).
 *
 * Decisions where the spec is silent:
 * - Text is plain text cleaned as comments are (shared/rules/comments cleanCommentText: CR LF → LF, control and
 *   direction characters go, trimmed) and counted in code points; pages escape it (React text), never HTML.
 * - A question and an answer hold at most QA_TEXT_MAX characters, a note NOTE_MAX.
 * - Classmates see each other's questions: everyone who may study the course reads the visible questions of
 *   its chapters with their answers (a question asked once helps the whole class, as a course forum does);
 *   the asker's name is shown. A hidden question is shown only to the course's administrators, the asker
 *   included in 'only' (hiding is how a teacher takes a question out of the class's sight).
 * - "Answered" means a teacher (an administrator of the course) answered; the asker's own follow-ups do not
 *   count. The asker may delete their question only while it is unanswered; the course's administrators
 *   may always delete it.
 * - The school owner and every other administrator are not students (spec 5/6 请使用学员账号进行操作！): they
 *   may not ask (studentOnly), as they may not comment; a course's administrator answers instead.
 * - A note is the student's alone: no one else reads it, not even an administrator.
 */
import { cleanCommentText } from './comments';

/** The most characters (code points, after cleaning) of a question, an answer or a follow-up. */
export const QA_TEXT_MAX = 500;
/** The most characters of a note. */
export const NOTE_MAX = 2000;
/** The latest video time (seconds) a question or a note may point at: 24 hours. */
export const VIDEO_TIME_MAX = 86_400;
/** The highest page (PDF, slides) a note may point at. */
export const NOTE_PAGE_MAX = 100_000;

/** Why a text may not be saved: empty after cleaning, or longer than the limit. */
export type TextRefusal = 'emptyText' | 'tooLong';

/** The text as it is stored (the comment cleaning): plain text, trimmed, without control characters. */
export const cleanTalkText = (text: string): string => cleanCommentText(text);

/** Why the text may not be saved (after cleaning), or null. */
export function textRefusal(text: string, max: number): TextRefusal | null {
  const length = Array.from(cleanTalkText(text)).length;
  if (length === 0) return 'emptyText';
  if (length > max) return 'tooLong';
  return null;
}

/** A video time as stored: whole seconds, never negative, at most VIDEO_TIME_MAX; null when none. */
export function videoSecond(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.min(VIDEO_TIME_MAX, Math.max(0, Math.floor(value)));
}

/** Who looks at a question. */
export interface QuestionViewer {
  /** An administrator of the question's course (holds 'course' and may manage it). */
  courseAdmin: boolean;
  /** The student who asked it. */
  asker: boolean;
}

/** Whether the viewer sees the question at all: its course's administrators always, anyone else while not hidden. */
export function questionVisible(question: { hidden: boolean }, viewer: QuestionViewer): boolean {
  return viewer.courseAdmin || !question.hidden;
}

/** The state the back office filters by: hidden first, then answered by a teacher or not. */
export type QuestionState = 'hidden' | 'answered' | 'unanswered';

export function questionState(question: { hidden: boolean; answerCount: number }): QuestionState {
  if (question.hidden) return 'hidden';
  return question.answerCount > 0 ? 'answered' : 'unanswered';
}

/** Whether the viewer may delete the question: its course's administrators always, the asker while unanswered. */
export function mayDeleteQuestion(question: { answerCount: number }, viewer: QuestionViewer): boolean {
  if (viewer.courseAdmin) return true;
  return viewer.asker && question.answerCount === 0;
}

/** Whether the viewer may write under the question: a teacher answers, the asker follows up (not on a hidden one). */
export function mayAnswerQuestion(question: { hidden: boolean }, viewer: QuestionViewer): boolean {
  if (viewer.courseAdmin) return true;
  return viewer.asker && !question.hidden;
}

/** Where a note points: a video time, a page, or the chapter as a whole. */
export type NoteSpot = { at: 'time'; seconds: number } | { at: 'page'; page: number } | { at: 'chapter' };

export function noteSpot(note: { videoTime: number | null; page: number | null }): NoteSpot {
  if (note.videoTime !== null) return { at: 'time', seconds: note.videoTime };
  if (note.page !== null) return { at: 'page', page: note.page };
  return { at: 'chapter' };
}

/** Notes in reading order for the personal centre and the export: by course, chapter, then time or page, then written. */
export function sortNotes<
  N extends {
    courseTitle: string;
    coid: string;
    chapterOrder: number;
    cid: string;
    videoTime: number | null;
    page: number | null;
    createdAt: number;
  },
>(notes: readonly N[]): N[] {
  const spot = (n: N) => n.videoTime ?? n.page ?? -1;
  return [...notes].sort(
    (a, b) =>
      a.courseTitle.localeCompare(b.courseTitle) ||
      a.coid.localeCompare(b.coid) ||
      a.chapterOrder - b.chapterOrder ||
      a.cid.localeCompare(b.cid) ||
      spot(a) - spot(b) ||
      a.createdAt - b.createdAt,
  );
}
