// The student site's hash paths and path builders. They live apart from routes.tsx, which imports every page,
// so that pages and the layout can link to each other without an import cycle through the router.

/**
 * The student site's hash route names (spec 2). Only the ones with a screen are registered in routes.tsx;
 * the others are listed so later pages use the same paths.
 */
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
  // Not registered yet: they arrive with their screens.
  settingMobile: '/setting_m',
  myInformation: '/myinformation',
  myInformationMobile: '/myinformation_m',
  studyPlan: '/study/plan',
  studyDetail: '/study/detail/:coid',
  graphic: '/graphic',
  pay: '/pay',
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

/** The dashboard's hash routes that have a screen (spec 2 'Dashboard (controller) children'); controller is the control centre. */
export const DASHBOARD_ROUTES = {
  controller: '/controller',
  course: '/controller/course',
  myExam: '/controller/myexam',
  exams: '/controller/exams',
  myBook: '/controller/mybook',
  collect: '/controller/collect',
  /** My points (spec 2 controller/credit). */
  credit: '/controller/credit',
  /** My rank by study time and points (spec 2 controller/rank; issue 18): gone when the school turns ranking off. */
  rank: '/controller/rank',
} as const;

/** The hash path of one of my study plans (study/detail with the plan's coid). */
export const studyDetailPath = (coid: string) => `/study/detail/${encodeURIComponent(coid)}`;

/** The course list hash path for a category, with an optional search key. */
export function courseListPath(catid: string | number = 0, key?: string): string {
  return `/courselist/${catid}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
}
