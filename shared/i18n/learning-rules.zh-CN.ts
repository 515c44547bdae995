/**
 * Chinese messages of the learning rules (shared/rules: study order, staged plans, next chapter flow, expiring
 * courses, idle reminders); merged into the one catalogue by shared/i18n/index.ts. Keys learnRules.<spec key>
 * carry the spec's message keys (spec 8: couseOrderTip, orderTip, orderTip2, lastSection).
 */
export const messages = {
  'learnRules.orderTip': '请按学习计划的顺序学习：前面的阶段全部学完、考试通过并审核通过后，才能学习本阶段',
  'learnRules.couseOrderTip': '本课程需按顺序学习，请先学完上一节',
  'learnRules.orderTip2': '请先完成前面章节的练习',
  'learnRules.lastSection': '已经是最后一节了，恭喜您学完本课程！',
  'learnRules.stageNotOpen': '下一小节尚未开放',
  'learnRules.stageClosed': '本小节的开放时间已过',
  'learnRules.stageWindow': '开放时间：{start} 至 {end}',
  'learnRules.stageWindowFrom': '开放时间：{start} 起',
  'learnRules.confirm': '确定',
  'learnRules.returnToPlan': '返回计划',
  'learnRules.stageExam': '本阶段已全部学完，请参加阶段考试',
  'learnRules.stageReview': '本阶段已学完，可以在后台申请审核',
  'learnRules.thanks': '感谢您的评价！',
  'learnRules.leaveReminder': '您已经{minutes}分钟没有操作，学习已暂停',
  'learnRules.switchReminder': '检测到您离开了学习页面，学习已暂停',
  'learnRules.continueStudy': '继续学习',
  'learnRules.timeTips.day': '{n}天',
  'learnRules.timeTips.days': '{n}天',
  'learnRules.timeTips.hour': '{n}小时',
  'learnRules.timeTips.hours': '{n}小时',
  'learnRules.timeTips.minute': '{n}分钟',
  'learnRules.timeTips.minutes': '{n}分钟',
  'learnRules.permanent': '永久有效',
  'learnRules.badge.expired': '已过期',
  'learnRules.badge.deleted': '已删除',
  'learnRules.badge.required': '必修',
  'learnRules.remainingValidity': '剩余有效期：{timeTips}',
  'learnRules.learningProgress': '学习进度：{process}%',
  'learnRules.almostExpire': '即将过期课程',
};
