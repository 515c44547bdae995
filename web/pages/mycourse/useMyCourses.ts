import { useEffect } from 'react';
import useSWRInfinite from 'swr/infinite';
import { myCourseCalls } from '../../../shared/calls/mycourses';
import { recordsCalls } from '../../../shared/calls/records';
import { MY_COURSES_NUM_DEFAULT, type MyCourse, type MyCoursesType } from '../../../shared/schemas/mycourses';
import { request } from '../../api/client';
import { useBootstrap } from '../../bootstrap';
import { isNoLogin } from '../../hooks/fetcher';
import { unwrap } from '../../hooks/fetcher';
import { loginHref } from '../../urls';
import { useCall } from '../../hooks/useCall';

const OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

/** Goes to sign in (and back here after) when a list answers that nobody is signed in. */
export function useLoginOnNoLogin(error: unknown): boolean {
  const boot = useBootstrap();
  const gone = isNoLogin(error);
  useEffect(() => {
    if (gone) window.location.replace(loginHref(boot));
  }, [gone, boot]);
  return gone;
}

/** The student's courses, page after page ('load more'), of one filter. */
export function useMyCourses(type: MyCoursesType, enabled: boolean, num = MY_COURSES_NUM_DEFAULT) {
  const swr = useSWRInfinite(
    (index: number) => (enabled ? ([myCourseCalls.list.path, type, index + 1, num] as const) : null),
    ([, kind, page, size]) => unwrap(request(myCourseCalls.list, { query: { type: kind, page, num: size } })),
    { ...OPTIONS, revalidateFirstPage: false },
  );
  const pages = swr.data ?? [];
  const items: MyCourse[] = pages.flatMap((page) => page.courselist);
  const total = pages[0]?.total ?? 0;
  return {
    items,
    total,
    error: swr.error as unknown,
    loading: swr.isLoading,
    loadingMore: swr.isValidating && pages.length > 0 && swr.size > pages.length,
    hasMore: items.length < total,
    loadMore: () => void swr.setSize(swr.size + 1),
    retry: () => void swr.mutate(),
  };
}

/** The student's courses with 0 to 10 days of validity left (spec 4 'Almost-expiring'). */
export function useExceedingCourses(mid: string, enabled: boolean) {
  return useCall(recordsCalls.exceeding, enabled ? { query: { mid: mid || undefined } } : null, OPTIONS);
}
