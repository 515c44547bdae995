/** Chinese messages of the back office's chapter exercises (loaded with the back office's chunk) (issue 6). */
export const messages = {
  'admin.exercises.title': '章节练习',
};
