/**
 * Chapter exercise calls (spec 7 course/exelist, course/updateExec, exer/submit,
 * check/exercise, question detail, submit answer). The back office needs permission 'course'; the student calls
 * need a signed-in person, and the study rules (server/modules/learning/study-access.ts) decide the rest: an
 * administrator is refused there (switchToViewMode or studentOnly), as are the study refusals of learn/ware.
 */
import * as s from '../schemas/exercises';
import { defineCall } from '../contract';

const STUDY =
  '401 guest; 403 switchToViewMode for an administrator previewing the course (spec 5), studentOnly for another ' +
  'administrator; the study refusals of learn/ware (404 unknown course or chapter, 403 otherSchool, ' +
  'designatedGroup, endOfTrial, notStarted, expired, and the order rules); ' +
  "404 'no exercises' when the chapter has none.";
const GRADING =
  "Graded on the server (isRight, getpoint); a short answer is left 'pending' for a teacher's mark. The correct " +
  "answer and explanation are in the reply only when the set's and the question's show-answer allow. 400 " +
  "'question not in exercises' for a question outside the chapter's set, 'answer required' when nothing is " +
  "chosen or typed, 'answer too long' past 500 characters; nothing is written then.";

const tags = ['exercises'];
const adminTags = ['exercises (back office)'];
const courseAdmin = { admin: 'course' } as const;

export const exerciseCalls = {
  exeList: defineCall({
    method: 'POST',
    path: 'course/exelist',
    access: courseAdmin,
    tags: adminTags,
    summary:
      "course/exelist {coid} (spec 7): the course's chapters with their exercise set (exer, exerc_count) and its " +
      "questions. Permission course; 404 another school's course.",
    body: s.zExeListBody,
    reply: s.zExeList,
  }),
  updateExec: defineCall({
    method: 'POST',
    path: 'course/updateExec',
    access: courseAdmin,
    tags: adminTags,
    summary:
      'course/updateExec {coid, cid, title, questions: [{qid, showanswer}]} (spec 7): creates or replaces the ' +
      "chapter's exercise set; an empty list detaches it. Permission course; 404 another school's course or a " +
      "chapter of another course; 400 'unknown question' for a question not the school's or deleted.",
    body: s.zUpdateExec,
    reply: s.zChapterExercises,
  }),
  list: defineCall({
    method: 'POST',
    path: 'exer/list',
    access: 'signedIn',
    tags,
    summary:
      "The chapter's exercises for the quiz {coid, cid}: each question without its answer, with the student's " +
      `state, and the pending ids. ${STUDY}`,
    body: s.zExerciseRef,
    reply: s.zExerciseList,
  }),
  question: defineCall({
    method: 'POST',
    path: 'exer/question',
    access: 'signedIn',
    tags,
    summary:
      'Get question detail {coid, cid, qid} (spec 7): type, content, optiondata, point, showAnswer — never the ' +
      `answer. 400 'question not in exercises'. ${STUDY}`,
    body: s.zQuestionRef,
    reply: s.zExerciseQuestion,
  }),
  answer: defineCall({
    method: 'POST',
    path: 'exer/answer',
    access: 'signedIn',
    tags,
    summary:
      "Submit answer {coid, cid, qid, answer, type} (spec 7): isRight, getpoint, and the chapter's pending ids " +
      `after it. ${GRADING} ${STUDY}`,
    body: s.zSubmitAnswer,
    reply: s.zSubmitResult,
  }),
  submit: defineCall({
    method: 'POST',
    path: 'exer/submit',
    access: 'signedIn',
    tags,
    summary:
      'exer/submit {coid, cid, answers: [{qid, answer, type}]} (spec 7): several answers of one chapter in one ' +
      `transaction; one refused answer refuses all. ${GRADING} ${STUDY}`,
    body: s.zExerSubmit,
    reply: s.zExerSubmitResult,
  }),
  check: defineCall({
    method: 'POST',
    path: 'check/exercise',
    access: 'signedIn',
    tags,
    summary:
      'check/exercise {coid, cid} (spec 7): the questions still pending (not answered right nor waiting for a ' +
      `mark) and the done flag. ${STUDY}`,
    body: s.zExerciseRef,
    reply: s.zExerciseCheck,
  }),
};
