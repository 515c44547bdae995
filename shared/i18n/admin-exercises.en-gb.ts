import type { messages as zh } from './admin-exercises.zh-CN';

/** English (en-gb) messages of the back office's chapter exercises (loaded with the back office's chunk): the same keys as admin-exercises.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.exercises.title': 'Chapter exercises',
};
