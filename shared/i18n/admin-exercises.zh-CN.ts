/** Chinese messages of the back office's chapter exercises (loaded with the back office's chunk). */
export const messages = {
  'admin.exercises.button': '练习（{n}）',
  'admin.exercises.add': '添加练习',
  'admin.exercises.dialogTitle': '章节练习：{title}',
  'admin.exercises.setTitle': '练习标题',
  'admin.exercises.showAnswers': '提交后显示答案',
  'admin.exercises.noneChosen': '尚未选择题目：保存后本章节将没有练习。',
  'admin.exercises.save': '保存练习',
  'admin.exercises.remove': '移除练习',
  'admin.exercises.saved': '练习已保存',
  'admin.exercises.removed': '练习已移除',
  'admin.exercises.unknownQuestion': '有题目不存在或已删除，请重新选择',
};
