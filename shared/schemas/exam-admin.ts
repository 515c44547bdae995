/**
 * The back office's exams as they travel: papers, exams, categories; results per exam with per-question
 * statistics and export; marking (short answers wait for a teacher's mark in the back office, then count). Tables:
 * server/db/schema/exams.ts.
 *
 * These calls have no names in the spec (its back-office entity shapes are "not shown", spec 1): they live
 * under examadmin/ and use camelCase fields.
 */
import * as z from 'zod';
import { zId, zQueryNum, zQueryPage } from './common';
import { zTitle } from './courses';

export const EXAM_ADMIN_PAGE_MAX = 200;
/** At most this many questions in a fixed paper, draw rules in a random one, and questions drawn by one rule. */
export const PAPER_QUESTIONS_MAX = 300;
export const DRAW_RULES_MAX = 50;
export const DRAW_COUNT_MAX = 300;
/** Points of one question and scores, kept to two decimals (shared/rules/exam-score roundScore). */
export const POINT_MAX = 1000;
/** An exam's time limit in minutes (stored as exams.duration_sec), and attempts (0 = unlimited). */
export const DURATION_MIN_MAX = 24 * 60;
export const ATTEMPTS_MAX = 100;
export const DESCRIPTION_MAX = 20_000;
export const AUDIENCE_MAX = 200;

/** Error strings of these calls beside shared/envelope ERRORS. */
export const EXAM_ADMIN_ERRORS = {
  categoryInUse: 'exam category is used by exams',
  paperInUse: 'paper is used by exams',
  sittingOpen: 'exam has a sitting in progress',
  chapterTaken: 'chapter already has an exam',
  notPending: 'answer is not waiting for a mark',
} as const;

/** At most two decimals, within a float's error (0.29 * 100 is 28.999999999999996). */
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const zPoint = z
  .number()
  .gt(0, 'must be more than 0')
  .max(POINT_MAX)
  .refine(twoDecimals, 'must have at most two decimals');
/** A question kind: 0 single, 1 multiple, 2 true/false, 3 short answer (shared/rules/grading QUESTION_TYPE). */
export const zQuestionType = z.number().int().min(0).max(3);

export const zRef = z.object({ id: zId });

// ---- exam categories ----

export const zExamCategory = z.object({ id: z.string(), title: z.string(), position: z.number(), exams: z.number() });
export type ExamCategory = z.infer<typeof zExamCategory>;
export const zExamCategoryList = z.object({ list: z.array(zExamCategory) });
export const zNewExamCategory = z.object({ title: zTitle });
export const zRenameExamCategory = z.object({ id: zId, title: zTitle });
/** The school's categories in their new order (every id once). */
export const zOrderExamCategories = z.object({ ids: z.array(zId).min(1).max(500) });

// ---- papers ----

export const PAPER_MODES = ['fixed', 'random'] as const;

/** A draw rule of a random paper: count questions of a kind from a bank category and its sub-categories ('' = the whole bank), each worth point. */
export const zDrawRule = z.object({
  categoryId: z.union([zId, z.literal('')]),
  type: zQuestionType,
  count: z.number().int().min(1).max(DRAW_COUNT_MAX),
  point: zPoint,
});
export type DrawRule = z.infer<typeof zDrawRule>;

/** Reads a papers.draw_rules column (JSON); [] when it cannot be read. */
export function parseDrawRules(text: string): DrawRule[] {
  try {
    const parsed = z.array(zDrawRule).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** POST examadmin/paper/save: a new paper (no id) or an edit. The total score is computed; 0 < passScore ≤ total. */
export const zSavePaper = z
  .object({
    id: zId.optional(),
    title: zTitle,
    mode: z.enum(PAPER_MODES),
    /** A fixed paper's questions in order, each with its points in this paper. */
    questions: z
      .array(z.object({ qid: zId, point: zPoint }))
      .max(PAPER_QUESTIONS_MAX)
      .default([]),
    rules: z.array(zDrawRule).max(DRAW_RULES_MAX).default([]),
    passScore: zPoint,
  })
  .superRefine((value, issue) => {
    if (value.mode === 'fixed') {
      if (value.questions.length === 0)
        issue.addIssue({ code: 'custom', path: ['questions'], message: 'must name at least one question' });
      if (value.rules.length > 0)
        issue.addIssue({ code: 'custom', path: ['rules'], message: 'are only for a random paper' });
      if (new Set(value.questions.map((q) => q.qid)).size !== value.questions.length)
        issue.addIssue({ code: 'custom', path: ['questions'], message: 'must not repeat a question' });
    } else {
      if (value.rules.length === 0)
        issue.addIssue({ code: 'custom', path: ['rules'], message: 'must hold at least one rule' });
      if (value.questions.length > 0)
        issue.addIssue({ code: 'custom', path: ['questions'], message: 'are only for a fixed paper' });
      const keys = value.rules.map((rule) => `${rule.categoryId}/${rule.type}`);
      if (new Set(keys).size !== keys.length)
        issue.addIssue({ code: 'custom', path: ['rules'], message: 'must not repeat a category and kind' });
    }
  });
export type SavePaper = z.output<typeof zSavePaper>;
export const zCopyPaper = z.object({ id: zId, title: zTitle.optional() });

export const zPaperListQuery = z.object({
  key: z.string().trim().max(50).default(''),
  page: zQueryPage,
  num: zQueryNum(EXAM_ADMIN_PAGE_MAX),
});
export const zPaperRow = z.object({
  id: z.string(),
  title: z.string(),
  mode: z.enum(PAPER_MODES),
  /** Questions of a fixed paper, or questions drawn by the rules of a random one. */
  questionCount: z.number(),
  totalScore: z.number(),
  passScore: z.number(),
  exams: z.number(),
  updatedAt: z.number(),
});
export type PaperRow = z.infer<typeof zPaperRow>;
export const zPaperList = z.object({ list: z.array(zPaperRow), total: z.number() });

export const zPaperQuestion = z.object({
  qid: z.string(),
  type: z.number(),
  content: z.string(),
  /** The content as a plain-text excerpt (the bank list's). */
  excerpt: z.string(),
  categoryId: z.string(),
  /** The question's own points in the bank, and its points in this paper. */
  bankPoint: z.number(),
  point: z.number(),
  deleted: z.boolean(),
});
export type PaperQuestion = z.infer<typeof zPaperQuestion>;
export const zPaperInfo = zPaperRow.extend({ questions: z.array(zPaperQuestion), rules: z.array(zDrawRule) });
export type PaperInfo = z.infer<typeof zPaperInfo>;

// ---- exams ----

export const SHOW_RESULTS = ['none', 'score', 'answers'] as const;
export const EXAM_STATUSES = ['draft', 'published'] as const;

const zTime = z.number().int().min(0).max(8_640_000_000_000).nullable();

/**
 * POST examadmin/exam/save: a new exam (no id) or an edit. A standalone exam names its audience (groups and/or
 * courses); a chapter's exam (courseId + chapterId) has none: whoever may study the chapter may sit it.
 */
export const zSaveExam = z
  .object({
    id: zId.optional(),
    title: zTitle,
    description: z.string().max(DESCRIPTION_MAX).default(''),
    paperId: zId,
    categoryId: z.union([zId, z.literal('')]).default(''),
    durationMin: z.number().int().min(1).max(DURATION_MIN_MAX),
    opensAt: zTime.default(null),
    closesAt: zTime.default(null),
    attempts: z.number().int().min(0).max(ATTEMPTS_MAX).default(1),
    showResults: z.enum(SHOW_RESULTS).default('score'),
    groups: z.array(zId).max(AUDIENCE_MAX).default([]),
    courses: z.array(zId).max(AUDIENCE_MAX).default([]),
    courseId: z.union([zId, z.literal('')]).default(''),
    chapterId: z.union([zId, z.literal('')]).default(''),
    optional: z.boolean().default(false),
  })
  .superRefine((value, issue) => {
    if (value.opensAt !== null && value.closesAt !== null && value.closesAt <= value.opensAt)
      issue.addIssue({ code: 'custom', path: ['closesAt'], message: 'must be after the opening' });
    if ((value.courseId === '') !== (value.chapterId === ''))
      issue.addIssue({ code: 'custom', path: ['chapterId'], message: 'needs both the course and the chapter' });
    const chapterExam = value.chapterId !== '';
    if (chapterExam && value.groups.length + value.courses.length > 0)
      issue.addIssue({
        code: 'custom',
        path: ['groups'],
        message: "is not for a chapter's exam (those who may study the chapter sit it)",
      });
    if (!chapterExam && value.groups.length + value.courses.length === 0)
      issue.addIssue({ code: 'custom', path: ['groups'], message: 'name at least one group or course' });
    if (!chapterExam && value.optional)
      issue.addIssue({ code: 'custom', path: ['optional'], message: "is only for a chapter's exam" });
  });
export type SaveExam = z.output<typeof zSaveExam>;
export const zPublishExam = z.object({ id: zId, publish: z.boolean() });

export const zExamListQuery = z.object({
  key: z.string().trim().max(50).default(''),
  categoryId: z.union([zId, z.literal('')]).default(''),
  status: z.enum(EXAM_STATUSES).optional(),
  page: zQueryPage,
  num: zQueryNum(EXAM_ADMIN_PAGE_MAX),
});
export const zExamRow = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(EXAM_STATUSES),
  categoryId: z.string(),
  categoryTitle: z.string(),
  paperId: z.string(),
  paperTitle: z.string(),
  durationMin: z.number(),
  opensAt: z.number().nullable(),
  closesAt: z.number().nullable(),
  attempts: z.number(),
  courseId: z.string(),
  chapterId: z.string(),
  chapterTitle: z.string(),
  sittings: z.number(),
  pendingMarks: z.number(),
  updatedAt: z.number(),
});
export type ExamRow = z.infer<typeof zExamRow>;
export const zExamList = z.object({ list: z.array(zExamRow), total: z.number() });
export const zExamInfo = zExamRow.extend({
  description: z.string(),
  showResults: z.enum(SHOW_RESULTS),
  optional: z.boolean(),
  courseTitle: z.string(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  totalScore: z.number(),
  passScore: z.number(),
});
export type ExamInfo = z.infer<typeof zExamInfo>;

/** GET examadmin/exam/chapters {courseId}: the chapters of a course that may carry an exam (exam chapters; a study plan's stages). */
export const zExamChaptersQuery = z.object({ courseId: zId });
export const zExamChapters = z.object({
  list: z.array(z.object({ cid: z.string(), title: z.string(), stage: z.boolean(), examId: z.string() })),
});

// ---- results ----

export const SITTING_FILTERS = ['all', 'open', 'submitted', 'pending', 'passed', 'failed'] as const;
export const zSittingListQuery = z.object({
  id: zId,
  key: z.string().trim().max(50).default(''),
  filter: z.enum(SITTING_FILTERS).default('all'),
  page: zQueryPage,
  num: zQueryNum(EXAM_ADMIN_PAGE_MAX),
});
export type SittingListQuery = z.output<typeof zSittingListQuery>;
export const zSittingRow = z.object({
  sittingId: z.string(),
  studentId: z.string(),
  name: z.string(),
  username: z.string(),
  attempt: z.number(),
  status: z.enum(['open', 'submitted']),
  closedBy: z.enum(['student', 'deadline']).nullable(),
  startedAt: z.number(),
  deadlineAt: z.number(),
  submittedAt: z.number().nullable(),
  score: z.number(),
  totalScore: z.number(),
  passScore: z.number(),
  passed: z.boolean(),
  pendingMarks: z.number(),
});
export type SittingRow = z.infer<typeof zSittingRow>;
export const zSittingList = z.object({ list: z.array(zSittingRow), total: z.number() });

export const zOptionStat = z.object({
  oid: z.string(),
  letter: z.string(),
  content: z.string(),
  chosen: z.number(),
  right: z.boolean(),
});
export const zQuestionStat = z.object({
  qid: z.string(),
  type: z.number(),
  content: z.string(),
  point: z.number(),
  /** Submitted sittings that held the question, of them those with an answer, those answered right, and marks still due. */
  sat: z.number(),
  answered: z.number(),
  right: z.number(),
  /** right / sat, 0..1 (0 when nobody sat it). */
  rightRate: z.number(),
  averagePoint: z.number(),
  pending: z.number(),
  options: z.array(zOptionStat),
});
export type QuestionStat = z.infer<typeof zQuestionStat>;
export const zExamStats = z.object({
  submitted: z.number(),
  passed: z.number(),
  averageScore: z.number(),
  highestScore: z.number(),
  lowestScore: z.number(),
  questions: z.array(zQuestionStat),
});
export type ExamStats = z.infer<typeof zExamStats>;

// ---- marking ----

export const MARK_SOURCES = ['exam', 'exercise'] as const;
export const zMarkingQuery = z.object({
  source: z.enum(MARK_SOURCES).default('exam'),
  status: z.enum(['pending', 'marked']).default('pending'),
  /** Only this exam's answers (source exam). */
  examId: z.union([zId, z.literal('')]).default(''),
  page: zQueryPage,
  num: zQueryNum(EXAM_ADMIN_PAGE_MAX),
});
export type MarkingQuery = z.output<typeof zMarkingQuery>;
export const zMarkingItem = z.object({
  source: z.enum(MARK_SOURCES),
  /** exam: the sitting; exercise: ''. */
  sittingId: z.string(),
  studentId: z.string(),
  /** exercise: the chapter; exam: ''. */
  chapterId: z.string(),
  qid: z.string(),
  name: z.string(),
  username: z.string(),
  /** The exam's title, or the course and chapter of an exercise. */
  where: z.string(),
  content: z.string(),
  modelAnswer: z.string(),
  explanation: z.string(),
  given: z.string(),
  maxPoint: z.number(),
  status: z.enum(['pending', 'marked']),
  point: z.number(),
  isRight: z.boolean(),
  answeredAt: z.number(),
  markedAt: z.number().nullable(),
});
export type MarkingItem = z.infer<typeof zMarkingItem>;
export const zMarkingList = z.object({ list: z.array(zMarkingItem), total: z.number() });

/** POST examadmin/marking/mark: points 0..the question's points (two decimals); full points is right. */
export const zMark = z
  .object({
    source: z.enum(MARK_SOURCES),
    sittingId: z.union([zId, z.literal('')]).default(''),
    studentId: z.union([zId, z.literal('')]).default(''),
    chapterId: z.union([zId, z.literal('')]).default(''),
    qid: zId,
    point: z.number().min(0).max(POINT_MAX).refine(twoDecimals, 'must have at most two decimals'),
  })
  .superRefine((value, issue) => {
    if (value.source === 'exam' && value.sittingId === '')
      issue.addIssue({ code: 'custom', path: ['sittingId'], message: 'is required' });
    if (value.source === 'exercise' && value.studentId === '')
      issue.addIssue({ code: 'custom', path: ['studentId'], message: 'is required' });
    if (value.source === 'exercise' && value.chapterId === '')
      issue.addIssue({ code: 'custom', path: ['chapterId'], message: 'is required' });
  });
export type Mark = z.output<typeof zMark>;
export const zMarkReply = z.object({
  status: z.literal('marked'),
  point: z.number(),
  isRight: z.boolean(),
  /** The sitting after the mark (source exam). */
  sitting: z.object({ score: z.number(), passed: z.boolean(), pendingMarks: z.number() }).nullable(),
});
