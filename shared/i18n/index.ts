import type { Locale } from '../constants';
import { formatPlurals } from './plural';
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
import type { messages as AdminPlansZh } from './admin-plans.zh-CN';
import type { messages as AdminCatalogueZh } from './admin-catalogue.zh-CN';
import type { messages as AdminResourcesZh } from './admin-resources.zh-CN';
import type { messages as AdminRecordsZh } from './admin-records.zh-CN';
import { messages as feedbackZh } from './feedback.zh-CN';
import { messages as feedbackEn } from './feedback.en-gb';
import type { messages as AdminFeedbackZh } from './admin-feedback.zh-CN';
import { messages as quizZh } from './quiz.zh-CN';
import { messages as quizEn } from './quiz.en-gb';
import { messages as examsZh } from './exams.zh-CN';
import { messages as examsEn } from './exams.en-gb';
import type { messages as AdminQuestionsZh } from './admin-questions.zh-CN';
import type { messages as AdminExamsZh } from './admin-exams.zh-CN';
import type { messages as AdminExercisesZh } from './admin-exercises.zh-CN';
import { messages as accountZh } from './account.zh-CN';
import { messages as accountEn } from './account.en-gb';
import type { messages as AdminPeopleZh } from './admin-people.zh-CN';
import type { messages as AdminImportZh } from './admin-import.zh-CN';
import type { messages as AdminAdminsZh } from './admin-admins.zh-CN';
import type { messages as AdminLdapZh } from './admin-ldap.zh-CN';
import type { messages as AdminLicenceZh } from './admin-licence.zh-CN';

// Areas keep their own message files (so several people can add keys at once). The student site's
// areas are merged here; the back office's arrive with its lazy chunk through addMessages, so students
// never download them. Their keys are part of MessageKey all the same.
const zhCN = {
  ...coreZh,
  ...catalogueZh,
  ...learnZh,
  ...commentsZh,
  ...learningRulesZh,
  ...myCoursesZh,
  ...feedbackZh,
  ...plansZh,
  ...quizZh,
  ...examsZh,
  ...accountZh,
};
const enGb = {
  ...coreEn,
  ...catalogueEn,
  ...learnEn,
  ...commentsEn,
  ...learningRulesEn,
  ...myCoursesEn,
  ...feedbackEn,
  ...plansEn,
  ...quizEn,
  ...examsEn,
  ...accountEn,
};

/** One message catalogue for server and web; zh-CN is the default and the source of keys. */
export type MessageKey =
  | keyof typeof zhCN
  | keyof typeof AdminCatalogueZh
  | keyof typeof AdminResourcesZh
  | keyof typeof AdminRecordsZh
  | keyof typeof AdminFeedbackZh
  | keyof typeof AdminPlansZh
  | keyof typeof AdminQuestionsZh
  | keyof typeof AdminExamsZh
  | keyof typeof AdminExercisesZh
  | keyof typeof AdminPeopleZh
  | keyof typeof AdminImportZh
  | keyof typeof AdminAdminsZh
  | keyof typeof AdminLdapZh
  | keyof typeof AdminLicenceZh;
export type Messages = Record<MessageKey, string>;

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
} as const;

export const catalogues: Record<Locale, Partial<Messages>> = { 'zh-CN': { ...zhCN }, 'en-gb': { ...enGb } };

/** Adds a lazily loaded area's messages (the back office calls this when its chunk loads). */
export function addMessages(zh: Partial<Messages>, en: Partial<Messages>): void {
  Object.assign(catalogues['zh-CN'], zh);
  Object.assign(catalogues['en-gb'], en);
}

/**
 * Fills a message's text: plural blocks take the form their number needs in this locale (plural.ts), then
 * {name} placeholders get the given values. For texts read from a message file directly (the server's files).
 */
export function fillMessage(locale: Locale, text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  const fill = (whole: string, name: string) => (name in vars ? String(vars[name]) : whole);
  return formatPlurals(locale, text, vars).replace(/\{(\w+)\}/g, fill);
}

/** Formats a message of the catalogue (the default locale's text when this one lacks it). */
export function translate(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  const found = catalogues[locale]?.[key];
  return fillMessage(found === undefined ? 'zh-CN' : locale, found ?? catalogues['zh-CN'][key] ?? key, vars);
}

/** Picks a supported locale from a user choice, falling back to the configured default. */
export function pickLocale(choice: string | undefined | null, fallback: Locale): Locale {
  if (!choice) return fallback;
  const lower = choice.toLowerCase();
  if (lower === 'zh-cn' || lower === 'zh') return 'zh-CN';
  if (lower === 'en-gb' || lower === 'en') return 'en-gb';
  return fallback;
}
