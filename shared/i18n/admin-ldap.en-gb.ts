import type { messages as zh } from './admin-ldap.zh-CN';

/** English (en-gb) messages of admin-ldap: the same keys as admin-ldap.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.ldap': 'LDAP directory',
};
