import useSWR from 'swr';
import type { Ware } from '../../../shared/schemas/learning';
import { call } from '../../api/client';
import { unwrap } from '../../hooks/fetcher';

/** GET learn/ware/{coid}/{cid}: the chapter's ware for this viewer (signed file addresses, chapter list, neighbours). */
export const getWare = (coid: string, cid: string) => call<Ware>(`learn/ware/${encodeURIComponent(coid)}/${encodeURIComponent(cid)}`);

/**
 * The chapter's ware, fetched once per page: the signed addresses last MEDIA_URL_TTL (hours), so it is
 * not revalidated behind the learner's back (a new address would restart the player); a viewer that
 * fails asks again with mutate().
 */
export function useWare(coid: string, cid: string) {
  return useSWR(coid && cid ? ['learn/ware', coid, cid] : null, ([, course, chapter]) => unwrap(getWare(course, chapter)), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
