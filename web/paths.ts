import { PLAN_DETAIL_PATH } from '../shared/rules/dashboard';

// The student site's hash paths and path builders. They live apart from routes.tsx, which imports every page,
// so that pages and the layout can link to each other without an import cycle through the router.

/** The student site's hash route names (spec 2): each one has a screen registered in routes.tsx. */
export const ROUTES = {
  home: '/',
  courseList: '/courselist/:catid',
  personalCenter: '/personalcenter',
  /** app.course: the entry route that redirects by the action command. */
  course: '/course',
  /** app.introduce with its tabs info, chapter, comment, detail, addcomment
   * (graphic courses: info, detail, addcomment). */
  introduce: '/introduce',
  introduceTab: '/introduce/:tab',
  articleList: '/articlelist',
  articleDesc: '/articledesc/:aid',
  myCourse: '/mycourse',
  myCourseMobile: '/mycourse_m',
  myPointsMobile: '/mypoints_m',
  /** The student's orders (hidden in the lan release, spec 2). */
  myOrderMobile: '/myorder_m',
  almostExpire: '/almostexpire',
  exams: '/exams',
  myExam: '/myexam',
  /** Sitting an exam: #/exam/{examId}?key&returnURL&exid&from&s&token (spec 7 'Exam URLs'). */
  examSitting: '/exam/:examId',
  myCollect: '/mycollect',
  myBook: '/mybook',
  /** My private messages (spec 7 privatemessage): desktop and phone. */
  privateMessage: '/privatemessage',
  /** My notes (issue 16): the student's chapter notes, desktop and phone. */
  myNotes: '/mynotes',
  /** System notices (issue 16). */
  systemNotice: '/systemnotice',
  /** Settings on a phone (spec 2 setting_m): information, avatar, password, language, logout. */
  settingMobile: '/setting_m',
  /** My information (spec 2 myinformation, myinformation_m): the student's profile and custom fields. */
  myInformation: '/myinformation',
  myInformationMobile: '/myinformation_m',
  /** My study plans (spec 2 study/plan) and one plan (study/detail, param coid), desktop and phone. */
  studyPlan: '/study/plan',
  studyDetail: '/study/detail/:coid',
  /** The graphic article reader on a course page (desktop; a phone goes to the detail tab, spec 2). */
  graphic: '/graphic',
  /** app.pay (phone), app.pay.confirm (desktop) and pay/cashier: one order's pay page (spec 2 'Payment'). */
  payMobile: '/pay/:orderid',
  payConfirm: '/pay/confirm/:orderid',
  payCashier: '/pay/cashier/:orderid',
} as const;

/** The course page's query that opens the order dialog at once (#/introduce/info?buy=1: the end-of-trial Buy). */
export const BUY_QUERY = 'buy';

/** The pay page of an order: app.pay on a phone, app.pay.confirm on a desktop. */
export const payPath = (orderid: string, mobile: boolean) =>
  mobile ? `/pay/${encodeURIComponent(orderid)}` : `/pay/confirm/${encodeURIComponent(orderid)}`;

/** The dashboard's hash routes (spec 2 'Dashboard (controller) children'), each with its screen; controller is the control centre. */
export const DASHBOARD_ROUTES = {
  controller: '/controller',
  course: '/controller/course',
  myExam: '/controller/myexam',
  exams: '/controller/exams',
  myBook: '/controller/mybook',
  collect: '/controller/collect',
  /** My points (spec 2 controller/credit). */
  credit: '/controller/credit',
  /** My plans (spec 2 controller/myplan; removed when exam mode is on and ver is lan). */
  myPlan: '/controller/myplan',
  /** One of my plans: the external path dashboard#controller/studyplandetailstu?coid={coid} (spec 2). */
  planDetail: PLAN_DETAIL_PATH,
  /** My rank by study time and points (spec 2 controller/rank; issue 18): gone when the school turns ranking off. */
  rank: '/controller/rank',
} as const;

/** The dashboard's hash path of one of my plans (studyplandetailstu with its coid). */
export const dashboardPlanPath = (coid: string) => `${PLAN_DETAIL_PATH}?coid=${encodeURIComponent(coid)}`;

/** The hash path of one of my study plans (study/detail with the plan's coid). */
export const studyDetailPath = (coid: string) => `/study/detail/${encodeURIComponent(coid)}`;

/** The course list hash path for a category, with an optional search key. */
export function courseListPath(catid: string | number = 0, key?: string): string {
  return `/courselist/${catid}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
}
