/**
 * The message catalogue with both languages, as the server uses it. The web app imports the same functions
 * from core.ts (scripts/build.mjs resolves its imports of this file there) and loads one language only.
 */
import { addCatalogue } from './core';
import { messages as siteZh } from './site.zh-CN';
import { messages as siteEn } from './site.en-gb';
import { zhCN as coreZh } from './zh-CN';
import { enGb as coreEn } from './en-gb';
import { messages as catalogueZh } from './catalogue.zh-CN';
import { messages as catalogueEn } from './catalogue.en-gb';
import { messages as learnZh } from './learn.zh-CN';
import { messages as learnEn } from './learn.en-gb';
import { messages as commentsZh } from './comments.zh-CN';
import { messages as commentsEn } from './comments.en-gb';
import { messages as learningRulesZh } from './learning-rules.zh-CN';
import { messages as learningRulesEn } from './learning-rules.en-gb';
import { messages as myCoursesZh } from './mycourses.zh-CN';
import { messages as myCoursesEn } from './mycourses.en-gb';
import { messages as plansZh } from './plans.zh-CN';
import { messages as plansEn } from './plans.en-gb';
import { messages as feedbackZh } from './feedback.zh-CN';
import { messages as feedbackEn } from './feedback.en-gb';
import { messages as quizZh } from './quiz.zh-CN';
import { messages as quizEn } from './quiz.en-gb';
import { messages as examsZh } from './exams.zh-CN';
import { messages as examsEn } from './exams.en-gb';
import { messages as accountZh } from './account.zh-CN';
import { messages as accountEn } from './account.en-gb';
import { messages as membersZh } from './members.zh-CN';
import { messages as membersEn } from './members.en-gb';
import { messages as redeemZh } from './redeem.zh-CN';
import { messages as redeemEn } from './redeem.en-gb';
import { messages as pointsZh } from './points.zh-CN';
import { messages as pointsEn } from './points.en-gb';
import { messages as ordersZh } from './orders.zh-CN';
import { messages as ordersEn } from './orders.en-gb';
import { messages as privateMessagesZh } from './messages.zh-CN';
import { messages as privateMessagesEn } from './messages.en-gb';
// Issue 16: chapter Q&A and notes.
import { messages as qaZh } from './qa.zh-CN';
import { messages as qaEn } from './qa.en-gb';
// Issue 16: system notices and announcements.
import { messages as noticesZh } from './notices.zh-CN';
import { messages as noticesEn } from './notices.en-gb';
// Issue 17: the live page.
import { messages as liveZh } from './live.zh-CN';
import { messages as liveEn } from './live.en-gb';
// Issue 18: the control centre and rank.
import { messages as dashboardZh } from './dashboard.zh-CN';
import { messages as dashboardEn } from './dashboard.en-gb';
// Issue 19: phone binding and the messaging-app bind flow.
import { messages as bindZh } from './bind.zh-CN';
import { messages as bindEn } from './bind.en-gb';

export {
  addCatalogue,
  addMessages,
  catalogues,
  fillMessage,
  type MessageKey,
  type Messages,
  pickLocale,
  translate,
} from './core';

// Areas keep their own message files (so several people can add keys at once). The student site's areas are
// merged in site.<locale>.ts; the back office's arrive with its lazy chunk through addMessages, so students
// never download them. Their keys are part of MessageKey all the same.
addCatalogue('zh-CN', siteZh);
addCatalogue('en-gb', siteEn);

/** Every message file pair, for checks that both languages have the same keys. */
export const messageAreas = {
  core: [coreZh, coreEn],
  catalogue: [catalogueZh, catalogueEn],
  learn: [learnZh, learnEn],
  comments: [commentsZh, commentsEn],
  learningRules: [learningRulesZh, learningRulesEn],
  myCourses: [myCoursesZh, myCoursesEn],
  feedback: [feedbackZh, feedbackEn],
  plans: [plansZh, plansEn],
  quiz: [quizZh, quizEn],
  exams: [examsZh, examsEn],
  account: [accountZh, accountEn],
  members: [membersZh, membersEn],
  redeem: [redeemZh, redeemEn],
  points: [pointsZh, pointsEn],
  orders: [ordersZh, ordersEn],
  privateMessages: [privateMessagesZh, privateMessagesEn],
  qa: [qaZh, qaEn],
  notices: [noticesZh, noticesEn],
  live: [liveZh, liveEn],
  dashboard: [dashboardZh, dashboardEn],
  bind: [bindZh, bindEn],
} as const;
