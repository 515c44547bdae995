import { describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/constants';
import { fillMessage, messageAreas, translate, type MessageKey } from '../../shared/i18n';
import { formatPlurals, pluralCategory } from '../../shared/i18n/plural';
import { messages as adminCatalogueEn } from '../../shared/i18n/admin-catalogue.en-gb';
import { messages as adminExamsEn } from '../../shared/i18n/admin-exams.en-gb';
import { messages as adminFeedbackEn } from '../../shared/i18n/admin-feedback.en-gb';
import { messages as adminImportEn } from '../../shared/i18n/admin-import.en-gb';
import { messages as adminLdapEn } from '../../shared/i18n/admin-ldap.en-gb';
import { messages as adminOidcEn } from '../../shared/i18n/admin-oidc.en-gb';
import { messages as adminYksEn } from '../../shared/i18n/admin-yks.en-gb';
import { messages as adminLicenceEn } from '../../shared/i18n/admin-licence.en-gb';
import { messages as adminPeopleEn } from '../../shared/i18n/admin-people.en-gb';
import { messages as adminPlansEn } from '../../shared/i18n/admin-plans.en-gb';
import { messages as adminPointsEn } from '../../shared/i18n/admin-points.en-gb';
import { messages as adminMembersEn } from '../../shared/i18n/admin-members.en-gb';
import { messages as adminOrdersEn } from '../../shared/i18n/admin-orders.en-gb';
import { messages as adminAnnouncementsEn } from '../../shared/i18n/admin-announcements.en-gb';
import { messages as adminLiveEn } from '../../shared/i18n/admin-live.en-gb';
import { messages as redeemAdminEn } from '../../shared/i18n/redeem-admin.en-gb';
import { messages as adminQuestionsEn } from '../../shared/i18n/admin-questions.en-gb';
import { messages as adminRecordsEn } from '../../shared/i18n/admin-records.en-gb';
import { messages as adminResourcesEn } from '../../shared/i18n/admin-resources.en-gb';
import { messages as adminResourcesZh } from '../../shared/i18n/admin-resources.zh-CN';
import { messages as adminMessagesEn } from '../../shared/i18n/admin-messages.en-gb';

const LEARNERS = '{n, plural, one {# learner} other {# learners}}';

describe('plural blocks (Intl.PluralRules of the locale)', () => {
  it.each<[Locale, string, Record<string, string | number>, string]>([
    ['en-gb', LEARNERS, { n: 1 }, '1 learner'],
    ['en-gb', LEARNERS, { n: 0 }, '0 learners'],
    ['en-gb', LEARNERS, { n: 2 }, '2 learners'],
    ['en-gb', LEARNERS, { n: 21 }, '21 learners'],
    ['en-gb', LEARNERS, { n: 1.5 }, '1.5 learners'],
    ['en-gb', LEARNERS, { n: '1' }, '1 learner'],
    ['zh-CN', '{n, plural, other {#人学习}}', { n: 1 }, '1人学习'],
    ['en-gb', '{n, plural, =0 {no learners} one {# learner} other {# learners}}', { n: 0 }, 'no learners'],
    [
      'en-gb',
      'Only {count, plural, one {the chosen group} other {# chosen groups}} may study',
      { count: 1 },
      'Only the chosen group may study',
    ],
    [
      'en-gb',
      '{a, plural, one {# page} other {# pages}} and {b, plural, one {# slide} other {# slides}}',
      { a: 1, b: 3 },
      '1 page and 3 slides',
    ],
    // A placeholder inside a form stays for the placeholder pass.
    ['en-gb', '{count, plural, one {# of {max}} other {# of {max}s}}', { count: 2 }, '2 of {max}s'],
    // Without its number (or with text) the block is left as it is: the mistake shows.
    ['en-gb', LEARNERS, {}, LEARNERS],
    ['en-gb', LEARNERS, { n: 'many' }, LEARNERS],
    ['en-gb', 'no block {n}', { n: 1 }, 'no block {n}'],
  ])('%s %s with %o → %s', (locale, text, vars, expected) => expect(formatPlurals(locale, text, vars)).toBe(expected));

  it('English has one and other; Chinese only other', () => {
    expect([0, 1, 2].map((n) => pluralCategory('en-gb', n))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory('zh-CN', n))).toEqual(['other', 'other', 'other']);
  });

  it('fillMessage: plurals, then placeholders; no values, no change', () => {
    expect(
      fillMessage(
        'en-gb',
        'Delete “{title}”? {count, plural, one {Its section goes too.} other {Its # sections go too.}}',
        { title: 'A', count: 1 },
      ),
    ).toBe('Delete “A”? Its section goes too.');
    expect(fillMessage('en-gb', LEARNERS)).toBe(LEARNERS);
  });
});

// The count-bearing messages (spec: zh-CN and en-gb): one and many in English, Chinese unchanged.
describe('count-bearing messages', () => {
  it.each<[MessageKey, Record<string, number>, string, string, string]>([
    ['catalogue.learners', { n: 1 }, '1 learner', '3 learners', '1 人学习'],
    ['catalogue.total', { n: 1 }, '1 course', '3 courses', '共 1 门课程'],
    ['comments.total', { n: 1 }, '1 comment', '3 comments', '共 1 条评论'],
    ['course.validDays', { days: 1 }, '1 day after purchase', '3 days after purchase', '购买后 1 天内有效'],
    [
      'exams.attemptsUnlimited',
      { used: 1 },
      'Sat 1 time / unlimited',
      'Sat 3 times / unlimited',
      '已考 1 次 / 不限次数',
    ],
    [
      'exams.confirmUnanswered',
      { count: 1 },
      '1 question is unanswered. Submit anyway?',
      '3 questions are unanswered. Submit anyway?',
      '还有 1 题未作答，确定交卷吗？',
    ],
    [
      'login.tooMany',
      { minutes: 1 },
      'Too many failed attempts. Please try again in 1 minute',
      'Too many failed attempts. Please try again in 3 minutes',
      '登录失败次数过多，请 1 分钟后再试',
    ],
    ['plans.lessonCount', { complete: 0, total: 1 }, '0/1 lesson completed', '2/3 lessons completed', '已完成 0/1 节'],
    [
      'quiz.page.summary',
      { total: 1, pending: 1 },
      '1 question, 1 still to do',
      '3 questions, 3 still to do',
      '共 1 题，待完成 1 题',
    ],
  ])('%s %o', (key, vars, one, many, zh) => {
    expect(translate('en-gb', key, vars)).toBe(one);
    expect(
      translate('en-gb', key, Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, value + 2]))),
    ).toBe(many);
    expect(translate('zh-CN', key, vars)).toBe(zh);
  });

  it.each<[string, Record<string, string>, Record<string, string | number>, string, string]>([
    ['admin.resources.usedBy', adminResourcesEn, { count: 1 }, '1 chapter', '3 chapters'],
    ['admin.resources.pages', adminResourcesEn, { count: 1 }, '1 page', '3 pages'],
    [
      'admin.chapters.counts',
      adminCatalogueEn,
      { chapters: 1, subchapters: 1 },
      '1 chapter, 1 section',
      '3 chapters, 3 sections',
    ],
    ['admin.courses.deleted', adminCatalogueEn, { count: 1 }, '1 course deleted', '3 courses deleted'],
    ['admin.groups.members', adminPeopleEn, { count: 1 }, '1 student', '3 students'],
    ['admin.questions.import.done', adminQuestionsEn, { count: 1 }, '1 question imported', '3 questions imported'],
    [
      'admin.feedback.average',
      adminFeedbackEn,
      { average: 4, total: 1 },
      'Average 4 (1 rating)',
      'Average 4 (3 ratings)',
    ],
  ])('back office %s', (key, messages, vars, one, many) => {
    expect(fillMessage('en-gb', messages[key]!, vars)).toBe(one);
    const three = Object.fromEntries(
      Object.entries(vars).map(([name, value]) => [name, typeof value === 'number' && name !== 'average' ? 3 : value]),
    );
    expect(fillMessage('en-gb', messages[key]!, three)).toBe(many);
  });

  it('the pages of a resource in Chinese', () => {
    expect(fillMessage('zh-CN', adminResourcesZh['admin.resources.pages'], { count: 3 })).toBe('3 页');
  });

  // A guard for new messages: no "(s)" and no number placeholder followed by a plural noun outside a block.
  // learnRules.timeTips.* come in one/many pairs that formatTimeTips (shared/rules/expiring.ts) picks by count.
  it('no English message leaves a count to a fixed plural', () => {
    const BLOCK = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
    const english = [
      ...Object.values(messageAreas).map(([, en]) => en as Record<string, string>),
      adminCatalogueEn,
      adminExamsEn,
      adminFeedbackEn,
      adminImportEn,
      adminLdapEn,
      adminOidcEn,
      adminYksEn,
      adminLicenceEn,
      adminPeopleEn,
      adminPlansEn,
      adminPointsEn,
      adminMembersEn,
      adminOrdersEn,
      adminAnnouncementsEn,
      adminLiveEn,
      redeemAdminEn,
      adminQuestionsEn,
      adminRecordsEn,
      adminResourcesEn,
      adminMessagesEn,
    ];
    const fixed = english.flatMap((messages) =>
      Object.entries(messages).filter(
        ([key, text]) =>
          !key.startsWith('learnRules.timeTips.') && /\{\w+\} [a-z’-]+s\b|[a-z]\(s\)/.test(text.replace(BLOCK, '')),
      ),
    );
    expect(fixed.filter(([, text]) => !/\{name\} is /.test(text))).toEqual([]);
  });
});
