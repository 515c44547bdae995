import type { messages as zh } from './admin-exercises.zh-CN';

/** English (en-gb) messages of the back office's chapter exercises (loaded with the back office's chunk): the same keys as admin-exercises.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.exercises.button': 'Exercises ({n})',
  'admin.exercises.add': 'Add exercises',
  'admin.exercises.dialogTitle': 'Exercises of {title}',
  'admin.exercises.setTitle': 'Exercise title',
  'admin.exercises.showAnswers': 'Show the answer after submitting',
  'admin.exercises.noneChosen': 'No questions chosen: saving leaves this chapter without exercises.',
  'admin.exercises.save': 'Save exercises',
  'admin.exercises.remove': 'Remove exercises',
  'admin.exercises.saved': 'Exercises saved',
  'admin.exercises.removed': 'Exercises removed',
  'admin.exercises.unknownQuestion': 'A question no longer exists or was deleted: please choose again',
};
