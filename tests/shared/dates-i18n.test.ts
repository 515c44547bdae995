import { describe, expect, it } from 'vitest';
import { formatDate, formatDateMinutes, formatDateTime, DATE_PATTERNS } from '../../shared/rules/dates';
import { messageAreas, pickLocale, translate } from '../../shared/i18n';
import { messages as adminZh } from '../../shared/i18n/admin-catalogue.zh-CN';
import { messages as adminEn } from '../../shared/i18n/admin-catalogue.en-gb';
import { messages as adminResourcesZh } from '../../shared/i18n/admin-resources.zh-CN';
import { messages as adminResourcesEn } from '../../shared/i18n/admin-resources.en-gb';
import { messages as adminRecordsZh } from '../../shared/i18n/admin-records.zh-CN';
import { messages as adminRecordsEn } from '../../shared/i18n/admin-records.en-gb';
import { messages as adminFeedbackZh } from '../../shared/i18n/admin-feedback.zh-CN';
import { messages as adminFeedbackEn } from '../../shared/i18n/admin-feedback.en-gb';
import { messages as adminPlansZh } from '../../shared/i18n/admin-plans.zh-CN';
import { messages as adminPlansEn } from '../../shared/i18n/admin-plans.en-gb';
import { messages as adminQuestionsZh } from '../../shared/i18n/admin-questions.zh-CN';
import { messages as adminQuestionsEn } from '../../shared/i18n/admin-questions.en-gb';
import { messages as adminExamsZh } from '../../shared/i18n/admin-exams.zh-CN';
import { messages as adminExamsEn } from '../../shared/i18n/admin-exams.en-gb';
import { messages as adminExercisesZh } from '../../shared/i18n/admin-exercises.zh-CN';
import { messages as adminExercisesEn } from '../../shared/i18n/admin-exercises.en-gb';
import { messages as adminPeopleZh } from '../../shared/i18n/admin-people.zh-CN';
import { messages as adminPeopleEn } from '../../shared/i18n/admin-people.en-gb';
import { messages as adminImportZh } from '../../shared/i18n/admin-import.zh-CN';
import { messages as adminImportEn } from '../../shared/i18n/admin-import.en-gb';
import { messages as adminMembersZh } from '../../shared/i18n/admin-members.zh-CN';
import { messages as adminMembersEn } from '../../shared/i18n/admin-members.en-gb';
import { messages as adminAdminsZh } from '../../shared/i18n/admin-admins.zh-CN';
import { messages as adminAdminsEn } from '../../shared/i18n/admin-admins.en-gb';
import { messages as adminLdapZh } from '../../shared/i18n/admin-ldap.zh-CN';
import { messages as adminLdapEn } from '../../shared/i18n/admin-ldap.en-gb';
import { messages as adminOidcZh } from '../../shared/i18n/admin-oidc.zh-CN';
import { messages as adminOidcEn } from '../../shared/i18n/admin-oidc.en-gb';
import { messages as adminYksZh } from '../../shared/i18n/admin-yks.zh-CN';
import { messages as adminYksEn } from '../../shared/i18n/admin-yks.en-gb';
import { messages as adminLicenceZh } from '../../shared/i18n/admin-licence.zh-CN';
import { messages as adminLicenceEn } from '../../shared/i18n/admin-licence.en-gb';
import { messages as adminPointsZh } from '../../shared/i18n/admin-points.zh-CN';
import { messages as adminPointsEn } from '../../shared/i18n/admin-points.en-gb';
import { messages as adminOrdersZh } from '../../shared/i18n/admin-orders.zh-CN';
import { messages as adminOrdersEn } from '../../shared/i18n/admin-orders.en-gb';
import { messages as adminAnnouncementsZh } from '../../shared/i18n/admin-announcements.zh-CN';
import { messages as adminAnnouncementsEn } from '../../shared/i18n/admin-announcements.en-gb';
import { messages as adminLiveZh } from '../../shared/i18n/admin-live.zh-CN';
import { messages as adminLiveEn } from '../../shared/i18n/admin-live.en-gb';
import { messages as redeemAdminZh } from '../../shared/i18n/redeem-admin.zh-CN';
import { messages as redeemAdminEn } from '../../shared/i18n/redeem-admin.en-gb';
import { messages as adminMessagesZh } from '../../shared/i18n/admin-messages.zh-CN';
import { messages as adminMessagesEn } from '../../shared/i18n/admin-messages.en-gb';
import { messages as adminInformZh } from '../../shared/i18n/admin-inform.zh-CN';
import { messages as adminInformEn } from '../../shared/i18n/admin-inform.en-gb';
import { messages as informZh } from '../../shared/i18n/inform.zh-CN';
import { messages as informEn } from '../../shared/i18n/inform.en-gb';
import { messages as adminQaZh } from '../../shared/i18n/admin-qa.zh-CN';
import { messages as adminQaEn } from '../../shared/i18n/admin-qa.en-gb';
import { messages as adminAnalyticsZh } from '../../shared/i18n/admin-analytics.zh-CN';
import { messages as adminAnalyticsEn } from '../../shared/i18n/admin-analytics.en-gb';

describe('dates per locale (spec 9: yyyy-MM-dd HH:mm:ss; en-gb watermark HH:mm dd-MM-yyyy)', () => {
  const at = new Date(2026, 0, 5, 7, 8, 9);
  it.each([
    ['yyyy-MM-dd HH:mm:ss', '2026-01-05 07:08:09'],
    [DATE_PATTERNS['zh-CN'].watermark, '2026-01-05 07:08'],
    [DATE_PATTERNS['en-gb'].watermark, '07:08 05-01-2026'],
    ['yyyy/MM/dd', '2026/01/05'],
  ])('%s', (pattern, expected) => expect(formatDate(at, pattern)).toBe(expected));

  it('formats date-time per locale and reads dashed date strings', () => {
    expect(formatDateTime(at, 'zh-CN')).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(at, 'en-gb')).toBe('05-01-2026 07:08:09');
    expect(formatDateMinutes(at, 'zh-CN')).toBe('2026-01-05 07:08');
    expect(formatDateMinutes(at, 'en-gb')).toBe('05-01-2026 07:08');
    expect(formatDate('2026-01-05 07:08:09', 'dd/MM/yyyy')).toBe('05/01/2026');
    expect(formatDate('not a date', 'yyyy')).toBe('');
  });
});

describe('message catalogue', () => {
  it.each(
    Object.entries({
      ...messageAreas,
      admin: [adminZh, adminEn],
      adminResources: [adminResourcesZh, adminResourcesEn],
      adminRecords: [adminRecordsZh, adminRecordsEn],
      adminFeedback: [adminFeedbackZh, adminFeedbackEn],
      adminPlans: [adminPlansZh, adminPlansEn],
      adminQuestions: [adminQuestionsZh, adminQuestionsEn],
      adminExams: [adminExamsZh, adminExamsEn],
      adminExercises: [adminExercisesZh, adminExercisesEn],
      adminPeople: [adminPeopleZh, adminPeopleEn],
      adminImport: [adminImportZh, adminImportEn],
      adminAdmins: [adminAdminsZh, adminAdminsEn],
      adminLdap: [adminLdapZh, adminLdapEn],
      adminOidc: [adminOidcZh, adminOidcEn],
      adminYks: [adminYksZh, adminYksEn],
      adminLicence: [adminLicenceZh, adminLicenceEn],
      adminMembers: [adminMembersZh, adminMembersEn],
      adminPoints: [adminPointsZh, adminPointsEn],
      adminOrders: [adminOrdersZh, adminOrdersEn],
      adminAnnouncements: [adminAnnouncementsZh, adminAnnouncementsEn],
      adminLive: [adminLiveZh, adminLiveEn],
      redeemAdmin: [redeemAdminZh, redeemAdminEn],
      adminMessages: [adminMessagesZh, adminMessagesEn],
      adminInform: [adminInformZh, adminInformEn],
      inform: [informZh, informEn],
      adminQa: [adminQaZh, adminQaEn],
      adminAnalytics: [adminAnalyticsZh, adminAnalyticsEn],
    }),
  )('area %s has the same keys in zh-CN and en-gb, none empty', (_area, [zh, en]) => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [key, text] of [...Object.entries(zh), ...Object.entries(en)]) expect(text, key).not.toBe('');
  });

  it('uses the spec texts and fills placeholders', () => {
    expect(translate('zh-CN', 'common.notice')).toBe('提示');
    expect(translate('zh-CN', 'common.visitor')).toBe('游客');
    expect(translate('zh-CN', 'errors.studentOnly')).toBe('请使用学员账号进行操作！');
    expect(translate('en-gb', 'home.welcome', { school: 'Acme' })).toBe('Welcome to Acme');
  });

  it.each([
    ['en-gb', 'en-gb'],
    ['EN', 'en-gb'],
    ['zh-cn', 'zh-CN'],
    ['fr', 'zh-CN'],
    [undefined, 'zh-CN'],
  ] as const)('picks %s as %s', (choice, expected) => expect(pickLocale(choice, 'zh-CN')).toBe(expected));
});
