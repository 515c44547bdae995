import type { messages as zh } from './members.zh-CN';

/** English messages of the student's membership pages (same keys as members.zh-CN.ts). */
export const messages: Record<keyof typeof zh, string> = {
  'members.myBook': 'My subscriptions',
  'members.myCollect': 'My bookmarks',
  'members.memberships': 'Memberships',
  'members.noMemberships': 'You have no membership yet',
  'members.until': 'Valid until {date}',
  'members.remaining': '{n, plural, one {# day left} other {# days left}}',
  'members.categoryCourses': 'Courses in “{title}”',
  'members.columns': 'Subscribed columns',
  'members.noColumns': 'You have not subscribed to any column yet',
  'members.openColumn': 'Open column',
  'members.courses': 'Bookmarked courses',
  'members.noCourses': 'You have not bookmarked any course yet',
  'members.collectedColumns': 'Bookmarked columns',
  'members.noCollectedColumns': 'You have not bookmarked any column yet',
  'members.remove': 'Remove bookmark',
  'members.removed': 'Bookmark removed',
  'members.removeFailed': 'That did not work, please try again',
  'members.openCourse': 'Open course',
  'members.plans': 'Membership plans',
  'members.planPrice': '¥{price} for {days, plural, one {# day} other {# days}}',
  'members.planCourses': '{n, plural, one {# course} other {# courses}}',
  'members.planHeld': 'Member until {date}',
  'members.loadError': 'Could not load',
  'members.retry': 'Retry',
};
