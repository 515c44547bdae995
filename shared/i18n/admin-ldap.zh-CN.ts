/** Chinese (zh-CN) messages of admin-ldap (filled by its area). */
export const messages = {
  'admin.menu.ldap': 'LDAP 目录',
} as const;
