/**
 * The student's exam calls (spec 7 stu/exams, student/examcate {uid, 0, 10}, examlist,
 * getExamToken (loginKey, token), getykstestdata {sid, cid} → testData JSON, getyksExamlist; 'Exam URLs carry
 * query parameters: key, returnURL, exid, from, s, token'). A sitting's questions travel in the student shape
 * (zStudentQuestion: no answer); correct answers only in a result whose exam shows answers.
 */
import * as z from 'zod';
import { zId, zQueryNum, zQueryPage, zReturnPath } from './common';
import { zAnswerResult, zStudentQuestion } from './questions';

/** Spec 9: exam categories limit 10. */
export const EXAM_CATEGORY_LIMIT = 10;

/** exid: the sealed (AES-256-GCM) student and exam/chapter of an exam URL, base64url. */
export const zExid = z
  .string()
  .min(20)
  .max(600)
  .regex(/^[0-9A-Za-z_-]+$/, 'must be an exam link');

export const zExamWindowState = z.enum(['notOpen', 'closed', 'noAttempts', 'inProgress', 'available']);
export const zShowResults = z.enum(['none', 'score', 'answers']);

/** student/examcate {uid, 0, 10}: uid is the signed-in student (ignored when given), page from 0. */
export const zExamCateQuery = z.object({
  uid: z.string().max(40).optional(),
  page: z.coerce.number().int().min(0).max(1000).default(0),
  num: z.coerce.number().int().min(1).max(EXAM_CATEGORY_LIMIT).default(EXAM_CATEGORY_LIMIT),
});
export const zExamCategory = z.object({ catid: z.string(), title: z.string(), count: z.number().int() });
export const zExamCategories = z.object({ list: z.array(zExamCategory) });
export type ExamCategory = z.infer<typeof zExamCategory>;

/** examlist {catid, page, num}: catid '' or '0' for every category. */
export const zExamListQuery = z.object({
  catid: z.string().max(40).default(''),
  page: zQueryPage,
  num: zQueryNum(100, 20),
});

/** An exam as the student's lists show it. */
export const zExamItem = z.object({
  id: zId,
  title: z.string(),
  description: z.string(),
  catid: z.string(),
  durationSec: z.number().int(),
  opensAt: z.number().nullable(),
  closesAt: z.number().nullable(),
  attempts: z.number().int(),
  used: z.number().int(),
  /** null: unlimited. */
  left: z.number().int().nullable(),
  /** The best score of submitted sittings, null when none or when the exam shows no results. */
  best: z.number().nullable(),
  passed: z.boolean(),
  state: zExamWindowState,
  /** The open sitting to continue, or null. */
  sittingId: zId.nullable(),
  /** A chapter's exam: its course (decimal id) and chapter. */
  coid: z.string(),
  cid: z.string(),
  optional: z.boolean(),
  totalScore: z.number(),
  passScore: z.number(),
});
export type ExamItem = z.infer<typeof zExamItem>;
export const zExamList = z.object({ total: z.number().int(), list: z.array(zExamItem) });

/** stu/exams: my sittings (exam records), newest first. */
export const zMySittingsQuery = z.object({ page: zQueryPage, num: zQueryNum(100, 20) });
export const zMySitting = z.object({
  sittingId: zId,
  examId: zId,
  title: z.string(),
  attempt: z.number().int(),
  status: z.enum(['open', 'submitted']),
  closedBy: z.enum(['student', 'deadline']).nullable(),
  startedAt: z.number(),
  deadlineAt: z.number(),
  submittedAt: z.number().nullable(),
  /** null when the exam shows no results. */
  score: z.number().nullable(),
  totalScore: z.number(),
  passed: z.boolean().nullable(),
  pendingMarks: z.number().int(),
});
export type MySitting = z.infer<typeof zMySitting>;
export const zMySittings = z.object({ total: z.number().int(), list: z.array(zMySitting) });

/** Start (or resume) a sitting: by exam id, or by the exam URL's exid (and its token). */
export const zStartExam = z
  .object({ examId: zId.optional(), exid: zExid.optional(), token: z.string().max(600).optional() })
  .refine((value) => Boolean(value.examId) !== Boolean(value.exid), 'give examId or exid');

export const zSittingRef = z.object({ sittingId: zId });
export const zSaveAnswer = z.object({ sittingId: zId, qid: zId, answer: z.string().max(2000) });
export const zSavedAnswer = z.object({ qid: zId, savedAt: z.number() });

/** The result of a submitted sitting, as far as the exam shows it. */
export const zSittingResult = z.object({
  showResults: zShowResults,
  score: z.number().nullable(),
  totalScore: z.number(),
  passScore: z.number(),
  passed: z.boolean().nullable(),
  pendingMarks: z.number().int(),
  /** Only when the exam shows answers. */
  answers: z.array(zAnswerResult).nullable(),
});
export type SittingResult = z.infer<typeof zSittingResult>;

/** A sitting as the sitting page reads it: the countdown runs on now (the server's clock) and deadlineAt. */
export const zSitting = z.object({
  sittingId: zId,
  examId: zId,
  title: z.string(),
  description: z.string(),
  attempt: z.number().int(),
  status: z.enum(['open', 'submitted']),
  closedBy: z.enum(['student', 'deadline']).nullable(),
  startedAt: z.number(),
  deadlineAt: z.number(),
  now: z.number(),
  questions: z.array(zStudentQuestion),
  answers: z.array(z.object({ qid: zId, answer: z.string() })),
  result: zSittingResult.nullable(),
  /** A chapter's exam: its course (decimal id) and chapter, '' otherwise. */
  coid: z.string(),
  cid: z.string(),
});
export type Sitting = z.infer<typeof zSitting>;

/** getExamToken: for an exam (examId) or a chapter's exam (coid + cid); returnURL and from travel in the URL. */
export const zExamTokenQuery = z.object({
  examId: zId.optional(),
  coid: z.string().max(64).optional(),
  cid: zId.optional(),
  returnURL: zReturnPath.optional(),
  from: z.string().max(40).optional(),
});
export const zExamToken = z.object({
  /** The school's key (its hashUID): names the school to the built-in exam engine (the URL's key). */
  loginKey: z.string(),
  /** Signed, short-lived: binds the student and the school (the URL's token). */
  token: z.string(),
  exid: z.string(),
  /** The sitting page's URL with every parameter (hash route of the student site). */
  url: z.string(),
});

/** getykstestdata {sid, cid}. */
export const zYksTestQuery = z.object({ sid: zId, cid: zId });
export const zYksTestData = z.object({ testData: z.string() });
/** getyksExamlist {coid}. */
export const zYksExamListQuery = z.object({ coid: z.string().min(1).max(64) });
export const zYksExamList = z.object({ list: z.array(zExamItem) });
