import useSWR from 'swr';
import type { AdminProfile } from '../../shared/schemas/admins';
import { fetchData } from './fetcher';

/** GET admins/me: the signed-in administrator with permissions and school (only fetched when enabled). */
export function useAdminProfile(enabled = true) {
  return useSWR<AdminProfile>(enabled ? 'admins/me' : null, fetchData, { revalidateOnFocus: false, shouldRetryOnError: false });
}
