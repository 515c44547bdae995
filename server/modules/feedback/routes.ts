import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/feedback';
import { sendFile } from '../../lib/send-file';
import { ensureDataFolders } from '../../lib/storage';
import { requireAdmin } from '../../plugins/auth';
import * as admin from './feedback-admin.service';
import * as grades from './grades.service';
import * as signatures from './signatures.service';

const STUDY =
  '401 guest; 403 studentOnly for an administrator; the study refusals of learn/ware (404 unknown course or chapter, 403 otherSchool, ' +
  'designatedGroup, endOfTrial, notStarted, expired).';

/**
 * E-signatures and ratings (spec 3 'Signature record', 'Grade payload'; spec 7 stu/savesignature,
 * stu/checksignature, grade/add, check signature (hasImg), check grade (hasVal), chapter grade list/delete,
 * 'Signature images are uploaded as JPEG named signature.jpeg'), and their back office (permission course).
 */
export const feedbackRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['signatures and ratings'];
  const adminTags = ['signatures and ratings (back office)'];
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
  const courseAdmin = (request: FastifyRequest) => requireAdmin(request, 'course');
  ensureDataFolders(ctx.config.dataDir);
  await app.register(app.multipartParsing);

  app.post(
    '/stu/signature/upload',
    {
      schema: {
        tags,
        summary:
          "Uploads the signature image (spec 7: JPEG named signature.jpeg, watermarked by the client), multipart with file field 'file-select' (or 'file'). " +
          'The bytes must be a JPEG (checked and written again by the server); stored as a private file; answers the key for stu/savesignature. ' +
          "401 guest; 403 administrator; 400 'no file'; 413 'file too large' (over 1 MB); 415 'file type not allowed' (not .jpeg/.jpg) or 'not a jpeg image'.",
        consumes: ['multipart/form-data'],
        response: { 200: zOkReply(s.zSignatureUploaded) },
      },
    },
    async (request) => ok(await signatures.receiveSignature(ctx, request)),
  );

  app.post(
    '/stu/savesignature',
    {
      schema: {
        tags,
        summary:
          'Save signature {uid, img, coid, cid} (spec 7): binds an uploaded image (its key) to the course; signing again replaces the earlier one. ' +
          `uid is ignored (the signed-in student). ${STUDY} 403 signatureOff when the course asks for no signature; 400 'bad signature image' ` +
          "for a key that is not this student's signature upload.",
        body: s.zSaveSignature,
        response: { 200: zOkReply(s.zSignatureSaved) },
      },
    },
    async (request) => ok(await signatures.saveSignature(ctx, request.auth, request.body)),
  );

  app.get(
    '/stu/checksignature',
    {
      schema: {
        tags,
        summary: "Check signature by coid (spec 7, hasImg); with the address of the student's image (an authenticated call). 401 guest; 403 administrator.",
        querystring: s.zCheckSignatureQuery,
        response: { 200: zOkReply(s.zSignatureCheck) },
      },
    },
    async (request) => ok(signatures.checkSignature(ctx, request.auth, request.query.coid)),
  );

  app.route<{ Params: { id: string } }>({
    method: ['GET', 'HEAD'],
    url: '/signature/image/:id',
    schema: {
      tags,
      summary: "A signature image (JPEG), to the student who signed or to an administrator holding 'course' who manages the course; 404 to anyone else.",
      params: s.zSignatureImageParams,
    },
    handler: async (request, reply) => {
      if (request.auth.role === 'admin') courseAdmin(request);
      const target = signatures.signatureImage(ctx, request.auth, request.params.id);
      return sendFile(request, reply, { ...target, accelRedirect: ctx.config.ACCEL_REDIRECT, cacheControl: 'private, max-age=3600' });
    },
  });

  app.post(
    '/grade/add',
    {
      schema: {
        tags,
        summary:
          'Add course grade {uid, coid, cid, score, content} (spec 7, success flag): score 1-5, a comment of at most 100 characters; cid 0 rates the course. ' +
          `${STUDY} 403 gradingOff (showgrade off); 400 noScore (请先评分) / emptyContent (内容不能为空！) / tooLong with data {field, key, message}; ` +
          "409 'already rated' (one rating per student and chapter).",
        body: s.zAddGrade,
        response: { 200: zOkReply(s.zGradeAdded) },
      },
    },
    async (request) => ok(grades.addGrade(ctx, request.auth, request.body, localeOf(request))),
  );

  app.get(
    '/grade/check',
    {
      schema: { tags, summary: 'Check chapter has a grade (spec 7, hasVal) for the signed-in student. 401 guest; 403 administrator.', querystring: s.zGradeCheckQuery, response: { 200: zOkReply(s.zGradeCheck) } },
    },
    async (request) => ok(grades.checkGrade(ctx, request.auth, request.query.coid, request.query.cid)),
  );

  app.get(
    '/course/signature/list',
    {
      schema: {
        tags: adminTags,
        summary: "A course's signatures, newest first: student, chapter, time and the image's address. 404 for a course of another school.",
        querystring: s.zSignatureListQuery,
        response: { 200: zOkReply(s.zAdminSignatureList) },
      },
    },
    async (request) => ok(admin.adminSignatures(ctx, courseAdmin(request).userId, request.query)),
  );

  app.get(
    '/chapter/grade/list',
    {
      schema: {
        tags: adminTags,
        summary: "Chapter grade list (spec 7): a course's ratings (one chapter's with cid), newest first, with the average score and the chapters that take ratings.",
        querystring: s.zGradeListQuery,
        response: { 200: zOkReply(s.zAdminGradeList) },
      },
    },
    async (request) => ok(admin.adminGrades(ctx, courseAdmin(request).userId, request.query)),
  );

  app.post(
    '/chapter/grade/delete',
    {
      schema: {
        tags: adminTags,
        summary: 'Chapter grade delete (spec 7) {ids}: all or nothing; 404 when one is unknown or of a course the administrator may not manage.',
        body: s.zDeleteGrades,
        response: { 200: zOkReply(s.zDeletedGrades) },
      },
    },
    async (request) => ok(admin.deleteGrades(ctx, courseAdmin(request).userId, request.body.ids)),
  );
};
