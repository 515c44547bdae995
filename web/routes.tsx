import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import type { PageKind } from '../shared/schemas/bootstrap';
import { LEARN_ROUTE_NAMES } from '../shared/rules/learning';
import { RootShell } from './components/layout/RootShell';
import { Loading } from './components/Loading';
import { RouteError } from './components/RouteError';
import { DASHBOARD_ROUTES, ROUTES } from './paths';

type Page = LazyExoticComponent<ComponentType>;

/** The app.course entry route (redirects by the action command); also the index of the course and column pages. */
const CourseEntry = lazy(() => import('./pages/course/CourseEntry'));

/** The screen the server's page kind shows at the hash root. */
const serverPages: Record<Exclude<PageKind, 'login' | 'logout' | 'admin'>, Page> = {
  home: lazy(() => import('./pages/home')),
  learn: lazy(() => import('./pages/learn')),
  column: CourseEntry,
  live: lazy(() => import('./pages/live')),
  course: CourseEntry,
  dashboard: lazy(() => import('./pages/dashboard')),
  notFound: lazy(() => import('./pages/notFound')),
};
const CourseListPage = lazy(() => import('./pages/courselist'));
const CourseIntroPage = lazy(() => import('./pages/course'));
const ColumnPage = lazy(() => import('./pages/column'));
const ArticleListPage = lazy(() => import('./pages/articles'));
const ArticleDetailPage = lazy(() => import('./pages/articles/ArticleDetail'));
const PersonalCenterPage = lazy(() => import('./pages/personalcenter'));
const GraphicCoursePage = lazy(() => import('./pages/learn/GraphicCoursePage'));
const MyCoursePage = lazy(() => import('./pages/mycourse'));
const MobileMyCoursePage = lazy(() => import('./pages/mycourse/MobileMyCoursePage'));
const AlmostExpirePage = lazy(() => import('./pages/almostexpire'));
// Issue 16: my notes.
const MyNotesPage = lazy(() => import('./pages/mynotes'));
const StudyPlanPage = lazy(() => import('./pages/studyplan'));
const StudyDetailPage = lazy(() => import('./pages/studyplan/StudyDetailPage'));
const ExamsPage = lazy(() => import('./pages/exams'));
const MyExamPage = lazy(() => import('./pages/exams/MyExamPage'));
const SittingPage = lazy(() => import('./pages/exams/SittingPage'));
const AccountPage = lazy(() => import('./pages/account'));
// Issue 18: settings on a phone (setting_m).
const SettingMobilePage = lazy(() => import('./pages/setting'));
const MyBookPage = lazy(() => import('./pages/mybook'));
const MyCollectPage = lazy(() => import('./pages/mycollect'));
const MyPointsPage = lazy(() => import('./pages/mypoints'));
const PayPage = lazy(() => import('./pages/pay'));
const MyOrderPage = lazy(() => import('./pages/myorder'));
const PrivateMessagePage = lazy(() => import('./pages/privatemessage'));
// Issue 16: system notices.
const SystemNoticePage = lazy(() => import('./pages/systemnotice'));
const NotFoundPage = serverPages.notFound;

function page(Component: Page) {
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

/** app.introduce and its tabs: the course intro on a course page, its column mode on a column page. */
function introduceRoutes(kind: PageKind): RouteObject[] {
  if (kind !== 'course' && kind !== 'column') return [];
  const Screen = kind === 'course' ? CourseIntroPage : ColumnPage;
  const routes: RouteObject[] = [
    { path: ROUTES.introduce, element: <Navigate to={`${ROUTES.introduce}/info`} replace /> },
    { path: ROUTES.introduceTab, element: page(Screen) },
  ];
  // The graphic article reader (desktop; on mobile it goes to the detail tab, spec 2).
  if (kind === 'course') routes.push({ path: ROUTES.graphic, element: page(GraphicCoursePage) });
  return routes;
}

/** The learning pages' hash routes (spec 2: video, videov2, pdf, pdfv2, office, ppt, pptv2, pptv3, image, imagev2, graphic) on the learn page. */
function learnRoutes(kind: PageKind): RouteObject[] {
  if (kind !== 'learn') return [];
  return LEARN_ROUTE_NAMES.map((name) => ({ path: `/${name}`, element: page(serverPages.learn) }));
}

/**
 * The live page's hash routes (spec 2: the learning routes live and flv, 'hash route ending in flv'): on the
 * live page, and on the learn page, whose /u/learn/{code}/live/1 is the public live page.
 */
function liveRoutes(kind: PageKind): RouteObject[] {
  if (kind !== 'live' && kind !== 'learn') return [];
  return ['/live', '/flv'].map((path) => ({ path, element: page(serverPages[kind]) }));
}

/** The hash routes inside the root shell for a server page kind (a server 404 shows only the not-found page). */
export function studentRoutes(kind: PageKind): RouteObject[] {
  const children: RouteObject[] =
    kind === 'notFound'
      ? [
          { index: true, element: page(NotFoundPage) },
          { path: '*', element: page(NotFoundPage) },
        ]
      : [
          { index: true, element: page(serverPages[kind as keyof typeof serverPages] ?? NotFoundPage) },
          { path: ROUTES.course, element: page(CourseEntry) },
          ...introduceRoutes(kind),
          ...learnRoutes(kind),
          ...liveRoutes(kind),
          { path: ROUTES.courseList, element: page(CourseListPage) },
          // Unknown routes on the catalogue page fall back to app.course (spec 2); elsewhere the not-found page.
          { path: '/courselist', element: <Navigate to={ROUTES.course} replace /> },
          { path: '/courselist/*', element: <Navigate to={ROUTES.course} replace /> },
          { path: ROUTES.articleList, element: page(ArticleListPage) },
          { path: ROUTES.articleDesc, element: page(ArticleDetailPage) },
          { path: ROUTES.personalCenter, element: page(PersonalCenterPage) },
          { path: ROUTES.myCourse, element: page(MyCoursePage) },
          { path: ROUTES.myCourseMobile, element: page(MobileMyCoursePage) },
          { path: ROUTES.myPointsMobile, element: page(MyPointsPage) },
          { path: ROUTES.almostExpire, element: page(AlmostExpirePage) },
          { path: ROUTES.myNotes, element: page(MyNotesPage) },
          { path: ROUTES.myBook, element: page(MyBookPage) },
          { path: ROUTES.myCollect, element: page(MyCollectPage) },
          { path: ROUTES.studyPlan, element: page(StudyPlanPage) },
          { path: ROUTES.studyDetail, element: page(StudyDetailPage) },
          { path: ROUTES.exams, element: page(ExamsPage) },
          { path: ROUTES.myExam, element: page(MyExamPage) },
          { path: ROUTES.examSitting, element: page(SittingPage) },
          // My information (desktop and mobile names, spec 2): the student's profile and custom fields.
          { path: ROUTES.myInformation, element: page(AccountPage) },
          { path: ROUTES.myInformationMobile, element: page(AccountPage) },
          // Settings on a phone (setting_m); a desktop goes to the dashboard.
          { path: ROUTES.settingMobile, element: page(SettingMobilePage) },
          // app.pay (phone), app.pay.confirm (desktop), pay/cashier: one order's pay page; my orders (online only).
          { path: ROUTES.payMobile, element: page(PayPage) },
          { path: ROUTES.payConfirm, element: page(PayPage) },
          { path: ROUTES.payCashier, element: page(PayPage) },
          { path: ROUTES.myOrderMobile, element: page(MyOrderPage) },
          // My private messages (privatemessage), desktop and phone.
          { path: ROUTES.privateMessage, element: page(PrivateMessagePage) },
          // Issue 16: system notices (desktop and phone).
          { path: ROUTES.systemNotice, element: page(SystemNoticePage) },
          // The dashboard's controller and controller/course (spec 2) are its default screen, my courses.
          ...(kind === 'dashboard'
            ? Object.values(DASHBOARD_ROUTES).map((path) => ({ path, element: page(serverPages.dashboard) }))
            : []),
          { path: '*', element: page(NotFoundPage) },
        ];
  return [{ path: '/', element: <RootShell />, errorElement: <RouteError />, children }];
}

export const createStudentRouter = (kind: PageKind) => createHashRouter(studentRoutes(kind));
