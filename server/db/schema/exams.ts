import { sql } from 'drizzle-orm';
import { table, text, integer, real, index, primaryKey, uniqueIndex } from './dialect';
import { schools } from './schools';
import { courses } from './catalogue';
import { students } from './accounts';

/**
 * Exercises and exams (spec 3 'Question detail', 'Chapter' exer / exerc_count; spec 4 'Quiz dialog',
 * 'Next chapter flow'; spec 5 'Quiz'; spec 7 course/exelist, course/updateExec, exer/submit, stu/exams,
 * student/examcate, examlist, check/exercise, getExamToken).
 *
 * The platform carries its own question bank and exam engine (no outside exam service on an intranet).
 *
 * - A question's kind is spec 3 'Question detail' type: 0 single choice, 1 multiple choice, 2 true/false
 *   (answer '0' means true), 3 short answer. options: JSON [{oid, content}] (oid: the option's stable id, a
 *   number as text, '1'…; at most 14, letters A to N by position). answer: ascending oids joined by commas
 *   for choices, '0'/'1' for true/false, the model answer text for a short answer.
 * - Questions are versioned, not edited under a sitting: a sitting keeps a copy of every question as it was
 *   sat (exam_sittings.questions), so editing a question never changes a submitted paper's grading; deleting
 *   a question that a paper or an exercise set still uses is refused; otherwise the row is kept with
 *   deleted = true so old answers still name it.
 */
export const questionCategories = table(
  'question_categories',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').notNull().default('0'),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('question_categories_school').on(t.schoolId, t.parentId, t.position)],
);

export const questions = table(
  'questions',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** '' when the question is in no category. */
    categoryId: text('category_id').notNull().default(''),
    type: integer('type').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    options: text('options').notNull().default('[]'),
    answer: text('answer').notNull().default(''),
    point: real('point').notNull().default(1),
    /** Sanitised HTML shown with the answer. */
    explanation: text('explanation').notNull().default(''),
    /** Spec 3 showAnswer: the correct answer and explanation are shown after the student submits. */
    showAnswer: integer('show_answer', { mode: 'boolean' }).notNull().default(true),
    /** 1 (easy) to 5 (hard). */
    difficulty: integer('difficulty').notNull().default(3),
    /** JSON array of tag names. */
    tags: text('tags').notNull().default('[]'),
    /** Grows by one on every edit (sittings keep the version they were given). */
    version: integer('version').notNull().default(1),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('questions_school').on(t.schoolId, t.deleted, t.categoryId, t.type)],
);

/** An exercise set (spec 3 'Chapter' exer.eid): an ordered list of questions, each with its own show-answer flag. */
export const exerciseSets = table(
  'exercise_sets',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('exercise_sets_school').on(t.schoolId)],
);

export const exerciseSetQuestions = table(
  'exercise_set_questions',
  {
    setId: text('set_id')
      .notNull()
      .references(() => exerciseSets.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    position: integer('position').notNull().default(0),
    /** Spec 3: "Exercise sets hold question ids (tid) each with showanswer". */
    showAnswer: integer('show_answer', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.setId, t.questionId] }), index('exercise_set_questions_question').on(t.questionId)],
);

/**
 * The exercise set attached to a chapter (spec 3 'Chapter' exer: path, eid, title, esid; exerc_count): id is
 * esid, setId is eid. One set per chapter (an exercise chapter's content, or questions after a lesson).
 */
export const chapterExercises = table(
  'chapter_exercises',
  {
    id: text('id').primaryKey(),
    chapterId: text('chapter_id').notNull(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    schoolId: text('school_id').notNull(),
    setId: text('set_id')
      .notNull()
      .references(() => exerciseSets.id),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('chapter_exercises_chapter').on(t.chapterId), index('chapter_exercises_course').on(t.courseId)],
);

/**
 * A student's latest answer to an exercise question in a chapter (spec 4 'Quiz dialog': "A correctly
 * answered question is removed from the exercise sets' pending lists"). status: 'graded' (choices, at
 * once), 'pending' (a short answer waiting for a teacher's mark), 'marked' (marked by a teacher).
 */
export const exerciseAnswers = table(
  'exercise_answers',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id').notNull(),
    questionId: text('question_id').notNull(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    schoolId: text('school_id').notNull(),
    answer: text('answer').notNull(),
    status: text('status', { enum: ['graded', 'pending', 'marked'] }).notNull(),
    isRight: integer('is_right', { mode: 'boolean' }).notNull().default(false),
    point: real('point').notNull().default(0),
    attempts: integer('attempts').notNull().default(1),
    answeredAt: integer('answered_at').notNull(),
    markedBy: text('marked_by'),
    markedAt: integer('marked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.chapterId, t.questionId] }),
    index('exercise_answers_course').on(t.courseId, t.studentId),
    index('exercise_answers_marking').on(t.schoolId, t.status),
  ],
);

/** Exam categories for the student side (spec 7 student/examcate {uid, 0, 10}). */
export const examCategories = table(
  'exam_categories',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('exam_categories_school').on(t.schoolId, t.position)],
);

/**
 * A paper: fixed (chosen questions, paper_questions) or random (drawn at the start of each sitting from bank
 * categories by kind and count: draw_rules JSON [{categoryId, type, count, point}]), with total and pass score.
 */
export const papers = table(
  'papers',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    mode: text('mode', { enum: ['fixed', 'random'] })
      .notNull()
      .default('fixed'),
    drawRules: text('draw_rules').notNull().default('[]'),
    totalScore: real('total_score').notNull().default(0),
    passScore: real('pass_score').notNull().default(0),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('papers_school').on(t.schoolId, t.deleted)],
);

export const paperQuestions = table(
  'paper_questions',
  {
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    position: integer('position').notNull().default(0),
    point: real('point').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.questionId] }), index('paper_questions_question').on(t.questionId)],
);

/**
 * An exam: a paper, a time limit, an opening window, attempts allowed (0 = unlimited), who may sit it
 * (exam_audience; a chapter's exam is sat by those who may study the chapter), whether results are shown.
 * courseId / chapterId: the chapter this exam belongs to ('' for a standalone exam) — an exam chapter
 * (type 8), or a stage of a staged study plan (its stage exam, spec 4 'Next chapter flow'). optional: the
 * student may skip it (spec 5 'Exam dialog').
 */
export const exams = table(
  'exams',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    paperId: text('paper_id')
      .notNull()
      .references(() => papers.id),
    categoryId: text('category_id').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationSec: integer('duration_sec').notNull(),
    opensAt: integer('opens_at'),
    closesAt: integer('closes_at'),
    attempts: integer('attempts').notNull().default(1),
    showResults: text('show_results', { enum: ['none', 'score', 'answers'] })
      .notNull()
      .default('score'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    courseId: text('course_id').notNull().default(''),
    chapterId: text('chapter_id').notNull().default(''),
    optional: integer('optional', { mode: 'boolean' }).notNull().default(false),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('exams_school').on(t.schoolId, t.deleted, t.status),
    index('exams_chapter').on(t.courseId, t.chapterId),
  ],
);

/** Who may sit a standalone exam: student groups or the students of a course. */
export const examAudience = table(
  'exam_audience',
  {
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['group', 'course'] }).notNull(),
    targetId: text('target_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.targetType, t.targetId] })],
);

/**
 * One sitting of an exam by a student. status 'open' until the student submits or the deadline passes
 * (closedBy 'student' | 'deadline'); the server closes overdue sittings itself. At most one open sitting
 * per student (the partial unique index). questions: the questions as sat (JSON [{qid, type, content,
 * options, answer, point, explanation, version}]), drawn once at the start.
 */
export const examSittings = table(
  'exam_sittings',
  {
    id: text('id').primaryKey(),
    examId: text('exam_id')
      .notNull()
      .references(() => exams.id),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: text('school_id').notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: ['open', 'submitted'] })
      .notNull()
      .default('open'),
    closedBy: text('closed_by', { enum: ['student', 'deadline'] }),
    startedAt: integer('started_at').notNull(),
    deadlineAt: integer('deadline_at').notNull(),
    submittedAt: integer('submitted_at'),
    score: real('score').notNull().default(0),
    totalScore: real('total_score').notNull().default(0),
    passScore: real('pass_score').notNull().default(0),
    passed: integer('passed', { mode: 'boolean' }).notNull().default(false),
    /** Short answers still waiting for a teacher's mark. */
    pendingMarks: integer('pending_marks').notNull().default(0),
    questions: text('questions').notNull(),
  },
  (t) => [
    uniqueIndex('exam_sittings_one_open').on(t.studentId).where(sql`status = 'open'`),
    index('exam_sittings_exam').on(t.examId, t.studentId),
    index('exam_sittings_deadline').on(t.status, t.deadlineAt),
  ],
);

/** An answer in a sitting, saved as it is given (a reload or a dropped connection loses nothing). */
export const examAnswers = table(
  'exam_answers',
  {
    sittingId: text('sitting_id')
      .notNull()
      .references(() => examSittings.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answer: text('answer').notNull(),
    status: text('status', { enum: ['saved', 'graded', 'pending', 'marked'] })
      .notNull()
      .default('saved'),
    isRight: integer('is_right', { mode: 'boolean' }).notNull().default(false),
    point: real('point').notNull().default(0),
    savedAt: integer('saved_at').notNull(),
    markedBy: text('marked_by'),
    markedAt: integer('marked_at'),
  },
  (t) => [primaryKey({ columns: [t.sittingId, t.questionId] })],
);
