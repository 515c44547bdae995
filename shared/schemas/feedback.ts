import * as z from 'zod';
import { RATING_COMMENT_MAX, RATING_SCORE_MAX } from '../rules/rating';
import { zCode, zId, zQueryNum, zQueryPage } from './common';

/**
 * E-signatures and ratings (spec 3 'Signature record' uid, img, coid, cid; 'Grade payload' uid, coid, cid,
 * score, content; spec 7 stu/savesignature, stu/checksignature, grade/add, 'Check signature by coid (hasImg)',
 * 'Check chapter has a grade (hasVal)', 'chapter grade list/delete'; Uploads 'Signature images are uploaded as
 * JPEG named signature.jpeg, watermarked, returning a key').
 *
 * The student is always the signed-in one: the spec's uid is accepted and ignored. cid '0' names the course
 * as a whole.
 */

/** Spec 7: the signature image's file name. */
export const SIGNATURE_FILE_NAME = 'signature.jpeg';
/** The largest signature image accepted (not in the spec: a 1160x418 JPEG of strokes is a few tens of KB). */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** The largest signature image in pixels each way (a full-screen pad at a device pixel ratio of 3 fits). */
export const SIGNATURE_MAX_SIDE = 4096;
/** The most UTF-16 units a rating comment may arrive with: the rule counts code points after cleaning. */
export const RATING_INPUT_MAX = RATING_COMMENT_MAX * 4;
export const FEEDBACK_PAGE_MAX = 100;

/** Stable error strings of the feedback calls. */
export const FEEDBACK_ERRORS = {
  /** The upload is not a JPEG image (checked by its bytes), or is empty. */
  notJpeg: 'not a jpeg image',
  /** The key is not a signature image this student uploaded (or it is already used). */
  badImage: 'bad signature image',
  /** The course does not ask for a signature (settings.signature off). */
  signatureOff: 'signatureOff',
  /** The student has not finished the course: a signature attests a finished course (spec 4 'Next chapter flow'). */
  notFinished: 'courseNotFinished',
  /** The chapter does not take ratings (showgrade off; for cid '0', no chapter of the course does). */
  gradingOff: 'gradingOff',
  /** The student rated this chapter already (one rating per student and chapter). */
  rated: 'already rated',
  signatureNotFound: 'signature not found',
  gradeNotFound: 'grade not found',
} as const;

const ignored = (what: string) =>
  z.unknown().optional().describe(`${what}: accepted and ignored (the signed-in student)`);

/** POST stu/savesignature {uid?, img, coid, cid}: img is the key the signature upload answered. */
export const zSaveSignature = z.object({
  uid: ignored('uid'),
  img: z.string().min(1).max(200),
  coid: zCode,
  cid: zId.default('0'),
});
export type SaveSignature = z.output<typeof zSaveSignature>;

/** The signature upload's answer: the stored image's key (for savesignature). */
export const zSignatureUploaded = z.object({ status: z.literal('ok'), key: z.string(), size: z.number().int() });
export type SignatureUploaded = z.infer<typeof zSignatureUploaded>;

export const zSignatureSaved = z.object({ success: z.literal(true), id: z.string(), url: z.string() });

/** GET stu/checksignature {coid}. */
export const zCheckSignatureQuery = z.object({ coid: zCode });
/** hasImg, and where the student can see the image (an authenticated address, never a public file). */
export const zSignatureCheck = z.object({
  hasImg: z.boolean(),
  url: z.string().optional(),
  time: z.number().int().optional(),
});
export type SignatureCheck = z.infer<typeof zSignatureCheck>;

/** GET signature/image/{id}. */
export const zSignatureImageParams = z.object({ id: zId });

/**
 * POST grade/add {uid?, coid, cid, score, content}: score 1..5 (0 or none → noScore, 请先评分), content at most
 * 100 characters after trimming (checked by the service, shared/rules/rating).
 */
export const zAddGrade = z.object({
  uid: ignored('uid'),
  coid: zCode,
  cid: zId.default('0'),
  score: z.coerce.number().int().min(0).max(RATING_SCORE_MAX).optional(),
  content: z.string().max(RATING_INPUT_MAX, `must be at most ${RATING_COMMENT_MAX} characters`).default(''),
});
export type AddGrade = z.output<typeof zAddGrade>;
export const zGradeAdded = z.object({ success: z.literal(true), id: z.string() });

/** GET grade/check {coid, cid}. */
export const zGradeCheckQuery = z.object({ coid: zCode, cid: zId.default('0') });
export const zGradeCheck = z.object({ hasVal: z.boolean() });

const page = zQueryPage;
const num = zQueryNum(FEEDBACK_PAGE_MAX);

/** What both back-office lists show of a signature or a rating: who, which chapter and when. */
const zFeedbackEntry = z.object({
  id: z.string(),
  uid: z.string(),
  name: z.string(),
  username: z.string(),
  cid: z.string(),
  /** The chapter's title, null for '0' (the course) or a chapter deleted since. */
  chapterTitle: z.string().nullable(),
  /** Epoch seconds. */
  time: z.number().int(),
});

/** GET course/signature/list {coid, page, num} (back office). */
export const zSignatureListQuery = z.object({ coid: zId, page, num });
export const zAdminSignature = zFeedbackEntry.extend({ url: z.string() });
export type AdminSignature = z.infer<typeof zAdminSignature>;
export const zAdminSignatureList = z.object({ list: z.array(zAdminSignature), total: z.number().int() });
export type AdminSignatureList = z.infer<typeof zAdminSignatureList>;

/** GET chapter/grade/list {coid, cid?, page, num} (back office): cid filters one chapter ('0' the course itself). */
export const zGradeListQuery = z.object({ coid: zId, cid: zId.optional(), page, num });
export const zAdminGrade = zFeedbackEntry.extend({ score: z.number().int(), content: z.string() });
export type AdminGrade = z.infer<typeof zAdminGrade>;
export const zAdminGradeList = z.object({
  list: z.array(zAdminGrade),
  total: z.number().int(),
  /** The average score of every rating matching the filter (not only this page), one decimal; null for none. */
  average: z.number().nullable(),
  /** Chapters of the course that take ratings (showgrade), for the chapter filter. */
  chapters: z.array(z.object({ cid: z.string(), title: z.string() })),
});
export type AdminGradeList = z.infer<typeof zAdminGradeList>;

/** POST chapter/grade/delete {ids}. */
export const zDeleteGrades = z.object({ ids: z.array(zId).min(1).max(100) });
export const zDeletedGrades = z.object({ deleted: z.number().int() });
