/** Chinese messages of the back office's question bank (loaded with the back office's chunk) (issue 6). */
export const messages = {
  'admin.menu.questions': '题库',
};
