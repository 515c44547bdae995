import useSWR from 'swr';
import type { RegStatus, UpgradeStatus } from '../../../shared/schemas/licence';
import { LICENCE_ERRORS } from '../../../shared/schemas/licence';
import type { MessageKey } from '../../../shared/i18n';
import { call } from '../../api/client';
import { fetchData } from '../../hooks/fetcher';

export type { RegStatus, UpgradeStatus };

/** SWR keys: the school's licence status (GET reg) and the install's upgrade status. */
export const REG_KEY = 'reg';
export const UPGRADE_KEY = 'lan/upgrade/status';

/** POST reg: registers a licence text; the reply is the new status. */
export const registerLicence = (licence: string) => call<RegStatus>('reg', { method: 'POST', body: { licence } });

/** The licence status, read once per session (the notice on every screen); registering replaces it through mutate. */
export function useRegStatus() {
  return useSWR<RegStatus>(REG_KEY, fetchData, { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false });
}

/** The message of each licence refusal the server gives (LICENCE_ERRORS), so the reason reads in the admin's language. */
export const LICENCE_ERROR_KEYS: Record<string, MessageKey> = {
  [LICENCE_ERRORS.badFormat]: 'admin.licence.error.badFormat',
  [LICENCE_ERRORS.badSignature]: 'admin.licence.error.badSignature',
  [LICENCE_ERRORS.noPublicKey]: 'admin.licence.error.noPublicKey',
  [LICENCE_ERRORS.wrongMachine]: 'admin.licence.error.wrongMachine',
  [LICENCE_ERRORS.otherSchool]: 'admin.licence.error.otherSchool',
  [LICENCE_ERRORS.alreadyExpired]: 'admin.licence.error.alreadyExpired',
};
