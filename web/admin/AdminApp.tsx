import { lazy, useEffect, useState, type ComponentType } from 'react';
import { createHashRouter, Link, RouterProvider } from 'react-router';
import { ERRORS } from '../../shared/envelope';
import { NETWORK_ERROR } from '../api/client';
import { useBootstrap } from '../bootstrap';
import { Loading } from '../components/Loading';
import { RouteError } from '../components/RouteError';
import { ApiError } from '../hooks/fetcher';
import { useAdminProfile } from '../hooks/useAdminProfile';
import { useT } from '../i18n';
import { AdminLayout } from './AdminLayout';
import { AdminLogin } from './AdminLogin';
import { AreaGuard } from './components/AreaGuard';
import type { MenuEntry } from './menu';
import { addMessages } from '../../shared/i18n';
import { messages as adminZh } from '../../shared/i18n/admin-catalogue.zh-CN';
import { messages as adminEn } from '../../shared/i18n/admin-catalogue.en-gb';
import { messages as resourcesZh } from '../../shared/i18n/admin-resources.zh-CN';
import { messages as resourcesEn } from '../../shared/i18n/admin-resources.en-gb';
import { messages as feedbackZh } from '../../shared/i18n/admin-feedback.zh-CN';
import { messages as feedbackEn } from '../../shared/i18n/admin-feedback.en-gb';
import { messages as plansZh } from '../../shared/i18n/admin-plans.zh-CN';
import { messages as plansEn } from '../../shared/i18n/admin-plans.en-gb';
import { messages as recordsZh } from '../../shared/i18n/admin-records.zh-CN';
import { messages as recordsEn } from '../../shared/i18n/admin-records.en-gb';
import { messages as questionsZh } from '../../shared/i18n/admin-questions.zh-CN';
import { messages as questionsEn } from '../../shared/i18n/admin-questions.en-gb';
import { messages as examsZh } from '../../shared/i18n/admin-exams.zh-CN';
import { messages as examsEn } from '../../shared/i18n/admin-exams.en-gb';
import { messages as exercisesZh } from '../../shared/i18n/admin-exercises.zh-CN';
import { messages as exercisesEn } from '../../shared/i18n/admin-exercises.en-gb';
import { messages as peopleZh } from '../../shared/i18n/admin-people.zh-CN';
import { messages as redeemZh } from '../../shared/i18n/redeem-admin.zh-CN';
import { messages as redeemEn } from '../../shared/i18n/redeem-admin.en-gb';
import { messages as peopleEn } from '../../shared/i18n/admin-people.en-gb';
import { messages as importerZh } from '../../shared/i18n/admin-import.zh-CN';
import { messages as importerEn } from '../../shared/i18n/admin-import.en-gb';
import { messages as adminsZh } from '../../shared/i18n/admin-admins.zh-CN';
import { messages as adminsEn } from '../../shared/i18n/admin-admins.en-gb';
import { messages as ldapZh } from '../../shared/i18n/admin-ldap.zh-CN';
import { messages as ldapEn } from '../../shared/i18n/admin-ldap.en-gb';
// Issue 19: single sign-on (OpenID Connect).
import { messages as oidcZh } from '../../shared/i18n/admin-oidc.zh-CN';
import { messages as oidcEn } from '../../shared/i18n/admin-oidc.en-gb';
import { messages as yksZh } from '../../shared/i18n/admin-yks.zh-CN';
import { messages as yksEn } from '../../shared/i18n/admin-yks.en-gb';
import { messages as licenceZh } from '../../shared/i18n/admin-licence.zh-CN';
import { messages as licenceEn } from '../../shared/i18n/admin-licence.en-gb';
import { messages as membersZh } from '../../shared/i18n/admin-members.zh-CN';
import { messages as membersEn } from '../../shared/i18n/admin-members.en-gb';
import { messages as pointsZh } from '../../shared/i18n/admin-points.zh-CN';
import { messages as pointsEn } from '../../shared/i18n/admin-points.en-gb';
import { messages as privateMessagesZh } from '../../shared/i18n/admin-messages.zh-CN';
import { messages as privateMessagesEn } from '../../shared/i18n/admin-messages.en-gb';
import { messages as ordersZh } from '../../shared/i18n/admin-orders.zh-CN';
import { messages as ordersEn } from '../../shared/i18n/admin-orders.en-gb';
import { messages as informZh } from '../../shared/i18n/admin-inform.zh-CN';
import { messages as informEn } from '../../shared/i18n/admin-inform.en-gb';
// Issue 16: chapter Q&A.
import { messages as qaZh } from '../../shared/i18n/admin-qa.zh-CN';
import { messages as qaEn } from '../../shared/i18n/admin-qa.en-gb';
import { messages as announcementsZh } from '../../shared/i18n/admin-announcements.zh-CN';
import { messages as announcementsEn } from '../../shared/i18n/admin-announcements.en-gb';
// Issue 17: live teaching.
import { messages as liveZh } from '../../shared/i18n/admin-live.zh-CN';
import { messages as liveEn } from '../../shared/i18n/admin-live.en-gb';
// Issue 18: back office analytics.
import { messages as analyticsZh } from '../../shared/i18n/admin-analytics.zh-CN';
import { messages as analyticsEn } from '../../shared/i18n/admin-analytics.en-gb';

// The back office's messages travel with its chunk, not with the student site.
addMessages(adminZh, adminEn);
addMessages(resourcesZh, resourcesEn);
addMessages(feedbackZh, feedbackEn);
addMessages(plansZh, plansEn);
addMessages(recordsZh, recordsEn);
addMessages(questionsZh, questionsEn);
addMessages(examsZh, examsEn);
addMessages(exercisesZh, exercisesEn);
addMessages(peopleZh, peopleEn);
addMessages(importerZh, importerEn);
addMessages(adminsZh, adminsEn);
addMessages(ldapZh, ldapEn);
addMessages(oidcZh, oidcEn);
addMessages(yksZh, yksEn);
addMessages(licenceZh, licenceEn);
addMessages(membersZh, membersEn);
addMessages(redeemZh, redeemEn);
addMessages(pointsZh, pointsEn);
addMessages(privateMessagesZh, privateMessagesEn);
addMessages(ordersZh, ordersEn);
addMessages(informZh, informEn);
addMessages(qaZh, qaEn);
addMessages(announcementsZh, announcementsEn);
addMessages(liveZh, liveEn);
addMessages(analyticsZh, analyticsEn);

const OverviewPage = lazy(() => import('./pages/overview'));
const CoursesPage = lazy(() => import('./pages/courses'));
const CourseEditor = lazy(() => import('./pages/courses/CourseEditor'));
const CategoriesPage = lazy(() => import('./pages/categories'));
const ColumnsPage = lazy(() => import('./pages/columns'));
const ColumnEditor = lazy(() => import('./pages/columns/ColumnEditor'));
const TagsPage = lazy(() => import('./pages/tags'));
const CommentsPage = lazy(() => import('./pages/comments'));
const QaPage = lazy(() => import('./pages/qa'));
const FeedbackPage = lazy(() => import('./pages/feedback'));
const ArticlesPage = lazy(() => import('./pages/articles'));
const ArticleEditor = lazy(() => import('./pages/articles/ArticleEditor'));
const HomeSettingPage = lazy(() => import('./pages/homepage'));
const ResourcesPage = lazy(() => import('./pages/resources'));
const PlansPage = lazy(() => import('./pages/plans'));
const PlanDetail = lazy(() => import('./pages/plans/PlanDetail'));
const RecordsPage = lazy(() => import('./pages/records'));
const RecordDetailPage = lazy(() => import('./pages/records/StudentDetailPage'));
const ReviewPage = lazy(() => import('./pages/records/ReviewPage'));
const ExamsPage = lazy(() => import('./pages/exams'));
const ExamEditor = lazy(() => import('./pages/exams/ExamEditor'));
const ExamResultsPage = lazy(() => import('./pages/exams/ResultsPage'));
const PapersPage = lazy(() => import('./pages/papers'));
const PaperEditor = lazy(() => import('./pages/papers/PaperEditor'));
const ExamCategoriesPage = lazy(() => import('./pages/exam-categories'));
const MarkingPage = lazy(() => import('./pages/marking'));
const QuestionsPage = lazy(() => import('./pages/questions'));
const StudentsPage = lazy(() => import('./pages/students'));
const PointsPage = lazy(() => import('./pages/points'));
const GroupsPage = lazy(() => import('./pages/groups'));
const StudentFieldsPage = lazy(() => import('./pages/student-fields'));
const StudentSettingsPage = lazy(() => import('./pages/student-settings'));
const StudentImportPage = lazy(() => import('./pages/student-import'));
const AdminsPage = lazy(() => import('./pages/admins'));
const AdminGroupsPage = lazy(() => import('./pages/admin-groups'));
const LdapPage = lazy(() => import('./pages/ldap'));
const OidcPage = lazy(() => import('./pages/oidc'));
const YksPage = lazy(() => import('./pages/yks'));
const LicencePage = lazy(() => import('./pages/licence'));
const MembersPage = lazy(() => import('./pages/members'));
const CodesPage = lazy(() => import('./pages/codes'));
const OrdersPage = lazy(() => import('./pages/orders'));
const MessagesPage = lazy(() => import('./pages/messages'));
const InformPage = lazy(() => import('./pages/inform'));
// Issue 16: announcements.
const AnnouncementsPage = lazy(() => import('./pages/announcements'));
const AnnouncementEditor = lazy(() => import('./pages/announcements/AnnouncementEditor'));
// Issue 17: live teaching.
const LivePage = lazy(() => import('./pages/live'));
const LiveSessionPage = lazy(() => import('./pages/live/SessionPage'));
// Issue 18: back office analytics (the overview is on the landing page).
const CourseAnalyticsPage = lazy(() => import('./pages/analytics/CoursePage'));
const GroupAnalyticsPage = lazy(() => import('./pages/analytics/GroupPage'));
const StudentAnalyticsPage = lazy(() => import('./pages/analytics/StudentPage'));

/** A screen of a permission group's area, behind the same permission check as the sidebar. */
const guarded = (group: MenuEntry['key'], Screen: ComponentType) => (
  <AreaGuard group={group}>
    <Screen />
  </AreaGuard>
);

/** A back-office hash route without a screen. */
function AdminNotFound() {
  const t = useT();
  return (
    <section className="card page-card" data-testid="not-found">
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p className="page-muted">{t('notFound.body')}</p>
      <Link className="btn btn-primary" to="/">
        {t('admin.menu.home')}
      </Link>
    </section>
  );
}

const createAdminRouter = () =>
  createHashRouter([
    {
      path: '/',
      element: <AdminLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <OverviewPage /> },
        { path: 'courses', element: guarded('course', CoursesPage) },
        { path: 'courses/:coid/:tab?', element: guarded('course', CourseEditor) },
        // Issue 17: live teaching.
        { path: 'live', element: guarded('course', LivePage) },
        { path: 'live/:id', element: guarded('course', LiveSessionPage) },
        { path: 'categories', element: guarded('course', CategoriesPage) },
        { path: 'columns', element: guarded('course', ColumnsPage) },
        { path: 'columns/:id', element: guarded('course', ColumnEditor) },
        { path: 'tags', element: guarded('course', TagsPage) },
        { path: 'comments', element: guarded('course', CommentsPage) },
        { path: 'qa', element: guarded('course', QaPage) },
        { path: 'feedback', element: guarded('course', FeedbackPage) },
        { path: 'plans', element: guarded('course', PlansPage) },
        { path: 'codes/:batch?', element: guarded('course', CodesPage) },
        { path: 'plans/:coid', element: guarded('course', PlanDetail) },
        { path: 'members', element: guarded('course', MembersPage) },
        { path: 'articles', element: guarded('userpage', ArticlesPage) },
        { path: 'articles/:aid', element: guarded('userpage', ArticleEditor) },
        { path: 'homepage', element: guarded('userpage', HomeSettingPage) },
        { path: 'resources', element: guarded('resource', ResourcesPage) },
        { path: 'records', element: guarded('student', RecordsPage) },
        { path: 'records/detail', element: guarded('student', RecordDetailPage) },
        { path: 'review', element: guarded('student', ReviewPage) },
        { path: 'exams', element: guarded('exam', ExamsPage) },
        { path: 'exams/:id', element: guarded('exam', ExamEditor) },
        { path: 'exams/:id/results', element: guarded('exam', ExamResultsPage) },
        { path: 'papers', element: guarded('exam', PapersPage) },
        { path: 'papers/:id', element: guarded('exam', PaperEditor) },
        { path: 'exam-categories', element: guarded('exam', ExamCategoriesPage) },
        { path: 'marking', element: guarded('exam', MarkingPage) },
        { path: 'questions', element: guarded('question', QuestionsPage) },
        { path: 'students', element: guarded('student', StudentsPage) },
        { path: 'points', element: guarded('student', PointsPage) },
        { path: 'groups', element: guarded('student', GroupsPage) },
        { path: 'student-fields', element: guarded('student', StudentFieldsPage) },
        { path: 'student-settings', element: guarded('student', StudentSettingsPage) },
        { path: 'students/import', element: guarded('student', StudentImportPage) },
        { path: 'admins', element: guarded('admin', AdminsPage) },
        { path: 'admin-groups', element: guarded('admin', AdminGroupsPage) },
        { path: 'ldap', element: guarded('setting', LdapPage) },
        { path: 'oidc', element: guarded('setting', OidcPage) },
        { path: 'yks', element: guarded('setting', YksPage) },
        { path: 'licence', element: guarded('setting', LicencePage) },
        { path: 'inform', element: guarded('setting', InformPage) },
        { path: 'orders', element: guarded('setting', OrdersPage) },
        { path: 'messages', element: guarded('student', MessagesPage) },
        // Issue 16: announcements.
        { path: 'announcements', element: guarded('userpage', AnnouncementsPage) },
        { path: 'announcements/:id', element: guarded('userpage', AnnouncementEditor) },
        // Issue 18: back office analytics.
        { path: 'analytics/course/:coid?', element: guarded('student', CourseAnalyticsPage) },
        { path: 'analytics/group/:gid', element: guarded('student', GroupAnalyticsPage) },
        { path: 'analytics/student/:sid', element: guarded('student', StudentAnalyticsPage) },
        { path: '*', element: <AdminNotFound /> },
      ],
    },
  ]);

function SignedInAdmin() {
  const t = useT();
  const [router] = useState(createAdminRouter);
  const { data, error, mutate } = useAdminProfile();
  const sessionGone =
    error instanceof ApiError && (error.reply.error === ERRORS.noLogin || error.reply.error === ERRORS.forbidden);

  // The session ended (spec 8: 'no login' reloads the page, which then shows the sign-in form).
  useEffect(() => {
    if (sessionGone) window.location.reload();
  }, [sessionGone]);

  if (error && !sessionGone) {
    return (
      <div className="auth-page">
        <main className="auth-card auth-message" role="alert">
          <p>
            {error instanceof ApiError && error.reply.error !== NETWORK_ERROR
              ? t('errors.server')
              : t('common.networkError')}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void mutate()}>
            {t('common.retry')}
          </button>
        </main>
      </div>
    );
  }
  if (!data) return <Loading />;
  return <RouterProvider router={router} />;
}

/** The back office (/learn/admin/): sign-in for guests and students, the admin layout for administrators. */
export default function AdminApp() {
  const boot = useBootstrap();
  return boot.role === 'admin' ? <SignedInAdmin /> : <AdminLogin />;
}
