import type { messages as zh } from './points.zh-CN';

/** English messages of the student's points (same keys as points.zh-CN.ts). */
export const messages: Record<keyof typeof zh, string> = {
  'points.title': 'My points',
  'points.total': 'Points',
  'points.week': 'Earned this week',
  'points.ledger': 'Points history',
  'points.empty': 'No points yet: studying your courses earns them',
  'points.loadError': 'Your points could not be loaded',
  'points.retry': 'Try again',
  'points.prev': 'Previous',
  'points.next': 'Next',
  'points.pageOf': 'Page {page} of {pages}',
  'points.reason.studyTime': 'Studied {minutes, plural, one {# minute} other {# minutes}}',
  'points.reason.chapterDone': 'Completed the chapter {title}',
  'points.reason.courseDone': 'Completed the course {title}',
  'points.reason.examPassed': 'Passed the exam {title}',
  'points.reason.dailyFirst': "The day's first study",
  'points.reason.clear': 'Points cleared',
  'points.reason.adjust': 'Points adjusted',
  'points.removed': '(removed)',
  'points.credits.total': 'Study credits',
  'points.credits.courses': 'Courses that gave credits',
  'points.credits.empty': 'No study credits yet: completing a course that carries credits earns them',
  'points.credits.value': '{credit, plural, one {# credit} other {# credits}}',
  'points.credits.completedOn': 'Completed {date}',
  'points.credits.loadError': 'Your study credits could not be loaded',
};
