/**
 * Chinese messages of the student's course lists (spec 2 mycourse, mycourse_m, almostexpire, the dashboard's
 * controller/course); merged into the one catalogue by shared/i18n/index.ts. The badges, 'Remaining validity:
 * {timeTips}' and 'Learning progress: {process}%' are the learning rules' (learnRules.*, spec 9).
 */
export const messages = {
  'myCourses.title': '我的课程',
  'myCourses.filter': '课程筛选',
  'myCourses.filter.all': '全部',
  'myCourses.filter.learning': '学习中',
  'myCourses.filter.expired': '已过期',
  'myCourses.empty': '还没有课程',
  'myCourses.emptyFiltered': '没有符合条件的课程',
  'myCourses.browse': '去选课',
  'myCourses.continue': '继续学习',
  'myCourses.start': '开始学习',
  'myCourses.view': '查看课程',
  'myCourses.lastStudied': '上次学到：{title}',
  'myCourses.unavailable': '课程已不可学习',
  'myCourses.loadMore': '加载更多',
  'myCourses.loadingMore': '加载中…',
  'myCourses.noMore': '没有更多了',
  'myCourses.count': '共 {n} 门课程',
  'myCourses.loadError': '课程加载失败',
  'myCourses.retry': '重试',
  'myCourses.personalEntries': '我的学习',
  'almostExpire.back': '返回个人中心',
  'almostExpire.empty': '暂无即将过期的课程',
  'almostExpire.hint': '有效期剩余 10 天以内的课程',
};
