import type { messages as zh } from './exams.zh-CN';

/** English (en-gb) messages of the student's exams: exam list, sitting, results, dashboard papers and records (merged by shared/i18n/index.ts): the same keys as exams.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'exams.title': 'Exams',
};
