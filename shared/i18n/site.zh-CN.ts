/**
 * The student site's messages in Chinese: the core and every area the student pages use (the back office's
 * areas arrive with its chunk through addMessages). The web app loads one language's file (web/i18n/load.ts).
 */
import { zhCN as core } from './zh-CN';
import { messages as catalogue } from './catalogue.zh-CN';
import { messages as learn } from './learn.zh-CN';
import { messages as comments } from './comments.zh-CN';
import { messages as learningRules } from './learning-rules.zh-CN';
import { messages as myCourses } from './mycourses.zh-CN';
import { messages as feedback } from './feedback.zh-CN';
import { messages as plans } from './plans.zh-CN';
import { messages as quiz } from './quiz.zh-CN';
import { messages as exams } from './exams.zh-CN';
import { messages as account } from './account.zh-CN';
import { messages as members } from './members.zh-CN';
import { messages as redeem } from './redeem.zh-CN';
import { messages as points } from './points.zh-CN';
import { messages as orders } from './orders.zh-CN';
import { messages as privateMessages } from './messages.zh-CN';
// Issue 16: chapter Q&A and notes.
import { messages as qa } from './qa.zh-CN';
// Issue 16: system notices and announcements.
import { messages as notices } from './notices.zh-CN';
// Issue 17: the live page.
import { messages as live } from './live.zh-CN';
// Issue 18: the control centre and rank.
import { messages as dashboard } from './dashboard.zh-CN';
// Issue 19: phone binding and the messaging-app bind flow.
import { messages as bind } from './bind.zh-CN';

export const messages = {
  ...core,
  ...catalogue,
  ...learn,
  ...comments,
  ...learningRules,
  ...myCourses,
  ...feedback,
  ...plans,
  ...quiz,
  ...exams,
  ...account,
  ...members,
  ...redeem,
  ...points,
  ...orders,
  ...privateMessages,
  ...qa,
  ...notices,
  ...live,
  ...dashboard,
  ...bind,
};
