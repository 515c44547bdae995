/**
 * The built-in wording of notices by e-mail and SMS (issue 16 'inform'), per event: e-mail subject and body, SMS
 * text. The server fills {school}, {name} (the student), {link} (where to act) and the event's own values
 * ({title} ...); a school may write its own (inform/templates).
 */
export const messages = {
  'inform.course.granted.email.subject': '【{school}】您已可以学习《{title}》',
  'inform.course.granted.email.body':
    '{name}，您好：\n\n您已获得课程《{title}》的学习权限。\n\n去学习：{link}\n\n{school}',
  'inform.course.granted.sms.body': '【{school}】{name}，您已可以学习《{title}》。',
  'inform.course.expiring.email.subject': '【{school}】《{title}》即将到期',
  'inform.course.expiring.email.body':
    '{name}，您好：\n\n您学习《{title}》的权限即将到期，请尽快完成学习。\n\n去学习：{link}\n\n{school}',
  'inform.course.expiring.sms.body': '【{school}】{name}，您学习《{title}》的权限即将到期。',
  'inform.member.expiring.email.subject': '【{school}】会员「{title}」即将到期',
  'inform.member.expiring.email.body':
    '{name}，您好：\n\n您的会员「{title}」即将到期，到期后其中的课程将无法继续学习。\n\n查看：{link}\n\n{school}',
  'inform.member.expiring.sms.body': '【{school}】{name}，您的会员「{title}」即将到期。',
  'inform.exam.published.email.subject': '【{school}】新考试：{title}',
  'inform.exam.published.email.body': '{name}，您好：\n\n考试《{title}》已发布。\n\n去考试：{link}\n\n{school}',
  'inform.exam.published.sms.body': '【{school}】{name}，考试《{title}》已发布。',
  'inform.exam.marked.email.subject': '【{school}】考试《{title}》已阅卷',
  'inform.exam.marked.email.body':
    '{name}，您好：\n\n您参加的考试《{title}》已阅卷，可以查看成绩了。\n\n查看：{link}\n\n{school}',
  'inform.exam.marked.sms.body': '【{school}】{name}，考试《{title}》已阅卷，可以查看成绩了。',
  'inform.plan.assigned.email.subject': '【{school}】新的学习计划：{title}',
  'inform.plan.assigned.email.body': '{name}，您好：\n\n您有一个新的学习计划《{title}》。\n\n查看：{link}\n\n{school}',
  'inform.plan.assigned.sms.body': '【{school}】{name}，您有新的学习计划《{title}》。',
  'inform.review.decided.email.subject': '【{school}】审核结果：{title}',
  'inform.review.decided.email.body': '{name}，您好：\n\n您提交的《{title}》已审核完毕。\n\n查看：{link}\n\n{school}',
  'inform.review.decided.sms.body': '【{school}】{name}，您提交的《{title}》已审核完毕。',
  'inform.question.answered.email.subject': '【{school}】您的提问有了回答',
  'inform.question.answered.email.body':
    '{name}，您好：\n\n您在《{title}》中的提问有了新的回答。\n\n查看：{link}\n\n{school}',
  'inform.question.answered.sms.body': '【{school}】{name}，您在《{title}》中的提问有了新的回答。',
  'inform.comment.replied.email.subject': '【{school}】您的评论有了回复',
  'inform.comment.replied.email.body':
    '{name}，您好：\n\n您在《{title}》中的评论有了新的回复。\n\n查看：{link}\n\n{school}',
  'inform.comment.replied.sms.body': '【{school}】{name}，您在《{title}》中的评论有了新的回复。',
  'inform.message.received.email.subject': '【{school}】您收到一条私信',
  'inform.message.received.email.body': '{name}，您好：\n\n您收到一条新的私信。\n\n查看：{link}\n\n{school}',
  'inform.message.received.sms.body': '【{school}】{name}，您收到一条新的私信。',
  'inform.announcement.published.email.subject': '【{school}】公告：{title}',
  'inform.announcement.published.email.body':
    '{name}，您好：\n\n{school}发布了公告《{title}》。\n\n查看：{link}\n\n{school}',
  'inform.announcement.published.sms.body': '【{school}】新公告：{title}',
  'inform.test.email.subject': '【{school}】测试邮件',
  'inform.test.email.body': '这是一封来自{school}的测试邮件：邮件通知的设置可以使用。',
  'inform.test.sms.body': '【{school}】测试短信：短信通知的设置可以使用。',
};
