/**
 * Main buttons of the course and column intro pages (spec 4 'Course main button', 'Column main button')
 * and who may buy, obtain or subscribe (spec 5, 6: owner account, student id, allowed groups).
 *
 * Course button order: ended → expired (disabled); paid and not bought, or status 3 → buy; not started →
 * notStarted (disabled); graphic → obtain when not owned, else comment on the reading page (options.reading)
 * or continue elsewhere; live (type 1) → startLive; else continue with a record, start without.
 * Purchase refusal order: not logged in → noLogin; the school owner or an account without a student id →
 * studentOnly (请使用学员账号进行操作！); outside the allowed groups → designatedGroup.
 */
import { COURSE_STATUS, isFree, readAmount, type CourseStatusCode, type Money } from './course-status';

/** Course types (spec 3). */
export const COURSE_TYPE = { live: 1, publicLive: 2, studyPlan: 3, graphicOrColumn: 4 } as const;

export type CourseAction = 'buy' | 'expired' | 'notStarted' | 'start' | 'continue' | 'startLive' | 'obtain' | 'comment';
export type ColumnAction = 'start' | 'subscribe';

export interface MainButton<A extends string> {
  action: A;
  disabled: boolean;
}

export interface ButtonCourse {
  type: number | string;
  actual: Money;
  /** The graphic flag (spec 3); only a type 4 course with it set is a graphic course. */
  graphic?: boolean | number | null;
}

export interface CourseLearner {
  status: CourseStatusCode;
  /** isbuy: the course was bought (or, for a free graphic course, obtained). */
  bought: boolean;
  hasRecord: boolean;
}

/** True for a graphic/article course: type 4 with the graphic flag (spec 3). */
export function isGraphic(course: Pick<ButtonCourse, 'type' | 'graphic'>): boolean {
  return Number(course.type) === COURSE_TYPE.graphicOrColumn && Boolean(course.graphic);
}

const button = <A extends string>(action: A, disabled = false): MainButton<A> => ({ action, disabled });

/** Course main button (spec 4): {action, disabled}, in the order described above. */
export function courseMainButton(
  course: ButtonCourse,
  learner: CourseLearner,
  options: { reading?: boolean } = {},
): MainButton<CourseAction> {
  const free = isFree(course);
  if (learner.status === COURSE_STATUS.ended) return button('expired', true);
  if (!free && (!learner.bought || learner.status === COURSE_STATUS.needsPurchase)) return button('buy');
  if (learner.status === COURSE_STATUS.notStarted) return button('notStarted', true);
  if (isGraphic(course)) {
    if (!learner.bought) return button('obtain');
    return button(options.reading ? 'comment' : 'continue');
  }
  if (Number(course.type) === COURSE_TYPE.live) return button('startLive');
  return button(learner.hasRecord ? 'continue' : 'start');
}

export interface ColumnBuyState {
  actual: Money;
  /** Booked (subscribed); what counts for a free column. */
  isBook: boolean;
  /** Purchased (spec 3: infinite means purchased); what counts for a paid column. */
  infinite?: boolean | number | null;
  book_count: number;
}

/** True when the user has the column: a paid column when purchased (infinite), a free one when booked. */
export function ownsColumn(column: ColumnBuyState): boolean {
  return isFree(column) ? column.isBook : Boolean(column.infinite);
}

/** Column main button (spec 4): start when bought (paid) or booked (free), otherwise subscribe. */
export function columnMainButton(column: ColumnBuyState): MainButton<ColumnAction> {
  return button(ownsColumn(column) ? 'start' : 'subscribe');
}

/** Subscribing to a free column sets isBook and adds one to book_count; a paid or already booked column is unchanged. */
export function subscribeFreeColumn<T extends ColumnBuyState>(column: T): T {
  if (!isFree(column) || column.isBook) return column;
  const count = readAmount(column.book_count);
  return { ...column, isBook: true, book_count: (Number.isFinite(count) ? count : 0) + 1 };
}

/** The group ids a course is restricted to (authentication_gid, comma list); [] means all groups. */
export function allowedGroupIds(authentication_gid: string | number | null | undefined): string[] {
  const ids = String(authentication_gid ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return ids.includes('0') ? [] : ids;
}

/** The one group check for buying, obtaining, starting and serving study: '0', '' or a 0 entry allows all. */
export function allowedByGroups(
  authentication_gid: string | number | null | undefined,
  userGroupIds: readonly (string | number)[],
): boolean {
  const allowed = allowedGroupIds(authentication_gid);
  if (allowed.length === 0) return true;
  return userGroupIds.some((gid) => allowed.includes(String(gid).trim()));
}

/** Refusal keys; the messages are errors.<key> in shared/i18n (designatedGroup per spec 8). */
export type RefusalKey = 'noLogin' | 'studentOnly' | 'designatedGroup';

export interface Viewer {
  uid: string;
  /** Student id; '' or '0' for an account that is not a student (admin, visitor). */
  sid: string;
  gid: readonly (string | number)[];
}

export interface PurchaseCheck {
  /** null when not logged in. */
  viewer: Viewer | null;
  /** The school (page) owner id; the owner may not buy (spec 6). */
  ownerId: string;
  authentication_gid: string | number | null | undefined;
}

const hasId = (id: string | null | undefined) => id != null && id.trim() !== '' && id.trim() !== '0';

/** Why buying (or obtaining, subscribing) is refused, in the order described above; null when allowed. */
export function purchaseRefusal(check: PurchaseCheck): RefusalKey | null {
  const { viewer } = check;
  if (!viewer || !hasId(viewer.uid)) return 'noLogin';
  if (hasId(check.ownerId) && viewer.uid.trim() === check.ownerId.trim()) return 'studentOnly';
  if (!hasId(viewer.sid)) return 'studentOnly';
  if (!allowedByGroups(check.authentication_gid, viewer.gid)) return 'designatedGroup';
  return null;
}

/** True when purchaseRefusal finds nothing to refuse. */
export function canBuy(check: PurchaseCheck): boolean {
  return purchaseRefusal(check) === null;
}
