import type { messages as zh } from './admin-questions.zh-CN';

/** English (en-gb) messages of the back office's question bank (loaded with the back office's chunk): the same keys as admin-questions.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.questions': 'Question bank',
};
