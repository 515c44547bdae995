import {
  badgeText,
  courseBadge,
  learningProgressText,
  remainingValidityText,
  type BadgeItem,
  type Remaining,
} from '../../../shared/rules/expiring';
import { filterTitle } from '../../../shared/rules/text';
import type { MyCourse } from '../../../shared/schemas/mycourses';
import { CourseCover } from '../../components/catalogue/CourseCover';
import { useLocale, useT } from '../../i18n';
import { learnHref } from '../learn/links';
import type { MessageKey } from '../../../shared/i18n';

/** What a card shows: one of the student's courses, from getstucourse or course/exceeding. */
export interface CardCourse extends BadgeItem {
  coid: string;
  title: string;
  img: string;
  remaining: Remaining;
  process: number;
  /** Where the card's action goes; null when the course can no longer be opened. */
  href: string | null;
  action: MessageKey;
  /** The chapter last studied, when known. */
  lastTitle?: string;
}

/** The course page of a course code (where a course is started, renewed or bought). */
export const coursePageHref = (code: string) => `/course/${code}`;

/**
 * Where a course of the list leads: the learning page of the chapter last studied (continue where I left
 * off); the course page to start it, or, once expired, to renew it; nowhere once deleted.
 */
export function myCourseCard(item: MyCourse): CardCourse {
  const base = {
    coid: item.coid,
    title: item.coid_title,
    img: item.img,
    remaining: item.remaining,
    process: item.process,
    isExpire: item.isExpire,
    isDelete: item.isDelete,
    required_courses: item.required_courses,
  };
  if (item.isDelete && !item.isExpire) return { ...base, href: null, action: 'myCourses.unavailable' };
  if (item.isExpire) return { ...base, href: coursePageHref(item.code), action: 'myCourses.view' };
  const at = item.continueAt;
  if (at?.learnType)
    return {
      ...base,
      href: learnHref(item.code, at.cid, at.learnType),
      action: 'myCourses.continue',
      lastTitle: at.title,
    };
  return { ...base, href: coursePageHref(item.code), action: at ? 'myCourses.continue' : 'myCourses.start' };
}

/**
 * A course of the student's list (spec 9): cover, title, 'Remaining validity: {timeTips}' (permanent courses
 * say so), 'Learning progress: {process}%' (hidden in column mode), the badge Expired (red), else Deleted,
 * else Required (blue), and the continue link.
 */
export function MyCourseCard({ course, columnMode = false }: { course: CardCourse; columnMode?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const badge = courseBadge(course);
  const progress = learningProgressText(course.process, locale, columnMode);
  const unavailable = course.href === null;
  return (
    <article
      className={`mc-card${unavailable ? ' is-unavailable' : ''}`}
      data-testid="my-course"
      data-coid={course.coid}
      title={course.title}
    >
      <div className="mc-media">
        <CourseCover img={course.img} title={course.title} seed={course.coid} />
        {badge && (
          <span className={`mc-badge mc-badge-${badge.kind}`} data-testid="course-badge" data-kind={badge.kind}>
            {badgeText(badge, locale)}
          </span>
        )}
      </div>
      <div className="mc-body">
        <h3 className="mc-title">{filterTitle(course.title)}</h3>
        <p className="mc-line" data-testid="remaining-validity">
          {remainingValidityText(course.remaining, locale)}
        </p>
        {progress !== null && (
          <div className="mc-progress" data-testid="learning-progress">
            <span className="mc-bar" aria-hidden="true">
              <span style={{ width: `${Math.max(0, Math.min(100, course.process))}%` }} />
            </span>
            <span className="mc-line">{progress}</span>
          </div>
        )}
        <div className="mc-foot">
          {course.lastTitle ? (
            <span className="mc-last">{t('myCourses.lastStudied', { title: filterTitle(course.lastTitle, 20) })}</span>
          ) : (
            <span />
          )}
          {course.href ? (
            <a
              className={`btn btn-small ${course.remaining.kind === 'expired' ? 'btn-light' : 'btn-primary'}`}
              href={course.href}
              data-testid="continue-link"
            >
              {t(course.action)}
            </a>
          ) : (
            <span className="mc-unavailable">{t(course.action)}</span>
          )}
        </div>
      </div>
    </article>
  );
}
