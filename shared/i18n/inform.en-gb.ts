import type { messages as zh } from './inform.zh-CN';

/** The built-in wording of notices by e-mail and SMS in English (see inform.zh-CN.ts). */
export const messages: Record<keyof typeof zh, string> = {
  'inform.course.granted.email.subject': '[{school}] You can now study {title}',
  'inform.course.granted.email.body':
    'Dear {name},\n\nYou can now study the course "{title}".\n\nStart: {link}\n\n{school}',
  'inform.course.granted.sms.body': '[{school}] {name}, you can now study "{title}".',
  'inform.course.expiring.email.subject': '[{school}] {title} expires soon',
  'inform.course.expiring.email.body':
    'Dear {name},\n\nYour access to "{title}" expires soon: finish it while you can.\n\nContinue: {link}\n\n{school}',
  'inform.course.expiring.sms.body': '[{school}] {name}, your access to "{title}" expires soon.',
  'inform.member.expiring.email.subject': '[{school}] Your membership {title} ends soon',
  'inform.member.expiring.email.body':
    'Dear {name},\n\nYour membership "{title}" ends soon; its courses close with it.\n\nSee it: {link}\n\n{school}',
  'inform.member.expiring.sms.body': '[{school}] {name}, your membership "{title}" ends soon.',
  'inform.exam.published.email.subject': '[{school}] New exam: {title}',
  'inform.exam.published.email.body':
    'Dear {name},\n\nThe exam "{title}" has been published.\n\nOpen it: {link}\n\n{school}',
  'inform.exam.published.sms.body': '[{school}] {name}, the exam "{title}" has been published.',
  'inform.exam.marked.email.subject': '[{school}] {title} has been marked',
  'inform.exam.marked.email.body':
    'Dear {name},\n\nYour exam "{title}" has been marked: your result is ready.\n\nSee it: {link}\n\n{school}',
  'inform.exam.marked.sms.body': '[{school}] {name}, your exam "{title}" has been marked.',
  'inform.plan.assigned.email.subject': '[{school}] New study plan: {title}',
  'inform.plan.assigned.email.body':
    'Dear {name},\n\nYou have a new study plan, "{title}".\n\nSee it: {link}\n\n{school}',
  'inform.plan.assigned.sms.body': '[{school}] {name}, you have a new study plan, "{title}".',
  'inform.review.decided.email.subject': '[{school}] Review decided: {title}',
  'inform.review.decided.email.body':
    'Dear {name},\n\nWhat you handed in for "{title}" has been reviewed.\n\nSee it: {link}\n\n{school}',
  'inform.review.decided.sms.body': '[{school}] {name}, "{title}" has been reviewed.',
  'inform.question.answered.email.subject': '[{school}] Your question has an answer',
  'inform.question.answered.email.body':
    'Dear {name},\n\nYour question in "{title}" has a new answer.\n\nSee it: {link}\n\n{school}',
  'inform.question.answered.sms.body': '[{school}] {name}, your question in "{title}" has a new answer.',
  'inform.comment.replied.email.subject': '[{school}] Your comment has a reply',
  'inform.comment.replied.email.body':
    'Dear {name},\n\nYour comment in "{title}" has a new reply.\n\nSee it: {link}\n\n{school}',
  'inform.comment.replied.sms.body': '[{school}] {name}, your comment in "{title}" has a new reply.',
  'inform.message.received.email.subject': '[{school}] You have a private message',
  'inform.message.received.email.body':
    'Dear {name},\n\nYou have a new private message.\n\nRead it: {link}\n\n{school}',
  'inform.message.received.sms.body': '[{school}] {name}, you have a new private message.',
  'inform.announcement.published.email.subject': '[{school}] Announcement: {title}',
  'inform.announcement.published.email.body':
    'Dear {name},\n\n{school} has published the announcement "{title}".\n\nRead it: {link}\n\n{school}',
  'inform.announcement.published.sms.body': '[{school}] New announcement: {title}',
  'inform.test.email.subject': '[{school}] Test e-mail',
  'inform.test.email.body': 'This is a test e-mail from {school}: the e-mail notice settings work.',
  'inform.test.sms.body': '[{school}] Test SMS: the SMS notice settings work.',
};
