/** The student's study plan calls (spec 7 studyplan/stu/*) and their SWR hooks. */
import { useEffect } from 'react';
import useSWR from 'swr';
import { ERRORS } from '../../../shared/envelope';
import type { StudentPlanDetail, StudentPlan } from '../../../shared/schemas/plans';
import { call } from '../../api/client';
import { ApiError, isNoLogin } from '../../hooks/fetcher';
import { unwrap } from '../../hooks/fetcher';

export const getMyPlans = () => call<{ list: StudentPlan[] }>('studyplan/stu/list');
export const getMyPlan = (coid: string) => call<StudentPlanDetail>('studyplan/stu/detail', { query: { coid } });

const OPTIONS = { revalidateOnFocus: true, shouldRetryOnError: false } as const;

/** Spec 8: "Error 'no login' on many admin and study plan calls reloads the page" (the page then asks to sign in). */
function useReloadOnNoLogin(error: unknown): boolean {
  const gone = isNoLogin(error);
  useEffect(() => {
    if (gone) window.location.reload();
  }, [gone]);
  return gone;
}

export function useMyPlans(enabled: boolean) {
  const swr = useSWR(enabled ? 'studyplan/stu/list' : null, () => unwrap(getMyPlans()), OPTIONS);
  return { ...swr, leaving: useReloadOnNoLogin(swr.error) };
}

export function useMyPlan(coid: string, enabled: boolean) {
  const swr = useSWR(enabled && coid ? ['studyplan/stu/detail', coid] : null, ([, id]) => unwrap(getMyPlan(id)), OPTIONS);
  const notFound = swr.error instanceof ApiError && swr.error.reply.error === ERRORS.notFound;
  return { ...swr, notFound, leaving: useReloadOnNoLogin(swr.error) };
}
