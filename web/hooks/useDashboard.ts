/** The student's control centre and rank (shared/calls/dashboard.ts) through SWR. */
import { dashboardCalls } from '../../shared/calls/dashboard';
import type { RankQuery } from '../../shared/schemas/dashboard';
import { useBootstrap } from '../bootstrap';
import { useCall } from './useCall';

/** The control centre; asked only for a signed-in student (the dashboard's sidebar reads its ranking switch too). */
export function useControlCentre() {
  const boot = useBootstrap();
  return useCall(dashboardCalls.controlCentre, boot.role === 'student' ? {} : null, { revalidateOnFocus: true });
}

/** One period, measure and scope of the rank (404 'ranking is turned off' when the school turned it off). */
export function useRank(query: RankQuery, enabled: boolean) {
  return useCall(dashboardCalls.rank, enabled ? { query } : null, { shouldRetryOnError: false });
}
