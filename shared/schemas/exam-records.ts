import * as z from 'zod';
import { zCode, zId, zQueryNum, zQueryPage } from './common';

/**
 * Chapter exam results in the back office's records (issue 18 'Records a school can trust'), beside the
 * exercise results: per exam on a chapter of the course (an exam chapter or a stage's exam), each student's
 * sittings in sum and the exam's totals (shared/rules/exam-results). Permission 'student', the
 * administrator's school and, for a sub-admin limited to categories, their courses.
 */

/** GET learn/exams {coid, cid?, sid?, page, num}: a course's chapter exam results (one chapter's, one student's). */
export const zExamRecordsQuery = z.object({
  coid: zCode,
  cid: zId.optional(),
  sid: zId.optional(),
  page: zQueryPage,
  num: zQueryNum(200),
});
export type ExamRecordsQuery = z.output<typeof zExamRecordsQuery>;

/** An exam on a chapter of the course with its totals over its students (only the student's with sid). */
export const zChapterExam = z.object({
  exam_id: z.string(),
  exam_title: z.string(),
  cid: z.string(),
  chapter: z.string(),
  /** The paper's full marks and pass mark now. */
  total_score: z.number(),
  pass_score: z.number(),
  /** Students with a submitted sitting, those who passed, passed / sat (0 to 1), the average best score. */
  sat: z.number().int(),
  passed: z.number().int(),
  pass_rate: z.number(),
  average_score: z.number(),
});
export type ChapterExam = z.infer<typeof zChapterExam>;

/** A student's submitted sittings of one chapter's exam in sum. */
export const zExamResult = z.object({
  sid: z.string(),
  name: z.string(),
  username: z.string(),
  exam_id: z.string(),
  cid: z.string(),
  chapter: z.string(),
  sittings: z.number().int(),
  best_score: z.number(),
  last_score: z.number(),
  passed: z.boolean(),
  /** The latest sitting still waits for a teacher's mark. */
  pending: z.boolean(),
  /** Full marks and pass mark of the latest sitting, as it was sat. */
  total_score: z.number(),
  pass_score: z.number(),
  last_sat_at: z.number(),
});
export type ExamResult = z.infer<typeof zExamResult>;

export const zExamRecords = z.object({
  coid: z.string(),
  title: z.string(),
  /** The course's chapter exams in study order. */
  exams: z.array(zChapterExam),
  /** One row per student and exam, latest sitting first. */
  results: z.object({ list: z.array(zExamResult), total: z.number().int() }),
});
export type ExamRecords = z.infer<typeof zExamRecords>;
