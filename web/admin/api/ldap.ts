import useSWR from 'swr';
import type { MessageKey } from '../../../shared/i18n';
import { LDAP_ERRORS, type LdapRun, type LdapSettings, type LdapSyncResult, type SaveLdapSettings } from '../../../shared/schemas/ldap';
import { call } from '../../api/client';
import { fetchData } from '../../hooks/fetcher';

export type { LdapRun, LdapSettings, LdapSyncResult, SaveLdapSettings };

/** SWR keys: the school's directory settings and its last runs. */
export const LDAP_SETTINGS_KEY = 'ldap/settings';
export const LDAP_RUNS_KEY = 'ldap/runs';

export const useLdapSettings = () => useSWR<LdapSettings>(LDAP_SETTINGS_KEY, fetchData, { revalidateOnFocus: false });
export const useLdapRuns = () => useSWR<{ list: LdapRun[] }>(LDAP_RUNS_KEY, fetchData);

export const saveLdapSettings = (body: SaveLdapSettings) => call<LdapSettings>('ldap/settings', { method: 'POST', body });
export const testLdap = (body: Partial<SaveLdapSettings>) => call<{ ok: boolean; message: string; sample: number }>('ldap/test', { method: 'POST', body });
export const syncLdap = (dryRun: boolean, confirm = false) => call<LdapSyncResult>('ldap/sync', { method: 'POST', body: { dryRun, confirm } });

/** Each directory reason (LDAP_ERRORS) in the admin's language. */
export const LDAP_ERROR_KEYS: Record<string, MessageKey> = {
  [LDAP_ERRORS.unreachable]: 'admin.ldap.error.unreachable',
  [LDAP_ERRORS.badBind]: 'admin.ldap.error.badBind',
  [LDAP_ERRORS.passwordAgain]: 'admin.ldap.error.passwordAgain',
  [LDAP_ERRORS.certificate]: 'admin.ldap.error.certificate',
  [LDAP_ERRORS.baseNotFound]: 'admin.ldap.error.baseNotFound',
  [LDAP_ERRORS.truncated]: 'admin.ldap.error.truncated',
  [LDAP_ERRORS.notConfigured]: 'admin.ldap.error.notConfigured',
  [LDAP_ERRORS.running]: 'admin.ldap.error.running',
  [LDAP_ERRORS.badSchedule]: 'admin.ldap.error.badSchedule',
  [LDAP_ERRORS.badGroup]: 'admin.ldap.error.badGroup',
  [LDAP_ERRORS.badField]: 'admin.ldap.error.badField',
  [LDAP_ERRORS.badFilter]: 'admin.ldap.error.badFilter',
};
