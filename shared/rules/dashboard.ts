/**
 * Rules of the student dashboard (spec 2 'Student dashboard', 'Page guards'; spec 9 logo height) and the pure
 * rules of the student's control centre and rank (spec 2 'Dashboard (controller) children' controlle
 * and rank; issue 18 'Student side'). The spec names the screens, not their rules; chosen here:
 * - a week runs Monday to Sunday (as 'this week' of the points pages, shared/rules/points weekStart), a
 *   month from its first day, 'all' from the beginning; days are yyyy-MM-dd in the server's time zone, as
 *   the heartbeat engine writes learn_days;
 * - a rank is the competition rank: one more than the number of students with strictly more (ties share a
 *   place: 1, 2, 2, 4); a student with nothing in the period is ranked after everyone with something;
 * - the next chapter of a course in progress (spec 4 'Next chapter flow' in study order, shared/rules/learning
 *   studyOrder): the chapter last studied while it is not complete, else the first incomplete chapter after
 *   it, else the first incomplete chapter of the course; none when every chapter is complete.
 */
import { isComplete } from './progress';
import { weekStart } from './points';

export const RANK_PERIODS = ['week', 'month', 'all'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];

export const RANK_MEASURES = ['time', 'points'] as const;
export type RankMeasure = (typeof RANK_MEASURES)[number];

/** The first day (yyyy-MM-dd) of a period that contains `today`; '' for all time. */
export function periodStart(period: RankPeriod, today: string): string {
  if (period === 'week') return weekStart(today);
  if (period === 'month') return `${today.slice(0, 7)}-01`;
  return '';
}

/** The seven days (yyyy-MM-dd) of the week that contains `today`, Monday first. */
export function weekDays(today: string): string[] {
  const [y, m, d] = weekStart(today).split('-').map(Number);
  return Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10));
}

/**
 * The competition rank of `value` among values sorted from most to least: 1 + how many are strictly more.
 * Zero and less rank after every value above zero.
 */
export function competitionRank(sortedDesc: readonly number[], value: number): number {
  let lo = 0;
  let hi = sortedDesc.length;
  // The first index whose value is not more than `value`.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedDesc[mid] > value) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

/** The places of a list sorted from most to least (ties share a place). */
export function competitionPlaces(sortedDesc: readonly number[]): number[] {
  const places: number[] = [];
  sortedDesc.forEach((value, i) => {
    places.push(i > 0 && sortedDesc[i - 1] === value ? places[i - 1] : i + 1);
  });
  return places;
}

/** A study chapter in study order with the student's progress (0..1, or percent). */
export interface OrderedLeaf {
  cid: string;
  progress: number | string | null | undefined;
}

/** The chapter to study next (see above), or null when every chapter is complete. */
export function nextToStudy<T extends OrderedLeaf>(order: readonly T[], lastCid: string): T | null {
  const at = order.findIndex((leaf) => leaf.cid === lastCid);
  if (at >= 0 && !isComplete(order[at].progress)) return order[at];
  const after = order.slice(at + 1).find((leaf) => !isComplete(leaf.progress));
  return after ?? order.find((leaf) => !isComplete(leaf.progress)) ?? null;
}

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
