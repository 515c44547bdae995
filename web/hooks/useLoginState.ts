import { authCalls } from '../../shared/calls/auth';
import type { LoginState } from '../../shared/schemas/auth';
import { useBootstrap } from '../bootstrap';
import { useCall } from './useCall';

/** GET checkLogin (SWR key 'checkLogin'), starting from what the page bootstrap already says. */
export function useLoginState() {
  const boot = useBootstrap();
  const fallbackData: LoginState = {
    login: boot.role !== 'guest',
    role: boot.role,
    userData: boot.userData,
    adminType: boot.adminType,
  };
  return useCall(authCalls.loginState, {}, { fallbackData, revalidateOnFocus: false });
}
