/** Chinese (zh-CN) messages of admin-licence (filled by its area). */
export const messages = {
  'admin.menu.licence': '授权与升级',
} as const;
