import type { messages as zh } from './quiz.zh-CN';

/** English (en-gb) messages of the quiz dialog of chapter exercises (merged by shared/i18n/index.ts): the same keys as quiz.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'quiz.title': 'Exercises',
};
