import type { messages as zh } from './admin-people.zh-CN';

/** English (en-gb) messages of admin-people: the same keys as admin-people.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.students': 'Student list',
  'admin.menu.groups': 'Student groups',
  'admin.menu.studentFields': 'Student fields',
  'admin.menu.studentSettings': 'Student settings',
};
