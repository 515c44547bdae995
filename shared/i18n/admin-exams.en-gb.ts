import type { messages as zh } from './admin-exams.zh-CN';

/** English (en-gb) messages of the back office's exams: papers, exams, categories, results and marking (loaded with the back office's chunk): the same keys as admin-exams.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.exams': 'Exams',
  'admin.menu.papers': 'Papers',
  'admin.menu.examCategories': 'Exam categories',
  'admin.menu.marking': 'Marking',
};
