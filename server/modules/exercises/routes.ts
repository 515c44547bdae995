import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/exercises';
import { requireAdmin } from '../../plugins/auth';
import * as admin from './exercises-admin.service';
import * as student from './exercises.service';

const STUDY =
  "401 guest; 403 switchToViewMode for an administrator previewing the course (spec 5), studentOnly for another administrator; the study refusals of " +
  'learn/ware (404 unknown course or chapter, 403 otherSchool, designatedGroup, endOfTrial, notStarted, expired, and the order rules); ' +
  "404 'no exercises' when the chapter has none.";
const GRADING =
  "Graded on the server (isRight, getpoint); a short answer is left 'pending' for a teacher's mark. The correct answer and explanation are in the " +
  "reply only when the set's and the question's show-answer allow. 400 'question not in exercises' for a question outside the chapter's set, " +
  "'answer required' when nothing is chosen or typed, 'answer too long' past 500 characters; nothing is written then.";

/** Chapter exercise calls (issue 6 'Chapter exercises'; spec 7 course/exelist, course/updateExec, exer/submit, check/exercise, question detail, submit answer). */
export const exercisesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['exercises'];
  const adminTags = ['exercises (back office)'];
  const courseAdmin = (request: FastifyRequest) => requireAdmin(request, 'course');

  app.post(
    '/course/exelist',
    {
      schema: {
        tags: adminTags,
        summary: "course/exelist {coid} (spec 7): the course's chapters with their exercise set (exer, exerc_count) and its questions. Permission course; 404 another school's course.",
        body: s.zExeListBody,
        response: { 200: zOkReply(s.zExeList) },
      },
    },
    async (request) => ok(admin.exeList(ctx, courseAdmin(request).userId, request.body.coid)),
  );

  app.post(
    '/course/updateExec',
    {
      schema: {
        tags: adminTags,
        summary:
          "course/updateExec {coid, cid, title, questions: [{qid, showanswer}]} (spec 7): creates or replaces the chapter's exercise set; an empty list detaches it. " +
          "Permission course; 404 another school's course or a chapter of another course; 400 'unknown question' for a question not the school's or deleted.",
        body: s.zUpdateExec,
        response: { 200: zOkReply(s.zChapterExercises) },
      },
    },
    async (request) => ok(admin.updateExec(ctx, courseAdmin(request).userId, request.body)),
  );

  app.post(
    '/exer/list',
    {
      schema: {
        tags,
        summary: `The chapter's exercises for the quiz {coid, cid}: each question without its answer, with the student's state, and the pending ids. ${STUDY}`,
        body: s.zExerciseRef,
        response: { 200: zOkReply(s.zExerciseList) },
      },
    },
    async (request) => ok(student.exerciseList(ctx, request.auth, request.body.coid, request.body.cid)),
  );

  app.post(
    '/exer/question',
    {
      schema: {
        tags,
        summary: `Get question detail {coid, cid, qid} (spec 7): type, content, optiondata, point, showAnswer — never the answer. 400 'question not in exercises'. ${STUDY}`,
        body: s.zQuestionRef,
        response: { 200: zOkReply(s.zExerciseQuestion) },
      },
    },
    async (request) => ok(student.questionDetail(ctx, request.auth, request.body.coid, request.body.cid, request.body.qid)),
  );

  app.post(
    '/exer/answer',
    {
      schema: {
        tags,
        summary: `Submit answer {coid, cid, qid, answer, type} (spec 7): isRight, getpoint, and the chapter's pending ids after it. ${GRADING} ${STUDY}`,
        body: s.zSubmitAnswer,
        response: { 200: zOkReply(s.zSubmitResult) },
      },
    },
    async (request) => ok(student.submitAnswer(ctx, request.auth, request.body)),
  );

  app.post(
    '/exer/submit',
    {
      schema: {
        tags,
        summary: `exer/submit {coid, cid, answers: [{qid, answer, type}]} (spec 7): several answers of one chapter in one transaction; one refused answer refuses all. ${GRADING} ${STUDY}`,
        body: s.zExerSubmit,
        response: { 200: zOkReply(s.zExerSubmitResult) },
      },
    },
    async (request) => ok(student.submitExercises(ctx, request.auth, request.body)),
  );

  app.post(
    '/check/exercise',
    {
      schema: {
        tags,
        summary: `check/exercise {coid, cid} (spec 7): the questions still pending (not answered right nor waiting for a mark) and the done flag. ${STUDY}`,
        body: s.zExerciseRef,
        response: { 200: zOkReply(s.zExerciseCheck) },
      },
    },
    async (request) => ok(student.checkExercise(ctx, request.auth, request.body.coid, request.body.cid)),
  );
};
