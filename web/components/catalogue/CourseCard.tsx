import { COURSE_TYPE } from '../../../shared/rules/course-buttons';
import { hasDiscount } from '../../../shared/rules/discount';
import { filterTitle, formatPrice, priceLabel } from '../../../shared/rules/text';
import type { CourseCard as Course } from '../../../shared/schemas/courses';
import { useBootstrap } from '../../bootstrap';
import { useLocale, useT } from '../../i18n';
import { CourseCover } from './CourseCover';
import { courseHref } from './links';

export interface CourseCardProps {
  course: Course;
  mobile: boolean;
  /** The home setting's showPrice (default on). */
  showPrice?: boolean;
  /** Open the course in a new tab (the catalogue always does, spec 2). */
  newTab?: boolean;
  /** The school of the live page address; the page's school by default. */
  hashUID?: string;
  /** The title's heading level: h3 under a section's h2 (home), h2 right under the page's h1 (catalogue). */
  heading?: 'h2' | 'h3';
}

/** The kind badge of a card: live, public live, graphic; none for an ordinary course. */
export function useCourseBadge(type: number): string | null {
  const t = useT();
  if (type === COURSE_TYPE.live) return t('catalogue.badge.live');
  if (type === COURSE_TYPE.publicLive) return t('catalogue.badge.publicLive');
  if (type === COURSE_TYPE.graphicOrColumn) return t('catalogue.badge.graphic');
  return null;
}

/** A course card (desktop 274x280): cover, title filtered to 30 characters, learners and price (spec 2 card rules). */
export function CourseCard({
  course,
  mobile,
  showPrice = true,
  newTab = true,
  hashUID,
  heading: Heading = 'h3',
}: CourseCardProps) {
  const t = useT();
  const locale = useLocale();
  const boot = useBootstrap();
  const badge = useCourseBadge(course.type);
  const price = showPrice ? priceLabel(course.actual, { mobile }, locale) : null;
  const original = showPrice && hasDiscount(course.price, course.actual) ? formatPrice(course.price) : null;
  return (
    <a
      className="course-card"
      href={courseHref(course, hashUID ?? boot.hashUID)}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener' : undefined}
      data-testid="course-card"
      data-coid={course.coid}
      title={course.title}
    >
      <div className="course-card-media">
        <CourseCover img={course.img} title={course.title} seed={course.coid} />
        {badge && <span className="card-badge">{badge}</span>}
      </div>
      <div className="course-card-body">
        <Heading className="course-card-title">{filterTitle(course.title)}</Heading>
        <div className="course-card-meta">
          <span className="course-card-learners">{t('catalogue.learners', { n: course.lcount })}</span>
          {price && (
            <span className={`course-card-price${course.actual > 0 ? '' : ' is-free'}`} data-testid="card-price">
              {price}
              {original && <s className="course-card-original">{original}</s>}
            </span>
          )}
        </div>
      </div>
    </a>
  );
}

/** A grid of course cards, or the empty text ('no courses found'). */
export function CourseGrid({
  courses,
  mobile,
  showPrice,
  newTab,
  heading,
  emptyText,
  layout = 'grid',
  className = '',
}: Omit<CourseCardProps, 'course'> & {
  courses: Course[];
  emptyText?: string;
  layout?: 'grid' | 'list';
  className?: string;
}) {
  const t = useT();
  if (courses.length === 0) {
    return (
      <p className="catalogue-empty" data-testid="courses-empty">
        {emptyText ?? t('catalogue.noCourses')}
      </p>
    );
  }
  return (
    <div className={`course-grid is-${layout}${mobile ? ' is-mobile' : ''} ${className}`} data-testid="course-grid">
      {courses.map((course) => (
        <CourseCard
          key={course.coid}
          course={course}
          mobile={mobile}
          showPrice={showPrice}
          newTab={newTab}
          heading={heading}
        />
      ))}
    </div>
  );
}
