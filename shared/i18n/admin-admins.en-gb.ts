import type { messages as zh } from './admin-admins.zh-CN';

/** English (en-gb) messages of admin-admins: the same keys as admin-admins.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.admins': 'Sub-admins',
  'admin.menu.adminGroups': 'Admin groups',
};
