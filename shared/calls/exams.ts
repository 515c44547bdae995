/**
 * Student exam calls (spec 7 stu/exams, student/examcate, examlist, getExamToken, getykstestdata,
 * getyksExamlist): a signed-in student (401 'no login' otherwise). Every reply is the student's own and not cached.
 */
import * as s from '../schemas/exams';
import { defineCall } from '../contract';

const base = { access: 'student', tags: ['exams (student)'], noStore: true } as const;

export const examCalls = {
  categories: defineCall({
    ...base,
    method: 'GET',
    path: 'student/examcate',
    summary: 'Exam categories holding exams I may sit (at most 10).',
    query: s.zExamCateQuery,
    reply: s.zExamCategories,
  }),
  list: defineCall({
    ...base,
    method: 'GET',
    path: 'examlist',
    summary: "A category's exams I may sit: window, duration, attempts used and left, best score, state.",
    query: s.zExamListQuery,
    reply: s.zExamList,
  }),
  mySittings: defineCall({
    ...base,
    method: 'GET',
    path: 'stu/exams',
    summary: 'My sittings (exam records), newest first, with score and pass when the exam shows results.',
    query: s.zMySittingsQuery,
    reply: s.zMySittings,
  }),
  start: defineCall({
    ...base,
    method: 'POST',
    path: 'exam/start',
    summary:
      'Starts (or resumes) a sitting by exam id or exid; 403 outside the window, without attempts or audience; ' +
      '409 while another sitting is open.',
    body: s.zStartExam,
    reply: s.zSitting,
  }),
  sitting: defineCall({
    ...base,
    method: 'GET',
    path: 'exam/sitting',
    summary:
      'One of my sittings: questions without answers, saved answers, deadline and the server now; the result ' +
      'once submitted.',
    query: s.zSittingRef,
    reply: s.zSitting,
  }),
  answer: defineCall({
    ...base,
    method: 'POST',
    path: 'exam/answer',
    summary: 'Saves one answer as it is given; 409 after the deadline or the submission.',
    body: s.zSaveAnswer,
    reply: s.zSavedAnswer,
  }),
  submit: defineCall({
    ...base,
    method: 'POST',
    path: 'exam/submit',
    summary: 'Submits my sitting: graded and settled; the result as far as the exam shows it.',
    body: s.zSittingRef,
    reply: s.zSitting,
  }),
  token: defineCall({
    ...base,
    method: 'GET',
    path: 'getExamToken',
    summary: 'loginKey (the school key), a short-lived token and the sealed exid of an exam URL.',
    query: s.zExamTokenQuery,
    reply: s.zExamToken,
  }),
  yksTestData: defineCall({
    ...base,
    method: 'GET',
    path: 'learn/getykstestdata',
    summary: "My results of a chapter's exam as testData JSON.",
    query: s.zYksTestQuery,
    reply: s.zYksTestData,
  }),
  chapterExams: defineCall({
    ...base,
    method: 'GET',
    path: 'learn/getyksExamlist',
    summary: "A course's chapter exams I may sit, with my results.",
    query: s.zYksExamListQuery,
    reply: s.zYksExamList,
  }),
};
