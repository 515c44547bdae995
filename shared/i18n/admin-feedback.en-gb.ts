import type { messages as zh } from './admin-feedback.zh-CN';

/** English (en-gb) messages of the signatures and ratings screens: the same keys as admin-feedback.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.feedback': 'Signatures & ratings',
  'admin.feedback.title': 'Signatures and ratings',
  'admin.feedback.course': 'Course',
  'admin.feedback.chooseCourse': 'Choose a course',
  'admin.feedback.pickCourse': "Choose a course to see its students' signatures and ratings.",
  'admin.feedback.tab.signatures': 'Signatures',
  'admin.feedback.tab.ratings': 'Ratings',
  'admin.feedback.student': 'Student',
  'admin.feedback.chapter': 'Chapter',
  'admin.feedback.wholeCourse': 'Whole course',
  'admin.feedback.time': 'Time',
  'admin.feedback.signature': 'Signature',
  'admin.feedback.signatureAlt': 'Signature of {name}',
  'admin.feedback.openImage': 'Open full size',
  'admin.feedback.noSignatures': 'No signatures yet',
  'admin.feedback.score': 'Score',
  'admin.feedback.content': 'Comment',
  'admin.feedback.allChapters': 'All chapters',
  'admin.feedback.average': 'Average {average} ({total, plural, one {# rating} other {# ratings}})',
  'admin.feedback.noAverage': 'No ratings yet',
  'admin.feedback.noRatings': 'No ratings yet',
  'admin.feedback.deleteRating': "Delete {name}'s rating? This cannot be undone.",
  'admin.feedback.deleted': 'Rating deleted',
  'admin.feedback.stars': '{n, plural, one {# star} other {# stars}}',
};
