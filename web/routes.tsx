import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import type { PageKind } from '../shared/schemas/bootstrap';
import { RootShell } from './components/layout/RootShell';
import { Loading } from './components/Loading';
import { RouteError } from './components/RouteError';

/**
 * The student site's hash route names (spec 2). Only the ones with a screen are registered below;
 * the others are listed so later pages use the same paths.
 */
export const ROUTES = {
  home: '/',
  courseList: '/courselist/:catid',
  personalCenter: '/personalcenter',
  // Not registered yet: they arrive with their screens.
  course: '/course',
  introduce: '/introduce',
  articleList: '/articlelist',
  articleDesc: '/articledesc/:aid',
  exams: '/exams',
  myCourse: '/mycourse',
  myCourseMobile: '/mycourse_m',
  myCollect: '/mycollect',
  myBook: '/mybook',
  myExam: '/myexam',
  myOrderMobile: '/myorder_m',
  myPointsMobile: '/mypoints_m',
  systemNotice: '/systemnotice',
  almostExpire: '/almostexpire',
  settingMobile: '/setting_m',
  myInformation: '/myinformation',
  myInformationMobile: '/myinformation_m',
  studyPlan: '/study/plan',
  studyDetail: '/study/detail/:coid',
  graphic: '/graphic',
  pay: '/pay',
} as const;

/** The course list hash path for a category, with an optional search key. */
export function courseListPath(catid: string | number = 0, key?: string): string {
  return `/courselist/${catid}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
}

type Page = LazyExoticComponent<ComponentType>;

/** The screen the server's page kind shows at the hash root. */
const serverPages: Record<Exclude<PageKind, 'login' | 'logout' | 'admin'>, Page> = {
  home: lazy(() => import('./pages/home')),
  learn: lazy(() => import('./pages/learn')),
  column: lazy(() => import('./pages/column')),
  live: lazy(() => import('./pages/live')),
  course: lazy(() => import('./pages/course')),
  dashboard: lazy(() => import('./pages/dashboard')),
  notFound: lazy(() => import('./pages/notFound')),
};
const CourseListPage = lazy(() => import('./pages/courselist'));
const PersonalCenterPage = lazy(() => import('./pages/personalcenter'));
const NotFoundPage = serverPages.notFound;

function page(Component: Page) {
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
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
          { path: ROUTES.courseList, element: page(CourseListPage) },
          { path: ROUTES.personalCenter, element: page(PersonalCenterPage) },
          { path: '*', element: page(NotFoundPage) },
        ];
  return [{ path: '/', element: <RootShell />, errorElement: <RouteError />, children }];
}

export const createStudentRouter = (kind: PageKind) => createHashRouter(studentRoutes(kind));
