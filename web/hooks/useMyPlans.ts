/** The student's study plans (shared/calls/plans.ts studyplan/stu/*) through SWR. */
import { useEffect } from 'react';
import { planCalls } from '../../shared/calls/plans';
import { ERRORS } from '../../shared/envelope';
import { ApiError, isNoLogin } from './fetcher';
import { useCall } from './useCall';

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
  const swr = useCall(planCalls.mine, enabled ? {} : null, OPTIONS);
  return { ...swr, leaving: useReloadOnNoLogin(swr.error) };
}

export function useMyPlan(coid: string, enabled: boolean) {
  const swr = useCall(planCalls.myDetail, enabled && coid ? { query: { coid } } : null, OPTIONS);
  const notFound = swr.error instanceof ApiError && swr.error.reply.error === ERRORS.notFound;
  return { ...swr, notFound, leaving: useReloadOnNoLogin(swr.error) };
}
