/**
 * The words of the learning rules' results (spec 8 message keys couseOrderTip, orderTip, orderTip2,
 * lastSection; spec 4 'Staged plan' dialog, 'Next chapter flow', 'Idle handling'), in both locales through
 * shared/i18n (area learning-rules).
 */
import type { Locale } from '../constants';
import { translate, type MessageKey } from '../i18n';
import { DATE_PATTERNS, formatDate } from './dates';
import type { Reminder } from './activity';
import type { StageWindow } from './staged-plan';

/** The message keys the rules return (spec 8 keys, and the plan and flow messages). */
export type LearnRuleMessage =
  | 'orderTip'
  | 'couseOrderTip'
  | 'orderTip2'
  | 'lastSection'
  | 'stageNotOpen'
  | 'stageClosed'
  | 'stageExam'
  | 'stageReview'
  | 'thanks';

/** The catalogue key of a rule's message. */
export function learnRuleKey(message: LearnRuleMessage): MessageKey {
  return `learnRules.${message}`;
}

/** A rule's message in words. */
export function learnRuleText(message: LearnRuleMessage, locale: Locale): string {
  return translate(locale, learnRuleKey(message));
}

/** The opening window of a staged subsection for its dialog: 'Open from {start} to {end}' or 'Opens on {start}'. */
export function stageWindowText(window: Pick<StageWindow, 'start' | 'end'>, locale: Locale): string {
  const pattern = DATE_PATTERNS[locale].date;
  const start = formatDate(window.start, pattern);
  if (window.end === null) return translate(locale, 'learnRules.stageWindowFrom', { start });
  return translate(locale, 'learnRules.stageWindow', { start, end: formatDate(window.end, pattern) });
}

/** The text of a due reminder (spec 4 'Idle handling'). */
export function reminderText(reminder: Reminder, locale: Locale): string {
  if (reminder.kind === 'leave') return translate(locale, 'learnRules.leaveReminder', { minutes: reminder.minutes });
  return translate(locale, 'learnRules.switchReminder');
}
