import { Link, Navigate, NavLink, useLocation, useSearchParams } from 'react-router';
import { myPlanShown } from '../../../shared/rules/dashboard';
import { useBootstrap } from '../../bootstrap';
import { Loading } from '../../components/Loading';
import { SiteLink } from '../../components/layout/SiteLink';
import { useT } from '../../i18n';
import { DASHBOARD_ROUTES, ROUTES } from '../../paths';
import { MyCourseList } from '../mycourse/MyCourseList';
import { ExamList, ExamRecords } from '../exams/ExamLists';
import { RequiredFieldsNotice } from '../account/RequiredFieldsNotice';
import { MyBookList } from '../mybook/MyBookList';
import { MyCollectList } from '../mycollect/MyCollectList';
import { MyCredits } from '../mypoints/MyCredits';
// Issue 16: system notices and announcements.
import { AnnouncementList } from '../../components/notices/AnnouncementList';
import { NoticeBadge } from '../../components/notices/NoticeBell';
import { useUnreadCounts } from '../../hooks/useNotices';
// Issue 18: my plans and one plan (controller/myplan, studyplandetailstu), the guards of spec 2.
import { PlanList } from '../studyplan/PlanList';
import { PlanDetail } from '../studyplan/PlanDetail';
import { useDashboardGuard } from './useDashboardGuard';
// Issue 18: the control centre and rank.
import { useControlCentre } from '../../hooks/useDashboard';
import { ControlCentre } from './ControlCentre';
import { RankPanel } from './RankPanel';

/**
 * The student dashboard (/dashboard, spec 2 'Student dashboard'). Guard (spec 2): only a signed-in student
 * who is not the school owner; others go to sign in. On mobile it is the personal centre (studyplandetailstu
 * with a coid: that plan's study detail page). In yks mode the top bar and the sidebar are hidden.
 *
 * The site's top bar (the root shell's navigation: the school's mark and title, the user name with its menu
 * and Log out) stays above it; the left sidebar lists only the entries whose screens exist. Its default
 * content (controller, issue 18) is the control centre; controller/course the student's courses;
 * controller/rank the rank (its entry only while the school shows ranks, as the control centre's reply says).
 *
 * controller/myplan lists my plans (removed when exam mode is on and ver is lan, spec 2) and
 * controller/studyplandetailstu?coid= shows one of them.
 */
export default function DashboardPage() {
  const t = useT();
  const boot = useBootstrap();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const unread = useUnreadCounts().data;
  const ranking = useControlCentre().data?.ranking ?? false;
  const allowed = useDashboardGuard();
  if (!allowed) return <Loading />;
  // The dashboard's default screen is controller (spec 2: dashboard#controller), so its entry is the selected one.
  if (pathname === '/') return <Navigate to={DASHBOARD_ROUTES.controller} replace />;
  // controller/myexam (my papers; removed when exam mode is off) and controller/exams (exam records), spec 2.
  const onPapers = boot.examModel && pathname === DASHBOARD_ROUTES.myExam;
  const onRecords = pathname === DASHBOARD_ROUTES.exams;
  // controller/credit (my credits), controller/mybook (my subscriptions), controller/collect (my bookmarks).
  const onCredit = pathname === DASHBOARD_ROUTES.credit;
  const onBook = pathname === DASHBOARD_ROUTES.myBook;
  const onCollect = pathname === DASHBOARD_ROUTES.collect;
  // controller/myplan (my plans; removed when exam mode is on and ver is lan) and studyplandetailstu?coid=.
  const planShown = myPlanShown(boot.examModel, boot.ver);
  const onPlans = planShown && pathname === DASHBOARD_ROUTES.myPlan;
  const onPlan = pathname === DASHBOARD_ROUTES.planDetail;
  const yks = boot.model === 'yks';
  // controller/course is my courses, controller/rank the rank; the default (controller) the control centre.
  const onCourses = pathname === DASHBOARD_ROUTES.course;
  const onRank = pathname === DASHBOARD_ROUTES.rank;
  const screen = onCourses
    ? 'courses'
    : onRank
      ? 'rank'
      : onPapers
        ? 'papers'
        : onRecords
          ? 'records'
          : onCredit
            ? 'credit'
            : onBook
              ? 'book'
              : onCollect
                ? 'collect'
                : onPlans || onPlan
                  ? 'plans'
                  : 'control';
  const titles = {
    papers: t('exams.myPapers'),
    records: t('exams.records'),
    credit: t('points.title'),
    book: t('members.myBook'),
    collect: t('members.myCollect'),
    plans: t('plans.title'),
    courses: t('myCourses.title'),
    control: t('dashboard.control.title'),
    rank: t('dashboard.rank.title'),
  };
  return (
    <div className={`dash${yks ? ' dash-yks' : ''}`}>
      <nav className="dash-side card" aria-labelledby="dashboard-title" data-testid="dashboard-sidebar">
        <h1 id="dashboard-title" className="dash-title">
          {t('page.dashboard.title')}
        </h1>
        <NavLink
          to={DASHBOARD_ROUTES.controller}
          end
          className={() => `dash-entry${screen === 'control' ? ' is-active' : ''}`}
          aria-current={screen === 'control' ? 'page' : undefined}
        >
          {t('dashboard.control.title')}
        </NavLink>
        <NavLink
          to={DASHBOARD_ROUTES.course}
          className={() => `dash-entry${screen === 'courses' ? ' is-active' : ''}`}
          aria-current={screen === 'courses' ? 'page' : undefined}
        >
          {t('myCourses.title')}
        </NavLink>
        {/* Spec 2's order: my courses, my credits, my papers, exam records. */}
        <NavLink
          to={DASHBOARD_ROUTES.credit}
          className={() => `dash-entry${onCredit ? ' is-active' : ''}`}
          aria-current={onCredit ? 'page' : undefined}
        >
          {t('points.title')}
        </NavLink>
        {ranking && (
          <NavLink
            to={DASHBOARD_ROUTES.rank}
            className={() => `dash-entry${onRank ? ' is-active' : ''}`}
            aria-current={onRank ? 'page' : undefined}
          >
            {t('dashboard.rank.title')}
          </NavLink>
        )}
        {boot.examModel && (
          <NavLink
            to={DASHBOARD_ROUTES.myExam}
            className={() => `dash-entry${onPapers ? ' is-active' : ''}`}
            aria-current={onPapers ? 'page' : undefined}
          >
            {t('exams.myPapers')}
          </NavLink>
        )}
        <NavLink
          to={DASHBOARD_ROUTES.exams}
          className={() => `dash-entry${onRecords ? ' is-active' : ''}`}
          aria-current={onRecords ? 'page' : undefined}
        >
          {t('exams.records')}
        </NavLink>
        <NavLink
          to={DASHBOARD_ROUTES.myBook}
          className={() => `dash-entry${onBook ? ' is-active' : ''}`}
          aria-current={onBook ? 'page' : undefined}
        >
          {t('members.myBook')}
        </NavLink>
        <NavLink
          to={DASHBOARD_ROUTES.collect}
          className={() => `dash-entry${onCollect ? ' is-active' : ''}`}
          aria-current={onCollect ? 'page' : undefined}
        >
          {t('members.myCollect')}
        </NavLink>
        {/* My plans stays selected on one plan's screen (studyplandetailstu), so not a NavLink. */}
        {planShown && (
          <Link
            to={DASHBOARD_ROUTES.myPlan}
            className={`dash-entry${screen === 'plans' ? ' is-active' : ''}`}
            aria-current={screen === 'plans' ? 'page' : undefined}
          >
            {t('plans.title')}
          </Link>
        )}
        <SiteLink to={ROUTES.systemNotice} className="dash-entry dash-notices">
          <span>{t('notice.title')}</span>
          <NoticeBadge count={unread?.notices ?? 0} />
        </SiteLink>
        <SiteLink to={ROUTES.almostExpire} className="dash-entry">
          {t('learnRules.almostExpire')}
        </SiteLink>
        <SiteLink to={ROUTES.myInformation} className="dash-entry">
          {t('account.menu.myInfo')}
        </SiteLink>
        <SiteLink to={ROUTES.privateMessage} className="dash-entry dash-notices">
          <span>{t('messages.title')}</span>
          <NoticeBadge count={unread?.messages ?? 0} />
        </SiteLink>
        {/* controller/order: my orders, hidden in the lan release (spec 2). */}
        {boot.ver === 'online' && (
          <SiteLink to={ROUTES.myOrderMobile} className="dash-entry">
            {t('orders.mine.title')}
          </SiteLink>
        )}
      </nav>
      <section className="dash-main card" aria-labelledby="my-courses-title">
        <RequiredFieldsNotice />
        <h2 id="my-courses-title" className="page-title">
          {titles[screen]}
        </h2>
        {screen === 'papers' ? (
          <ExamList from="dashboard" />
        ) : screen === 'records' ? (
          <ExamRecords />
        ) : screen === 'credit' ? (
          <MyCredits />
        ) : screen === 'book' ? (
          <MyBookList />
        ) : screen === 'collect' ? (
          <MyCollectList />
        ) : onPlan ? (
          <PlanDetail coid={search.get('coid') ?? ''} place="dashboard" backInDashboard={planShown} />
        ) : screen === 'plans' ? (
          <PlanList place="dashboard" />
        ) : screen === 'control' ? (
          <ControlCentre mobile={false} />
        ) : screen === 'rank' ? (
          <RankPanel />
        ) : (
          <MyCourseList mobile={false} />
        )}
      </section>
      {(screen === 'courses' || screen === 'control') && <AnnouncementList />}
    </div>
  );
}
