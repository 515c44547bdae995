import type { messages as zh } from './learning-rules.zh-CN';

/** English messages of the learning rules (same keys as learning-rules.zh-CN.ts). */
export const messages: Record<keyof typeof zh, string> = {
  'learnRules.orderTip':
    'Please follow the plan in order: this stage opens once every earlier stage is studied, passed and approved.',
  'learnRules.couseOrderTip': 'This course is studied in order: please finish the previous chapter first.',
  'learnRules.orderTip2': 'Please finish the exercises of the earlier chapters first.',
  'learnRules.lastSection': 'That was the last chapter: congratulations, you have completed the course!',
  'learnRules.stageNotOpen': 'The next subsection is not open yet.',
  'learnRules.stageClosed': 'This subsection is closed: its study window has ended.',
  'learnRules.stageWindow': 'Open from {start} to {end}',
  'learnRules.stageWindowFrom': 'Opens on {start}',
  'learnRules.confirm': 'Confirm',
  'learnRules.returnToPlan': 'Return to plan',
  'learnRules.stageExam': 'You have studied the whole stage: please take the stage exam.',
  'learnRules.stageReview': 'This stage is finished: you can ask for a review in the back office.',
  'learnRules.thanks': 'Thank you for your rating!',
  'learnRules.leaveReminder':
    'You have been inactive for {minutes, plural, one {# minute} other {# minutes}}: studying is paused.',
  'learnRules.switchReminder': 'You left the study page: studying is paused.',
  'learnRules.continueStudy': 'Continue studying',
  'learnRules.timeTips.day': '{n} day',
  'learnRules.timeTips.days': '{n} days',
  'learnRules.timeTips.hour': '{n} hour',
  'learnRules.timeTips.hours': '{n} hours',
  'learnRules.timeTips.minute': '{n} minute',
  'learnRules.timeTips.minutes': '{n} minutes',
  'learnRules.permanent': 'Permanent',
  'learnRules.badge.expired': 'Expired',
  'learnRules.badge.deleted': 'Deleted',
  'learnRules.badge.required': 'Required',
  'learnRules.remainingValidity': 'Remaining validity: {timeTips}',
  'learnRules.learningProgress': 'Learning progress: {process}%',
  'learnRules.almostExpire': 'Courses about to expire',
};
