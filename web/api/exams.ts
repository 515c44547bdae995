/** The student's exam call helpers (shared/calls/exams.ts). */
import { examCalls } from '../../shared/calls/exams';
import type { CallInput } from '../../shared/contract';
import { request } from './client';

/** SWR options of the student's exam lists: fresh when the tab comes back, a refusal not retried. */
export const EXAM_READS = { revalidateOnFocus: true, shouldRetryOnError: false } as const;

/** Opens an exam: asks getExamToken for the sealed URL and goes there (in this tab); the refusal's text or null. */
export async function openExam(query: CallInput<typeof examCalls.token>['query']): Promise<string | null> {
  const reply = await request(examCalls.token, { query });
  if (reply.status !== 'ok') return reply.error;
  window.location.assign(reply.data.url);
  return null;
}
