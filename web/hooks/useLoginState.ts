import useSWR from 'swr';
import type { LoginState } from '../../shared/schemas/auth';
import { useBootstrap } from '../bootstrap';
import { fetchData } from './fetcher';

/** GET checkLogin, starting from what the page bootstrap already says. */
export function useLoginState() {
  const boot = useBootstrap();
  const fallbackData: LoginState = { login: boot.role !== 'guest', role: boot.role, userData: boot.userData, adminType: boot.adminType };
  return useSWR<LoginState>('checkLogin', fetchData, { fallbackData, revalidateOnFocus: false });
}
