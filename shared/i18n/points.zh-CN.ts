/**
 * Chinese messages of the student's points (spec 2 mypoints_m and the dashboard's controller/credit); merged
 * into the student site's catalogue (site.zh-CN.ts). The back office's are admin-points.*.
 */
export const messages = {
  'points.title': '我的积分',
  'points.total': '当前积分',
  'points.week': '本周获得',
  'points.ledger': '积分明细',
  'points.empty': '还没有积分记录，学习课程即可获得积分',
  'points.loadError': '积分加载失败',
  'points.retry': '重试',
  'points.prev': '上一页',
  'points.next': '下一页',
  'points.pageOf': '第 {page} / {pages} 页',
  'points.reason.studyTime': '学习满 {minutes} 分钟',
  'points.reason.chapterDone': '完成章节：{title}',
  'points.reason.courseDone': '完成课程：{title}',
  'points.reason.examPassed': '通过考试：{title}',
  'points.reason.dailyFirst': '每日首次学习',
  'points.reason.clear': '积分清零',
  'points.reason.adjust': '积分调整',
  'points.removed': '（已删除）',
  // Study credits (学分, shared/rules/study-credits) beside the points on the same page.
  'points.credits.total': '已获学分',
  'points.credits.courses': '学分来源课程',
  'points.credits.empty': '还没有学分，完成设有学分的课程即可获得',
  'points.credits.value': '{credit} 学分',
  'points.credits.completedOn': '完成于 {date}',
  'points.credits.loadError': '学分加载失败',
};
