/**
 * Chapter Q&A (issue 16; spec 7 learn/question/*, spec 5 owner rule). A student who may study the course
 * (the access policy, as the learning page asks it) asks on a chapter, optionally at a video time; the
 * course's administrators (permission course, managing the course) answer, hide and delete; the asker may
 * follow up and delete their own unanswered question. See shared/rules/qa-notes for the decisions.
 */
import * as s from '../schemas/qa';
import { defineCall } from '../contract';

const tags = ['chapter Q&A'];

const REFUSALS =
  'Refusals: 401 no login; 403 studentOnly (an administrator asking: 请使用学员账号进行操作！), or the access ' +
  "policy's study refusal (otherSchool, designatedGroup, endOfTrial, expired...); 404 for a question, course or " +
  'chapter of another school or out of sight; 400 emptyText / tooLong with the field; 429 at more than 5 a minute.';

export const qaCalls = {
  list: defineCall({
    method: 'GET',
    path: 'learn/question/list',
    access: 'signedIn',
    noStore: true,
    tags,
    summary:
      "The course's questions, or one chapter's (cid), newest first, each with its answers oldest first. A student " +
      "who may study the course sees every visible question (classmates' too); a hidden one only the course's " +
      'administrators see. 401 guest, 403 the study refusal (an administrator not managing the course: studentOnly).',
    query: s.zQuestionListQuery,
    reply: s.zQuestionList,
  }),
  add: defineCall({
    method: 'POST',
    path: 'learn/question/add',
    access: 'signedIn',
    tags,
    summary: `Asks a question on a chapter, optionally at a video time (seconds). Plain text, at most 500 characters. ${REFUSALS}`,
    body: s.zAddQuestion,
    reply: s.zQuestion,
  }),
  answer: defineCall({
    method: 'POST',
    path: 'learn/question/answer',
    access: 'signedIn',
    tags,
    summary:
      'A teacher of the course (an administrator holding course who manages it) answers; the asker is told by a ' +
      'question.answered notice linking to the chapter, in the same transaction. The asker may add a follow-up. ' +
      REFUSALS,
    body: s.zAnswerQuestion,
    reply: s.zQuestion,
  }),
  hide: defineCall({
    method: 'POST',
    path: 'learn/question/hide',
    access: { admin: 'course' },
    tags,
    summary: 'Hides (1) or shows again (0) questions of courses the administrator manages; all or nothing (404).',
    body: s.zHideQuestions,
    reply: s.zChanged,
  }),
  remove: defineCall({
    method: 'POST',
    path: 'learn/question/delete',
    access: 'signedIn',
    tags,
    summary:
      "Deletes a question with its answers: the course's administrators any, the asker their own while no teacher " +
      "answered it (else 409 questionAnswered). 404 for another's question or another school's.",
    body: s.zQuestionRef,
    reply: s.zDeleted,
  }),
  manage: defineCall({
    method: 'GET',
    path: 'learn/question/manage',
    access: { admin: 'course' },
    noStore: true,
    tags,
    summary:
      'The back office Q&A list: questions on the courses the administrator may manage, newest first, filtered by ' +
      'course and state (unanswered, answered, hidden), with their answers.',
    query: s.zManageQuery,
    reply: s.zManageList,
  }),
};
