import * as z from 'zod';
import { NOTE_MAX, NOTE_PAGE_MAX, QA_TEXT_MAX, VIDEO_TIME_MAX } from '../rules/qa-notes';
import { zCode, zId, zQueryNum, zQueryPage } from './common';

/**
 * Chapter Q&A (learn/question/*) and notes (issue 16; rules in shared/rules/qa-notes). Times are epoch
 * seconds; videoTime is seconds into the chapter's video; text is plain text.
 */

/** The most UTF-16 units a text may arrive with: the rule counts code points after cleaning, the service answers tooLong. */
export const QA_INPUT_MAX = QA_TEXT_MAX * 4;
export const NOTE_INPUT_MAX = NOTE_MAX * 4;
/** Questions and answers a minute per author (flood guard, as comments) → 429. */
export const QA_RATE = { perMinute: 5, windowMs: 60_000 } as const;
/** Notes added or edited a minute per student → 429. */
export const NOTE_RATE = { perMinute: 30, windowMs: 60_000 } as const;
export const QA_PAGE_MAX = 100;

/** Stable error strings of these calls (besides the access policy's refusals). */
export const QA_ERRORS = {
  notFound: 'question not found',
  noteNotFound: 'note not found',
  emptyText: 'emptyText',
  tooLong: 'tooLong',
  answered: 'questionAnswered',
} as const;

/** Seconds into the video; the player's fraction is dropped on save (shared/rules/qa-notes videoSecond). */
const videoTime = z.number().min(0).max(VIDEO_TIME_MAX).nullable().optional();

/** GET learn/question/list {coid, cid?}: the questions of the course, or of one chapter. */
export const zQuestionListQuery = z.object({
  coid: zCode,
  cid: zId.optional(),
  page: zQueryPage,
  num: zQueryNum(QA_PAGE_MAX, 50),
});

/** POST learn/question/add. */
export const zAddQuestion = z.object({
  coid: zCode,
  cid: zId,
  body: z.string().max(QA_INPUT_MAX, `must be at most ${QA_TEXT_MAX} characters`),
  videoTime,
});
export type AddQuestion = z.output<typeof zAddQuestion>;

/** POST learn/question/answer: a teacher's answer, or the asker's follow-up. */
export const zAnswerQuestion = z.object({
  qid: zId,
  body: z.string().max(QA_INPUT_MAX, `must be at most ${QA_TEXT_MAX} characters`),
});

export const zQuestionRef = z.object({ qid: zId });
const qids = z.array(zId).min(1).max(QA_PAGE_MAX);
export const zHideQuestions = z.object({ qids, hidden: z.union([z.literal(0), z.literal(1)]) });

export const zAnswer = z.object({
  aid: z.string(),
  role: z.enum(['student', 'admin']),
  name: z.string(),
  body: z.string(),
  time: z.number().int(),
  mine: z.boolean(),
});
export type Answer = z.infer<typeof zAnswer>;

export const zQuestion = z.object({
  qid: z.string(),
  coid: z.string(),
  cid: z.string(),
  chapterTitle: z.string(),
  body: z.string(),
  videoTime: z.number().int().nullable(),
  name: z.string(),
  time: z.number().int(),
  mine: z.boolean(),
  hidden: z.boolean(),
  answered: z.boolean(),
  /** What the viewer may do with it (shared/rules/qa-notes). */
  canAnswer: z.boolean(),
  canDelete: z.boolean(),
  answers: z.array(zAnswer),
});
export type Question = z.infer<typeof zQuestion>;

/** learn/question/list: newest first; canAsk whether the viewer may ask; courseAdmin whether they teach it. */
export const zQuestionList = z.object({
  list: z.array(zQuestion),
  total: z.number().int(),
  canAsk: z.boolean(),
  courseAdmin: z.boolean(),
});
export type QuestionList = z.infer<typeof zQuestionList>;

/** GET learn/question/manage: the back office's list over the courses the administrator may manage. */
export const zManageQuery = z.object({
  page: zQueryPage,
  num: zQueryNum(QA_PAGE_MAX, 20),
  coid: zId.optional(),
  state: z.enum(['unanswered', 'answered', 'hidden']).optional(),
});
export type ManageQuery = z.output<typeof zManageQuery>;

export const zManagedQuestion = zQuestion.extend({ courseTitle: z.string(), code: z.string(), learnType: z.string() });
export type ManagedQuestion = z.infer<typeof zManagedQuestion>;
export const zManageList = z.object({ list: z.array(zManagedQuestion), total: z.number().int() });

export const zChanged = z.object({ changed: z.number().int() });
export const zDeleted = z.object({ deleted: z.number().int() });

// ---- Notes ----

/** GET notes {coid?, cid?}: the student's notes, all or of a course or chapter. */
export const zNotesQuery = z.object({ coid: zCode.optional(), cid: zId.optional() });

const page = z.number().int().min(1).max(NOTE_PAGE_MAX).nullable().optional();

/** POST notes/add: at a video time, or a page, or neither (not both). */
export const zNewNote = z
  .object({
    coid: zCode,
    cid: zId,
    body: z.string().max(NOTE_INPUT_MAX, `must be at most ${NOTE_MAX} characters`),
    videoTime,
    page,
  })
  .refine((note) => note.videoTime == null || note.page == null, {
    message: 'a note is at a video time or a page, not both',
    path: ['page'],
  });
export type NewNote = z.output<typeof zNewNote>;

/** POST notes/edit: the body, and where it points (omitted: unchanged; null: nowhere). */
export const zUpdateNote = z.object({
  nid: zId,
  body: z.string().max(NOTE_INPUT_MAX, `must be at most ${NOTE_MAX} characters`),
  videoTime,
  page,
});
export type UpdateNote = z.output<typeof zUpdateNote>;

export const zNoteRef = z.object({ nid: zId });

export const zNote = z.object({
  nid: z.string(),
  coid: z.string(),
  /** The course's encoded code (the learning page's address). */
  code: z.string(),
  courseTitle: z.string(),
  cid: z.string(),
  chapterTitle: z.string(),
  /** The chapter's learn letter, for the learning page's address ('' when it has none). */
  learnType: z.string(),
  body: z.string(),
  videoTime: z.number().int().nullable(),
  page: z.number().int().nullable(),
  /** Epoch seconds. */
  created: z.number().int(),
  updated: z.number().int(),
});
export type Note = z.infer<typeof zNote>;
export const zNoteList = z.object({ list: z.array(zNote) });

/** GET notes/export {format, coid?}: Markdown or CSV, UTF-8. */
export const zNotesExportQuery = z.object({ format: z.enum(['md', 'csv']).default('md'), coid: zCode.optional() });
