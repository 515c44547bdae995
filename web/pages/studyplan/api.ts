/** The student's study plan calls (spec 7 studyplan/stu/*) and their SWR hooks. */
import { useEffect } from 'react';
import useSWR from 'swr';
import type { StudentPlanDetail, StudentPlan } from '../../../shared/schemas/plans';
import { call } from '../../api/client';
import { ApiError } from '../../hooks/fetcher';

export const getMyPlans = () => call<{ list: StudentPlan[] }>('studyplan/stu/list');
export const getMyPlan = (coid: string) => call<StudentPlanDetail>('studyplan/stu/detail', { query: { coid } });

const OPTIONS = { revalidateOnFocus: true, shouldRetryOnError: false } as const;

async function data<T>(promise: Promise<Awaited<ReturnType<typeof call<T>>>>): Promise<T> {
  const reply = await promise;
  if (reply.status !== 'ok') throw new ApiError(reply);
  return reply.data;
}

/** Spec 8: "Error 'no login' on many admin and study plan calls reloads the page" (the page then asks to sign in). */
function useReloadOnNoLogin(error: unknown): boolean {
  const gone = error instanceof ApiError && (error.reply.error === 'no login' || error.reply.error === 'invalid sid');
  useEffect(() => {
    if (gone) window.location.reload();
  }, [gone]);
  return gone;
}

export function useMyPlans(enabled: boolean) {
  const swr = useSWR(enabled ? 'studyplan/stu/list' : null, () => data(getMyPlans()), OPTIONS);
  return { ...swr, leaving: useReloadOnNoLogin(swr.error) };
}

export function useMyPlan(coid: string, enabled: boolean) {
  const swr = useSWR(enabled && coid ? ['studyplan/stu/detail', coid] : null, ([, id]) => data(getMyPlan(id)), OPTIONS);
  const notFound = swr.error instanceof ApiError && swr.error.reply.error === 'not found';
  return { ...swr, notFound, leaving: useReloadOnNoLogin(swr.error) };
}

/** The hash route of a plan's detail page. */
export const studyDetailPath = (coid: string) => `/study/detail/${encodeURIComponent(coid)}`;
