import type { MessageKey } from '../../../../shared/i18n';
import { LDAP_ERRORS } from '../../../../shared/schemas/ldap';

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
