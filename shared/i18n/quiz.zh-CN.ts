/** Chinese messages of the quiz dialog of chapter exercises (merged by shared/i18n/index.ts) (issue 6). */
export const messages = {
  'quiz.title': '练习',
};
