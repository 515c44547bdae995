import type { z } from 'zod';
import type {
  ExportFormat,
  ExportView,
  ReviewStatusKey,
  zChapterStudyTimes,
  zCourseLearners,
  zReviewList,
  zReviewReply,
  zStudentCourses,
  zStudentDetail,
  zStudentSearch,
} from '../../../../shared/schemas/records';
import { EXPORT_CAPPED_HEADER } from '../../../../shared/schemas/records';
import { apiUrl, call, NETWORK_ERROR } from '../../../api/client';
import { unwrap } from '../../../hooks/fetcher';

/** The calls of the learning records and staged review screens (server/modules/records/routes.ts, permission student). */
export type CourseLearners = z.infer<typeof zCourseLearners>;
export type StudentCourses = z.infer<typeof zStudentCourses>;
export type StudentDetail = z.infer<typeof zStudentDetail>;
export type ChapterStudyTimes = z.infer<typeof zChapterStudyTimes>;
export type StudentSearch = z.infer<typeof zStudentSearch>;
export type ReviewList = z.infer<typeof zReviewList>;
export type ReviewReply = z.infer<typeof zReviewReply>;

export const PAGE_SIZE = 20;

export const getCourseLearners = (coid: string, page: number, key: string) =>
  unwrap(call<CourseLearners>('learn/getlist', { query: { coid, page, num: PAGE_SIZE, key: key || undefined } }));
export const getStudentCourses = (sid: string, page: number) => unwrap(call<StudentCourses>('learn/getlistbystudent', { query: { sid, page, num: PAGE_SIZE } }));
export const getStudentDetail = (sid: string, coid: string) => unwrap(call<StudentDetail>('learn/detailbystudent', { query: { sid, coid } }));
export const getChapterTimes = (coid: string) => unwrap(call<ChapterStudyTimes>('learn/getchapterstudytime', { query: { coid } }));
export const searchStudents = (key: string, page: number) => unwrap(call<StudentSearch>('learn/students', { query: { key: key || undefined, page, num: PAGE_SIZE } }));
export const getReviewList = (query: { status: ReviewStatusKey; coid: string; key: string; page: number }) =>
  unwrap(call<ReviewList>('learn/review/list', { query: { status: query.status, coid: query.coid || undefined, key: query.key || undefined, page: query.page, num: PAGE_SIZE } }));
/** POST learn/review: approve or reject a studied stage. */
export const reviewStage = (input: { coid: string; cid: string; sid: string; action: 'approve' | 'reject'; reason?: string }) => call<ReviewReply>('learn/review', { method: 'POST', body: input });

export interface ExportQuery {
  view: ExportView;
  coid?: string;
  sid?: string;
  key?: string;
}

export type ExportResult = { ok: true; fileName: string; capped: number | null } | { ok: false; error: string };

/** The UTF-8 file name of a Content-Disposition (filename*, else the plain filename). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * GET learn/export: fetches the file with the session and hands it to the browser as a download (an object
 * URL on a link with `download`), so a refusal shows as a message rather than a downloaded error.
 */
export async function downloadExport(query: ExportQuery, format: ExportFormat): Promise<ExportResult> {
  let response: Response;
  try {
    response = await fetch(apiUrl('learn/export', { ...query, key: query.key || undefined, format }), { credentials: 'same-origin' });
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as { error?: string } | null;
    return { ok: false, error: reply?.error ?? `HTTP ${response.status}` };
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition'), `records.${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next turn; the URL is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  const capped = response.headers.get(EXPORT_CAPPED_HEADER);
  return { ok: true, fileName, capped: capped ? Number(capped) : null };
}
