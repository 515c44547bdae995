/** The student's exam calls (shared/schemas/exams) and their SWR hooks. */
import useSWR from 'swr';
import type { ExamCategory, ExamItem, MySitting, Sitting } from '../../../shared/schemas/exams';
import { call } from '../../api/client';
import { unwrap } from '../../hooks/fetcher';

export const getExamCategories = () => call<{ list: ExamCategory[] }>('student/examcate', { query: { page: 0, num: 10 } });
export const getExamList = (catid: string, page = 1) => call<{ total: number; list: ExamItem[] }>('examlist', { query: { catid, page, num: 50 } });
export const getMySittings = (page = 1) => call<{ total: number; list: MySitting[] }>('stu/exams', { query: { page, num: 50 } });
export const getExamToken = (query: { examId?: string; coid?: string; cid?: string; returnURL?: string; from?: string }) =>
  call<{ loginKey: string; token: string; exid: string; url: string }>('getExamToken', { query });
export const startExam = (body: { examId?: string; exid?: string; token?: string }) => call<Sitting>('exam/start', { body });
export const readSitting = (sittingId: string) => call<Sitting>('exam/sitting', { query: { sittingId } });
export const saveExamAnswer = (body: { sittingId: string; qid: string; answer: string }) => call<{ qid: string; savedAt: number }>('exam/answer', { body });
export const submitExam = (sittingId: string) => call<Sitting>('exam/submit', { body: { sittingId } });
export const getChapterExams = (coid: string) => call<{ list: ExamItem[] }>('learn/getyksExamlist', { query: { coid } });

const OPTIONS = { revalidateOnFocus: true, shouldRetryOnError: false } as const;

export function useExamCategories(enabled: boolean) {
  return useSWR(enabled ? 'student/examcate' : null, () => unwrap(getExamCategories()), OPTIONS);
}

export function useExamList(catid: string, enabled: boolean) {
  return useSWR(enabled ? ['examlist', catid] : null, ([, id]) => unwrap(getExamList(id)), OPTIONS);
}

export function useMySittings(enabled: boolean) {
  return useSWR(enabled ? 'stu/exams' : null, () => unwrap(getMySittings()), OPTIONS);
}

export function useChapterExams(coid: string, enabled: boolean) {
  return useSWR(enabled && coid ? ['learn/getyksExamlist', coid] : null, ([, id]) => unwrap(getChapterExams(id)), OPTIONS);
}

/** The sitting page's hash path for an exam, with the exam URL's parameters (spec 7). */
export const sittingPath = (examId: string, params?: URLSearchParams) => `/exam/${examId}${params ? `?${params.toString()}` : ''}`;

/** Opens an exam: asks getExamToken for the sealed URL and goes there (in this tab). */
export async function openExam(query: { examId?: string; coid?: string; cid?: string; returnURL?: string; from?: string }): Promise<string | null> {
  const reply = await getExamToken(query);
  if (reply.status !== 'ok') return reply.error;
  window.location.assign(reply.data.url);
  return null;
}
