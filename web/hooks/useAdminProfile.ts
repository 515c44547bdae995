import { adminCalls } from '../../shared/calls/admins';
import { useCall } from './useCall';

/** GET admins/me (SWR key 'admins/me'): the signed-in administrator with permissions and school (only fetched when enabled). */
export function useAdminProfile(enabled = true) {
  return useCall(adminCalls.me, enabled ? {} : null, { revalidateOnFocus: false, shouldRetryOnError: false });
}
