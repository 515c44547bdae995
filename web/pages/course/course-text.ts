/** Texts of the course intro page built from the course's fields and the shared rules. */
import type { Locale } from '../../../shared/constants';
import type { MessageKey } from '../../../shared/i18n';
import type { CourseAction } from '../../../shared/rules/course-buttons';
import { COURSE_STATUS, validityType, VALIDITY } from '../../../shared/rules/course-status';
import { DATE_PATTERNS, formatDate } from '../../../shared/rules/dates';
import type { CourseInfo } from '../../../shared/schemas/courses';
import type { Translate } from '../../i18n';

/** The label of each main button action (spec 4: 未开始 and 已过期 are the disabled ones). */
export const COURSE_ACTION_LABELS: Record<CourseAction, MessageKey> = {
  buy: 'course.action.buy',
  expired: 'course.action.expired',
  notStarted: 'course.action.notStarted',
  start: 'course.action.start',
  continue: 'course.action.continue',
  startLive: 'course.action.startLive',
  obtain: 'course.action.obtain',
  comment: 'course.action.comment',
};

export function actionLabel(t: Translate, action: string): string {
  return t(COURSE_ACTION_LABELS[action as CourseAction] ?? 'course.action.start');
}

/**
 * The validity line: the viewer's last valid day when counting (limitedDate), else the course's rule —
 * permanent, N days after purchase, or the fixed window from its start to its end.
 */
export function validityText(
  course: Pick<CourseInfo, 'actual' | 'ce_type' | 'ce_time'> &
    Partial<Pick<CourseInfo, 'vaildBeginTime' | 'limitedDate' | 'courseStatus'>>,
  t: Translate,
  locale: Locale,
): string {
  const date = (value: string | number) => formatDate(value, DATE_PATTERNS[locale].date);
  const type = validityType(course);
  if (course.limitedDate != null && course.courseStatus !== COURSE_STATUS.ended && type === VALIDITY.daysFromPurchase) {
    return t('course.validUntil', { date: date(course.limitedDate) });
  }
  if (type === VALIDITY.daysFromPurchase) return t('course.validDays', { days: course.ce_time });
  if (type === VALIDITY.fixedWindow) {
    const end = date(course.ce_time);
    return course.vaildBeginTime
      ? t('course.validWindow', { from: date(course.vaildBeginTime), to: end })
      : t('course.validUntil', { date: end });
  }
  return t('course.validForever');
}
