/** Chinese (zh-CN) messages of admin-admins (filled by its area). */
export const messages = {
  'admin.menu.admins': '子管理员',
  'admin.menu.adminGroups': '管理员分组',
} as const;
