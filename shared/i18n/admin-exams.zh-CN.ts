/** Chinese messages of the back office's exams: papers, exams, categories, results and marking (loaded with the back office's chunk) (issue 6). */
export const messages = {
  'admin.menu.exams': '考试管理',
  'admin.menu.papers': '试卷',
  'admin.menu.examCategories': '考试分类',
  'admin.menu.marking': '阅卷',
};
