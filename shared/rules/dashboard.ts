/**
 * Rules of the student dashboard (spec 2 'Student dashboard', 'Page guards'; spec 9 logo height).
 */

/** Spec 9: "Logo height 62 (53 if width more than twice its height)". */
export const LOGO_HEIGHT = 62;
export const LOGO_HEIGHT_WIDE = 53;

/** The dashboard logo's height in px from the image's natural size (62 until the size is known). */
export function logoHeight(naturalWidth: number, naturalHeight: number): number {
  if (!(naturalWidth > 0) || !(naturalHeight > 0)) return LOGO_HEIGHT;
  return naturalWidth > 2 * naturalHeight ? LOGO_HEIGHT_WIDE : LOGO_HEIGHT;
}

/** Spec 2: "When exam mode is on and ver is lan, my-plan is removed." */
export function myPlanShown(examModel: boolean, ver: 'lan' | 'online'): boolean {
  return !(examModel && ver === 'lan');
}

export interface DashboardVisit {
  role: 'student' | 'admin' | 'guest';
  /** The signed-in user's id (userData.sid) and the school owner's id (the bootstrap's uid). */
  sid: string;
  ownerId: string;
  mobile: boolean;
  /** The dashboard's hash path, e.g. /controller/studyplandetailstu, and its coid query ('' when absent). */
  pathname: string;
  coid: string;
}

/** Where the dashboard sends a visitor instead of showing itself; null when it shows. */
export type DashboardDetour = { to: 'login' } | { to: 'personalCenter' } | { to: 'studyDetail'; coid: string } | null;

/** The dashboard's path that shows one study plan (the external path dashboard#controller/studyplandetailstu?coid=). */
export const PLAN_DETAIL_PATH = '/controller/studyplandetailstu';

/**
 * Spec 2 'Page guards': "The dashboard needs a logged-in student whose id differs from the owner id; otherwise
 * redirect to login. On mobile it redirects to the personal centre, or to the study detail page with coid when
 * the path is studyplandetailstu."
 */
export function dashboardDetour(visit: DashboardVisit): DashboardDetour {
  if (visit.role !== 'student' || !visit.sid || visit.sid === visit.ownerId) return { to: 'login' };
  if (!visit.mobile) return null;
  if (visit.pathname === PLAN_DETAIL_PATH && visit.coid) return { to: 'studyDetail', coid: visit.coid };
  return { to: 'personalCenter' };
}
