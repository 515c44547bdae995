import type { messages as zh } from './mycourses.zh-CN';

/** English messages of the student's course lists (same keys as mycourses.zh-CN.ts). */
export const messages: Record<keyof typeof zh, string> = {
  'myCourses.title': 'My courses',
  'myCourses.filter': 'Filter courses',
  'myCourses.filter.all': 'All',
  'myCourses.filter.learning': 'Studying',
  'myCourses.filter.expired': 'Expired',
  'myCourses.empty': 'You have no courses yet',
  'myCourses.emptyFiltered': 'No courses match',
  'myCourses.browse': 'Browse courses',
  'myCourses.continue': 'Continue',
  'myCourses.start': 'Start learning',
  'myCourses.view': 'View course',
  'myCourses.lastStudied': 'Last studied: {title}',
  'myCourses.unavailable': 'No longer available',
  'myCourses.loadMore': 'Load more',
  'myCourses.loadingMore': 'Loading…',
  'myCourses.noMore': 'That is all',
  'myCourses.count': '{n, plural, one {# course} other {# courses}}',
  'myCourses.loadError': 'Could not load your courses',
  'myCourses.retry': 'Try again',
  'myCourses.personalEntries': 'My learning',
  'almostExpire.back': 'Back to personal centre',
  'almostExpire.empty': 'No courses are about to expire',
  'almostExpire.hint': 'Courses with 10 days or less of validity left',
};
