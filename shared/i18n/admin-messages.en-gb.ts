import type { messages as zh } from './admin-messages.zh-CN';

/** English messages of the back office's private messages (same keys as admin-messages.zh-CN.ts). */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.messages': 'Student messages',
  'admin.messages.title': 'Student messages',
  'admin.messages.unreadBadge': '{n} unread',
  'admin.messages.newTo': 'Write to a student',
  'admin.messages.search': 'Search students (name or user name)',
  'admin.messages.setting': 'Allow students to write to each other',
  'admin.messages.settingHint':
    "When off, students write only to the staff (the main admin and sub-admins holding the 'student' permission)",
  'admin.messages.settingSaved': 'Setting saved',
};
