/**
 * E-signatures and ratings (spec 3 'Signature record', 'Grade payload'; spec 7 stu/savesignature,
 * stu/checksignature, grade/add, check signature (hasImg), check grade (hasVal), chapter grade list/delete,
 * 'Signature images are uploaded as JPEG named signature.jpeg'), and their back office (permission course).
 * The student's calls are 'signedIn': the study rules answer an administrator 403 studentOnly (they preview,
 * they do not sign), which 'student' access would turn into a 401. The signature image (a file, not the
 * envelope) stays a plain route: server/modules/feedback/routes.ts.
 */
import * as s from '../schemas/feedback';
import { defineCall } from '../contract';

const tags = ['signatures and ratings'];
const admin = { access: { admin: 'course' }, tags: ['signatures and ratings (back office)'] } as const;

const STUDY =
  '401 guest; 403 studentOnly for an administrator; the study refusals of learn/ware (404 unknown course or ' +
  'chapter, 403 otherSchool, designatedGroup, endOfTrial, notStarted, expired).';

export const feedbackCalls = {
  uploadSignature: defineCall({
    method: 'POST',
    path: 'stu/signature/upload',
    access: 'signedIn',
    tags,
    summary:
      'Uploads the signature image (spec 7: JPEG named signature.jpeg, watermarked by the client), multipart with ' +
      "file field 'file-select' (or 'file'). The bytes must be a JPEG (checked and written again by the server); " +
      'stored as a private file; answers the key for stu/savesignature. 401 guest; 403 administrator; ' +
      "400 'no file'; 413 'file too large' (over 1 MB); 415 'file type not allowed' (not .jpeg/.jpg) or " +
      "'not a jpeg image'.",
    multipart: true,
    reply: s.zSignatureUploaded,
  }),
  saveSignature: defineCall({
    method: 'POST',
    path: 'stu/savesignature',
    access: 'signedIn',
    tags,
    summary:
      'Save signature {uid, img, coid, cid} (spec 7): binds an uploaded image (its key) to the course; signing ' +
      `again replaces the earlier one. uid is ignored (the signed-in student). ${STUDY} 403 signatureOff when ` +
      "the course asks for no signature; 400 'bad signature image' for a key that is not this student's " +
      'signature upload.',
    body: s.zSaveSignature,
    reply: s.zSignatureSaved,
  }),
  checkSignature: defineCall({
    method: 'GET',
    path: 'stu/checksignature',
    access: 'signedIn',
    tags,
    summary:
      "Check signature by coid (spec 7, hasImg); with the address of the student's image (an authenticated " +
      'call). 401 guest; 403 administrator.',
    query: s.zCheckSignatureQuery,
    reply: s.zSignatureCheck,
  }),
  addGrade: defineCall({
    method: 'POST',
    path: 'grade/add',
    access: 'signedIn',
    tags,
    summary:
      'Add course grade {uid, coid, cid, score, content} (spec 7, success flag): score 1-5, a comment of at most ' +
      `100 characters; cid 0 rates the course. ${STUDY} 403 gradingOff (showgrade off); 400 noScore (请先评分) / ` +
      "emptyContent (内容不能为空！) / tooLong with data {field, key, message}; 409 'already rated' (one rating " +
      'per student and chapter).',
    body: s.zAddGrade,
    reply: s.zGradeAdded,
  }),
  checkGrade: defineCall({
    method: 'GET',
    path: 'grade/check',
    access: 'signedIn',
    tags,
    summary: 'Check chapter has a grade (spec 7, hasVal) for the signed-in student. 401 guest; 403 administrator.',
    query: s.zGradeCheckQuery,
    reply: s.zGradeCheck,
  }),
  signatures: defineCall({
    ...admin,
    method: 'GET',
    path: 'course/signature/list',
    summary:
      "A course's signatures, newest first: student, chapter, time and the image's address. 404 for a course " +
      'of another school.',
    query: s.zSignatureListQuery,
    reply: s.zAdminSignatureList,
  }),
  grades: defineCall({
    ...admin,
    method: 'GET',
    path: 'chapter/grade/list',
    summary:
      "Chapter grade list (spec 7): a course's ratings (one chapter's with cid), newest first, with the average " +
      'score and the chapters that take ratings.',
    query: s.zGradeListQuery,
    reply: s.zAdminGradeList,
  }),
  deleteGrades: defineCall({
    ...admin,
    method: 'POST',
    path: 'chapter/grade/delete',
    summary:
      'Chapter grade delete (spec 7) {ids}: all or nothing; 404 when one is unknown or of a course the ' +
      'administrator may not manage.',
    body: s.zDeleteGrades,
    reply: s.zDeletedGrades,
  }),
};
