/**
 * The student site's messages in English (en-gb): the core and every area the student pages use (the back office's
 * areas arrive with its chunk through addMessages). The web app loads one language's file (web/i18n/load.ts).
 */
import { enGb as core } from './en-gb';
import { messages as catalogue } from './catalogue.en-gb';
import { messages as learn } from './learn.en-gb';
import { messages as comments } from './comments.en-gb';
import { messages as learningRules } from './learning-rules.en-gb';
import { messages as myCourses } from './mycourses.en-gb';
import { messages as feedback } from './feedback.en-gb';
import { messages as plans } from './plans.en-gb';
import { messages as quiz } from './quiz.en-gb';
import { messages as exams } from './exams.en-gb';
import { messages as account } from './account.en-gb';
import { messages as members } from './members.en-gb';
import { messages as redeem } from './redeem.en-gb';
import { messages as points } from './points.en-gb';
import { messages as orders } from './orders.en-gb';
import { messages as privateMessages } from './messages.en-gb';
// Issue 16: chapter Q&A and notes.
import { messages as qa } from './qa.en-gb';
// Issue 16: system notices and announcements.
import { messages as notices } from './notices.en-gb';
// Issue 17: the live page.
import { messages as live } from './live.en-gb';
// Issue 18: the control centre and rank.
import { messages as dashboard } from './dashboard.en-gb';
// Issue 19: phone binding and the messaging-app bind flow.
import { messages as bind } from './bind.en-gb';

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
