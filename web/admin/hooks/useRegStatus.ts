import { licenceCalls } from '../../../shared/calls/licence';
import { useCall } from '../../hooks/useCall';

/** The licence status, read once per session (the notice on every screen); registering replaces it through mutate. */
export function useRegStatus() {
  return useCall(
    licenceCalls.status,
    {},
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  );
}
