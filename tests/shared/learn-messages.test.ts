import { describe, expect, it } from 'vitest';
import { learnRuleKey, learnRuleText, reminderText, stageWindowText } from '../../shared/rules/learn-messages';
import { translate } from '../../shared/i18n';

const at = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();

// Spec 8: "Messages by key: ... couseOrderTip, orderTip, orderTip2, ... lastSection".
describe('the words of the learning rules, in both locales', () => {
  it.each([
    'orderTip',
    'couseOrderTip',
    'orderTip2',
    'lastSection',
    'stageNotOpen',
    'stageClosed',
    'stageExam',
    'stageReview',
    'thanks',
  ] as const)('%s exists in zh-CN and en-gb and differs between them', (key) => {
    const zh = learnRuleText(key, 'zh-CN');
    const en = learnRuleText(key, 'en-gb');
    expect(zh).not.toBe(learnRuleKey(key));
    expect(en).not.toBe(learnRuleKey(key));
    expect(zh).not.toBe(en);
  });

  it('spec 4: "the next subsection is not open yet"', () => {
    expect(learnRuleText('stageNotOpen', 'en-gb')).toBe('The next subsection is not open yet.');
  });

  it('the opening window (spec 4: the dialog shows the opening window)', () => {
    expect(stageWindowText({ start: at(2026, 10, 2), end: at(2026, 10, 5, 23) }, 'zh-CN')).toBe(
      '开放时间：2026-10-02 至 2026-10-05',
    );
    expect(stageWindowText({ start: at(2026, 10, 2), end: at(2026, 10, 5, 23) }, 'en-gb')).toBe(
      'Open from 02-10-2026 to 05-10-2026',
    );
    expect(stageWindowText({ start: at(2026, 10, 2), end: null }, 'en-gb')).toBe('Opens on 02-10-2026');
    expect(translate('en-gb', 'learnRules.returnToPlan')).toBe('Return to plan');
    expect(translate('en-gb', 'learnRules.confirm')).toBe('Confirm');
  });

  it('reminders', () => {
    expect(reminderText({ kind: 'leave', minutes: 5 }, 'zh-CN')).toBe('您已经5分钟没有操作，学习已暂停');
    expect(reminderText({ kind: 'switch' }, 'en-gb')).toBe('You left the study page: studying is paused.');
  });
});
